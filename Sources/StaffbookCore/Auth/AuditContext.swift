/// The request a change is made for, carried to the audit log's writer without passing it
/// through every service: set once per request by the server, empty for jobs and commands.
package enum AuditContext {
    @TaskLocal package static var requestId: String?
}
