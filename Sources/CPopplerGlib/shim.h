// poppler's GLib API (Debian's libpoppler-glib-dev), for the attachment reader.
#include <poppler.h>
#include <string.h>

// Appends a block of an attachment being saved to a GByteArray, up to a limit.
static gboolean staffbook_append_block(const gchar *buf, gsize count, gpointer data, GError **error) {
    GByteArray *array = (GByteArray *)data;
    if (array->len + count > 4u * 1024u * 1024u) {
        g_set_error_literal(error, g_quark_from_static_string("staffbook"), 1, "attachment too large");
        return FALSE;
    }
    g_byte_array_append(array, (const guint8 *)buf, (guint)count);
    return TRUE;
}

// The first attachment of a PDF whose name ends in ".isdoc" or ".xml" (case aside): its bytes,
// or NULL when there is none. *unreadable is set when the PDF cannot be opened at all.
static inline GByteArray *staffbook_first_isdoc_attachment(const char *data, size_t length, int *unreadable) {
    *unreadable = 0;
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
    GList *attachments = poppler_document_get_attachments(document);
    for (GList *item = attachments; item != NULL && found == NULL; item = item->next) {
        PopplerAttachment *attachment = (PopplerAttachment *)item->data;
        const char *name = attachment->name != NULL ? attachment->name : "";
        size_t n = strlen(name);
        int isdoc = (n >= 6 && g_ascii_strcasecmp(name + n - 6, ".isdoc") == 0) || (n >= 4 && g_ascii_strcasecmp(name + n - 4, ".xml") == 0);
        if (!isdoc) continue;
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
