import Logging
import PostgresNIO
import StaffbookCore

extension PostgresConnection {
    /// Runs a file of several SQL statements (a schema or seed file) in the current transaction.
    ///
    /// PostgresNIO speaks only the extended protocol, which takes one statement at a time; a
    /// PL/pgSQL `EXECUTE` runs a whole script, and the script text stays a bound value.
    package func runScript(_ sql: String, logger: Logger) async throws {
        try await query(
            """
            CREATE OR REPLACE FUNCTION pg_temp.staffbook_run_script(script text) RETURNS void
            LANGUAGE plpgsql AS $$ BEGIN EXECUTE script; END $$
            """,
            logger: logger
        )
        // A failure inside the script arrives with the result rows, so they must be read:
        // unread, the error would be lost and the COMMIT would quietly roll back.
        _ = try await query("SELECT pg_temp.staffbook_run_script(\(sql))", logger: logger).collect()
    }
}
