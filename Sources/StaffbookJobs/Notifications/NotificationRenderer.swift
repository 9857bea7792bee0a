import Foundation
import Mustache
import StaffbookCore

/// A notification in words: its subject and text from `MailTemplates` in the recipient's
/// language, and the text as simple HTML.
package struct RenderedNotification: Sendable, Equatable {
    var subject: String
    var text: String
    var html: String
}

package struct NotificationRenderer: Sendable {
    private struct Compiled: Sendable {
        var subject: MustacheTemplate
        var text: MustacheTemplate
    }

    private let templates: [String: Compiled]
    let links: AccountLinks
    /// For the link of an export made by a job; nil where no such mail is written.
    let exportLinks: ExportLinks?

    /// Parses every template once; a template that does not parse stops the start.
    package init(links: AccountLinks, exportLinks: ExportLinks? = nil) throws {
        self.exportLinks = exportLinks
        var templates: [String: Compiled] = [:]
        for kind in NotificationKind.allCases {
            for language in Language.allCases {
                let texts = MailTemplates.texts(kind, language)
                templates[Self.key(kind, language)] = Compiled(
                    subject: try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}" + texts.subject),
                    text: try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}" + texts.text)
                )
            }
        }
        self.templates = templates
        self.links = links
    }

    private static func key(_ kind: NotificationKind, _ language: Language) -> String {
        "\(kind.rawValue).\(language.rawValue)"
    }

    package func render(_ notification: NotificationRecord, recipient: Recipient?, language: Language) -> RenderedNotification {
        let context = context(notification, recipient: recipient, language: language)
        guard let compiled = templates[Self.key(notification.kind, language)] else {
            return RenderedNotification(subject: notification.kind.rawValue, text: "", html: "")
        }
        let text =
            compiled.text.render(context).trimmingCharacters(in: .whitespacesAndNewlines)
            + "\n\n" + MailTemplates.signature.text(in: language) + "\n"
        return RenderedNotification(subject: compiled.subject.render(context), text: text, html: Self.html(text))
    }

    private func context(_ notification: NotificationRecord, recipient: Recipient?, language: Language) -> [String: Any] {
        let payload = notification.payload
        var context: [String: Any] = [
            "firstName": recipient?.firstName ?? "",
            "email": recipient?.email ?? "",
        ]
        if let period = payload.period {
            context["period"] = period
            if let month = CalendarMonth(period), let names = MailTemplates.monthNames[language] {
                context["periodName"] = "\(names[month.month - 1]) \(month.year)"
            }
        }
        context["amount"] = payload.amount
        context["reason"] = payload.reason
        context["effectiveFrom"] = payload.effectiveFrom
        context["account"] = payload.account
        context["attention"] = payload.attention.map(String.init)
        context["waiting"] = payload.waiting.map(String.init)
        context["unsubmitted"] = payload.unsubmittedTimesheets.map(String.init)
        context["unapproved"] = payload.unapprovedTimesheets.map(String.init)
        context["unpaidRuns"] = payload.unpaidRuns.map { $0.map(String.init).joined(separator: ", ") }
        context["secondAdminWaits"] = payload.secondAdminWaits.map(String.init)
        context["person"] = payload.person
        context["askedBy"] = payload.askedBy
        context["endpoint"] = payload.endpoint
        if let timeOff = payload.timeOff {
            context["absenceKind"] = language == .cs ? timeOff.nameCs : timeOff.nameEn
            context["days"] = Self.days(timeOff, language: language)
        }
        context["decision"] = payload.decision.flatMap { MailTemplates.decisions[language]?[$0] } ?? payload.decision
        if notification.kind == .secondAdminRequested {
            context["change"] = payload.decision.flatMap { MailTemplates.adminChanges[language]?[$0] } ?? payload.decision
        }
        context["sequence"] = payload.sequence.map(String.init)
        context["of"] = payload.of.map(String.init)
        if let expires = payload.expiresAt {
            let day = CalendarDay(expires)
            let time = Calendar.prague.dateComponents([.hour, .minute], from: expires)
            context["expires"] = "\(day.iso) \(Self.two(time.hour)):\(Self.two(time.minute))"
        }
        if notification.kind.isAccountLink {
            context["link"] = links.link(notification.kind, notificationId: notification.id)
        }
        if let exportId = payload.exportId.flatMap(UUID.init(uuidString:)), let exportLinks {
            context["link"] = exportLinks.link(exportId: exportId)
        }
        if let missing = payload.missing {
            var teams: [[String: Any]] = []
            for person in missing {
                var entry: [String: Any] = ["name": person.name]
                if let amount = person.previousAmount { entry["previousAmount"] = amount }
                if let index = teams.lastIndex(where: { ($0["team"] as? String) == person.team }) {
                    teams[index]["people"] = ((teams[index]["people"] as? [[String: Any]]) ?? []) + [entry]
                } else {
                    teams.append(["team": person.team, "people": [entry]])
                }
            }
            context["teams"] = teams
            context["count"] = String(Set(missing.map(\.name)).count)
        }
        return context
    }

    /// "2026-12-21 – 2026-12-28", one day alone, with its part in the recipient's language.
    static func days(_ timeOff: NotificationPayload.TimeOff, language: Language) -> String {
        let range = timeOff.firstDay == timeOff.lastDay ? timeOff.firstDay : "\(timeOff.firstDay) – \(timeOff.lastDay)"
        if timeOff.part == AbsencePart.hours.rawValue, let hours = timeOff.hours { return "\(range) (\(hours) h)" }
        guard let part = MailTemplates.dayParts[language]?[timeOff.part] else { return range }
        return "\(range) (\(part))"
    }

    private static func two(_ value: Int?) -> String {
        let value = value ?? 0
        return value < 10 ? "0\(value)" : String(value)
    }

    /// Paragraphs of escaped text, links made clickable.
    static func html(_ text: String) -> String {
        let paragraphs = text.components(separatedBy: "\n\n").map { paragraph in
            paragraph.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                let escaped = escape(String(line))
                if line.contains("://"), !line.contains(" ") { return "<a href=\"\(escaped)\">\(escaped)</a>" }
                return escaped
            }.joined(separator: "<br>\n")
        }
        return "<!doctype html><html><body style=\"font-family: sans-serif\">\n"
            + paragraphs.map { "<p>\($0)</p>" }.joined(separator: "\n") + "\n</body></html>\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
