/// Who writes the JSON of a response that is rows (the admin invoice list, the company's time
/// report): PostgreSQL (`json_build_object`
/// in the statement; the server sends the bytes without decoding a row) or the server (rows
/// decoded into values, then written by `JSONWriter`). The database is the default; the
/// server's way stays for the desk, which needs the values, and for `make bench`'s A/B
/// (`HTTP_LIST_JSON=server`).
package enum ListJSONWriter: String, Sendable {
    case database, server
}
