import Logging
import PostgresNIO

extension PostgresConnection {
    /// Runs a file of several SQL statements (a schema or seed file) in the current transaction.
    ///
    /// PostgresNIO speaks only the extended protocol, which takes one statement at a time; a
    /// PL/pgSQL `EXECUTE` runs a whole script, and the script text stays a bound value.
    func runScript(_ sql: String, logger: Logger) async throws {
        try await query(
            """
            CREATE OR REPLACE FUNCTION pg_temp.staffbook_run_script(script text) RETURNS void
            LANGUAGE plpgsql AS $$ BEGIN EXECUTE script; END $$
            """,
            logger: logger
        )
        try await query("SELECT pg_temp.staffbook_run_script(\(sql))", logger: logger)
    }
}
