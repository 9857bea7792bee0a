import StaffbookCore

extension EntityTags {
    /// The condition of a write that needs `If-Match`: 428 without the header.
    static func requiredWriteCondition(ifMatch header: String?) throws -> VersionCondition {
        guard let condition = writeCondition(ifMatch: header) else { throw Problem(.preconditionRequired) }
        return condition
    }
}
