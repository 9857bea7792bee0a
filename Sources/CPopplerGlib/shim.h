// poppler's GLib API (Debian's libpoppler-glib-dev), for the attachment reader.
#include <poppler.h>
#include <string.h>

// The largest ISDOC read (the server's ISDOC reader refuses larger documents).
#define STAFFBOOK_MAX_ISDOC_BYTES (2u * 1024u * 1024u)
// Attachments looked at: an invoice has one or two; a PDF with thousands is built to make work.
#define STAFFBOOK_MAX_ATTACHMENTS 64

// Appends a block of an attachment being saved to a GByteArray, up to a limit.
static gboolean staffbook_append_block(const gchar *buf, gsize count, gpointer data, GError **error) {
    GByteArray *array = (GByteArray *)data;
    if (array->len + count > STAFFBOOK_MAX_ISDOC_BYTES) {
        g_set_error_literal(error, g_quark_from_static_string("staffbook"), 1, "attachment too large");
        return FALSE;
    }
    g_byte_array_append(array, (const guint8 *)buf, (guint)count);
    return TRUE;
}

// The first attachment of a PDF whose name ends in ".isdoc" or ".xml" (case aside): its bytes,
// or NULL when there is none or it cannot be saved within the limit (only the first such
// attachment is saved: many names pointing at one stream that inflates without end must cost one
// inflation, not one each). Only the first STAFFBOOK_MAX_ATTACHMENTS attachments are looked at.
// *unreadable is set when the PDF cannot be opened at all; *named_isdoc when the attachment's
// name ends in ".isdoc" (an ISDOC by its name, not just some XML).
static inline GByteArray *staffbook_first_isdoc_attachment(const char *data, size_t length, int *unreadable, int *named_isdoc) {
    *unreadable = 0;
    *named_isdoc = 0;
    GBytes *bytes = g_bytes_new(data, length);
    GError *error = NULL;
    PopplerDocument *document = poppler_document_new_from_bytes(bytes, NULL, &error);
    g_bytes_unref(bytes);
    if (document == NULL) {
        if (error != NULL) g_error_free(error);
        *unreadable = 1;
        return NULL;
    }
    GByteArray *found = NULL;
    GList *attachments = NULL;
    if (poppler_document_get_n_attachments(document) <= STAFFBOOK_MAX_ATTACHMENTS) {
        attachments = poppler_document_get_attachments(document);
    } else {
        *unreadable = 1;
    }
    int tried = 0;
    for (GList *item = attachments; item != NULL && !tried; item = item->next) {
        PopplerAttachment *attachment = (PopplerAttachment *)item->data;
        const char *name = attachment->name != NULL ? attachment->name : "";
        size_t n = strlen(name);
        int isdoc = (n >= 6 && g_ascii_strcasecmp(name + n - 6, ".isdoc") == 0) || (n >= 4 && g_ascii_strcasecmp(name + n - 4, ".xml") == 0);
        if (!isdoc) continue;
        tried = 1;
        *named_isdoc = n >= 6 && g_ascii_strcasecmp(name + n - 6, ".isdoc") == 0;
        GByteArray *content = g_byte_array_new();
        GError *saveError = NULL;
        if (poppler_attachment_save_to_callback(attachment, staffbook_append_block, content, &saveError)) {
            found = content;
        } else {
            if (saveError != NULL) g_error_free(saveError);
            g_byte_array_unref(content);
        }
    }
    g_list_free_full(attachments, g_object_unref);
    g_object_unref(document);
    return found;
}
