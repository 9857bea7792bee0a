/// Who writes the JSON of a list whose rows are the response: PostgreSQL (`json_build_object`
/// in the statement; the server sends the bytes without decoding a row) or the server (rows
/// decoded into values, then written by `JSONWriter`). The database is the default; the
/// server's way stays for the desk, which needs the values, and for `make bench`'s A/B
/// (`HTTP_LIST_JSON=server`).
package enum ListJSONWriter: String, Sendable {
    case database, server
}
