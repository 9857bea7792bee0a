import Foundation
import StaffbookCore

/// Every parser of outside input, each as a function of arbitrary bytes that must never trap.
/// Where a parser accepts its input, the harness also checks what later code relies on (a
/// date the database driver can encode, a round trip), and stops the process when it does not:
/// libFuzzer reports that as a crash like any other.
enum FuzzTargets {
    static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "cursor": cursor,
        "time-csv": timeCSV,
        "if-match": ifMatch,
        "accept-encoding": acceptEncoding,
        "month-day": monthAndDay,
        "money": money,
        "time-of-day": timeOfDay,
        "email": email,
        "webhook-url": webhookURL,
        "multipart-upload": MultipartUpload.fuzz,
        "isdoc": isdoc,
        "isdocx": isdocx,
        "bank-account": bankAccount,
        "camt053": camt053,
        "gpc": gpc,
        "form-fields": formFields,
    ]

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// What PostgresNIO does with a `Date`: microseconds since 2000 as an `Int64`; a date whose
    /// conversion would trap there must never be accepted.
    static func requireStorable(_ date: Date, _ what: String) {
        guard Int64(exactly: ((date.timeIntervalSince1970 - 946_684_800) * 1_000_000).rounded(.down)) != nil,
            InstantRange.contains(date)
        else { fatalError("\(what): accepted a date the database cannot encode") }
    }

    static func cursor(_ bytes: [UInt8]) {
        let text = text(bytes)
        if let created: CreatedPosition = PageCursor.decode(text) { requireStorable(created.createdAt, "job or notification cursor") }
        if let entry: EntryPosition = PageCursor.decode(text) {
            guard let start = entry.startDate else { fatalError("entry cursor: valid without a start") }
            requireStorable(start, "entry cursor")
        }
        _ = PageCursor.decode(text, as: NamePosition.self)
        _ = PageCursor.decode(text, as: SingleNamePosition.self)
        _ = PageCursor.decode(text, as: InvoicePosition.self)
        _ = PageCursor.decode(text, as: MonthPosition.self)
        _ = PageCursor.decode(text, as: DayPosition.self)
        if let delivery: DeliveryPosition = PageCursor.decode(text), delivery.seq <= 0 { fatalError("delivery cursor: not a position") }
        // The changes feed's cursor: digits only, a position PostgreSQL's bigint holds.
        if let change = ChangeCursor(text), change.position < 0 || !text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            fatalError("change cursor: accepted \(text)")
        }
        // A browser's push subscription: base64url keys of fixed sizes, a URL where webhooks may go.
        if case .success(let draft) = PushSubscriptionDraft.validate(endpoint: text, p256dh: text, auth: text, policy: WebhookPolicy()),
            draft.p256dh.count != 65 || draft.auth.count != 16
        {
            fatalError("push subscription: accepted keys of the wrong size")
        }
    }

    static func timeCSV(_ bytes: [UInt8]) {
        guard let file = try? TimeCSV.read(Data(bytes)) else { return }
        for row in file.rows {
            requireStorable(row.start, "time file start")
            _ = row.end.timeIntervalSince(row.start)
        }
        // The plan works on everything read, with nothing recorded yet.
        let context = ImportContext(matches: [], memberTeams: [], recorded: [], settledMonths: [])
        let plan = ImportPlan(rows: file.rows, problems: file.problems, context: context, createMissing: true, now: Date())
        for entry in plan.entries {
            requireStorable(entry.start, "imported start")
            requireStorable(entry.end, "imported end")
        }
    }

    static func ifMatch(_ bytes: [UInt8]) {
        let text = text(bytes)
        _ = EntityTags.writeCondition(ifMatch: text)
        _ = EntityTags.noneMatchHits(text, etag: "v1")
    }

    static func acceptEncoding(_ bytes: [UInt8]) {
        _ = AcceptEncoding.allowsGzip(text(bytes))
    }

    static func monthAndDay(_ bytes: [UInt8]) {
        let text = text(bytes)
        if let month = CalendarMonth(text) {
            guard CalendarMonth(month.iso) == month else { fatalError("month: \(text) does not round-trip") }
            _ = month.adding(months: 1)
            _ = month.dayCount
        }
        if let day = CalendarDay(text) {
            guard CalendarDay(day.iso) == day else { fatalError("day: \(text) does not round-trip") }
            requireStorable(TimeRules.midnight(day), "day")
            _ = TimeRules.workingDays(DayRange(from: day, to: day.adding(days: 40)))
        }
    }

    static func money(_ bytes: [UInt8]) {
        let text = text(bytes)
        if let amount = Money.parsePositive(text) {
            guard Money.parsePositive(Money.format(amount)) == amount else { fatalError("money: \(text) does not round-trip") }
        }
        _ = Money.parseStored(text)
    }

    static func timeOfDay(_ bytes: [UInt8]) {
        let text = text(bytes)
        if let seconds = TimeCSV.duration(text) { _ = Date().addingTimeInterval(TimeInterval(seconds)) }
        if let seconds = TimeCSV.decimalHours(text) { _ = Date().addingTimeInterval(TimeInterval(seconds)) }
        if let time = TimeCSV.timeOfDay(text),
            TimeRules.instant(CalendarDay(year: 2026, month: 3, day: 29), hour: time.hour, minute: time.minute, second: time.second) == nil
        {
            fatalError("time of day: \(text) read but not a time")
        }
        if let day = TimeCSV.date(text, dayFirst: bytes.first.map { $0 & 1 == 1 } ?? false) {
            requireStorable(TimeRules.midnight(day), "file date")
        }
    }

    /// A desk form's body: whatever it holds, every field read is text a page can show.
    static func formFields(_ bytes: [UInt8]) {
        let body = text(bytes)
        for (name, value) in FormFields.parse(body) where name.utf8.count > body.utf8.count || value.utf8.count > body.utf8.count {
            fatalError("form-fields: a field longer than its body")
        }
    }

    static func email(_ bytes: [UInt8]) {
        let text = text(bytes)
        if EmailAddress.isPlausible(text), TextInput.hasControlCharacters(text) { fatalError("email: control characters accepted") }
    }

    static func webhookURL(_ bytes: [UInt8]) {
        let text = text(bytes)
        for policy in [WebhookPolicy(), WebhookPolicy(allowHTTP: true, allowPrivateAddresses: true)] {
            guard let url = try? WebhookURL(text, policy: policy) else { continue }
            if !policy.allowPrivateAddresses, let address = url.address, !address.isPublic {
                fatalError("webhook: an internal address accepted")
            }
        }
        if let address = IPAddress(text) {
            guard IPAddress(address.description)?.bytes == address.bytes else { fatalError("ip: \(text) does not round-trip") }
        }
    }
}
