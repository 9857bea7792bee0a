import Foundation

/// Entries and presses a device made offline, sent in one batch: each item is applied on its
/// own (one refused does not stop the others), keyed by the id the device made for it.
extension TimeService {
    /// The most items one batch may carry.
    package static let maximumBatch = 500

    /// Writes one entry of a batch: creates it under its id, changes it when the device names
    /// the version it changed, or tells what is in the way. Rule refusals come back as
    /// `.refused`; the store's trouble is thrown (the batch may be sent again whole).
    package func apply(_ item: BatchEntry, personId: UUID) async throws -> BatchOutcome {
        do {
            let fields = try checked(item.fields)
            if let existing = try await entries.entry(id: item.id) {
                return try await change(existing, to: fields, condition: item.condition, personId: personId)
            }
            let actor = TimeActor(callerId: personId, isAdmin: false)
            do {
                return .created(try await create(id: item.id, personId: personId, fields: fields, actor: actor))
            } catch TimeError.entryIdTaken {
                // The same batch, sent twice at once: the other copy wrote it first.
                guard let existing = try await entries.entry(id: item.id) else { throw TimeError.entryIdTaken }
                return try await change(existing, to: fields, condition: item.condition, personId: personId)
            }
        } catch let error as TimeError {
            return .refused(error)
        }
    }

    private func change(
        _ existing: TimeEntry, to fields: TimeEntryFields, condition: VersionCondition?, personId: UUID
    ) async throws -> BatchOutcome {
        guard existing.personId == personId else { throw TimeError.entryIdTaken }
        if BatchOutcome.says(existing, fields) { return .unchanged(existing) }
        guard let condition, condition.matches(existing.version) else { return .stale(existing) }
        let patch = TimeEntryPatch(
            projectId: fields.projectId, description: fields.description, start: fields.start, end: fields.end, tags: fields.tags,
            billable: fields.billable)
        let actor = TimeActor(callerId: personId, isAdmin: false)
        switch try await update(entryId: existing.id, personId: personId, condition: condition, patch: patch, actor: actor) {
        case .written(let entry): return .updated(entry)
        case .stale, .notFound:
            guard let current = try await entries.entry(id: existing.id), current.personId == personId else { throw TimeError.entryIdTaken }
            return .stale(current)
        }
    }

    /// Makes one press of a batch; a press whose id was seen before changes nothing.
    package func apply(_ press: BatchPress, personId: UUID) async throws -> BatchOutcome {
        do {
            let state = try await self.press(press.button, personId: personId, at: press.at, start: press.start, pressId: press.id)
            return state.changed ? .created(state.running ?? state.stopped ?? state.started) : .unchanged(state.running)
        } catch let error as TimeError {
            return .refused(error)
        }
    }
}
