import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import NIOCore
import StaffbookCore

/// A desk page: its body (rendered from one of `DeskTemplates`) inside the layout with the
/// header. Everything a person typed reaches the HTML through an escaping `{{…}}` (Mustache's or
/// `RowTemplate`'s); only markup rendered that way (the body, the month's rows) is inserted as
/// it is.
struct DeskPage {
    var title: String
    var template: String
    var model: [String: Any]
    var status: HTTPResponse.Status = .ok

    /// Every page's policy: our stylesheet, no script of any origin but ours (one file, no inline
    /// script), forms only to us, framed by nobody. A same-origin frame shows an invoice's PDF.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; img-src 'self'; script-src 'self'; frame-src 'self'; form-action 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'"

    func response(_ view: DeskView, library libraries: DeskLibraries) -> Response {
        let library = libraries[view.language]
        var model = Self.present(model)
        model["t"] = view.texts
        let body = library.render(model, withTemplate: template) ?? ""
        var layout: [String: Any] = [
            "lang": view.language.rawValue, "title": title, "css": DeskStyle.path, "icon": DeskStyle.iconPath, "script": DeskStyle.scriptPath,
            "t": view.texts, "body": body,
            "switchLanguage": view.switchLanguageLink, "otherLang": view.language == .cs ? "en" : "cs",
        ]
        if let session = view.session {
            layout["person"] =
                [
                    "name": session.account.firstName + " " + session.account.lastName,
                    "roles": Role.allCases.filter { session.account.roles.contains($0) }.map { DeskTexts.text("roles." + $0.rawValue, view.language) }
                        .joined(separator: ", "),
                    "csrf": view.formToken,
                    "isAdmin": session.account.roles.contains(.admin), "isLeader": session.account.roles.contains(.teamLeader),
                ] as [String: Any]
        }
        let html = library.render(layout, withTemplate: "layout") ?? ""
        return Self.html(html, status: status)
    }

    /// The model without its absent values: Mustache would take an empty `Optional` inside
    /// `Any` for a value (a section shown, "nil" written) and an empty string for a true section,
    /// so absent keys and empty strings are removed, at every depth, and present ones unwrapped
    /// (a missing key renders as nothing, as an empty string would).
    static func present(_ model: [String: Any]) -> [String: Any] {
        model.compactMapValues(present)
    }

    private static func present(_ value: Any) -> Any? {
        if let text = value as? String { return text.isEmpty ? nil : text }
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrapped else { return nil }
            return present(wrapped)
        }
        if let dictionary = value as? [String: Any] { return present(dictionary) }
        if let array = value as? [[String: Any]] { return array.map(present) }
        return value
    }

    static func html(_ html: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .contentSecurityPolicy: contentSecurityPolicy, .cacheControl: "no-store",
                .referrerPolicy: "same-origin",
            ],
            body: .init(byteBuffer: ByteBuffer(string: html))
        )
    }

    /// A file to save (a report, a bank's batch): never kept by a cache, named for the disk.
    static func download(_ bytes: some Sequence<UInt8>, type: String, name: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: type, .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A download sent as it is read (a person's export, from disk), of a known size.
    static func download(streaming chunks: AsyncThrowingStream<ByteBuffer, any Error>, count: Int, type: String, name: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: type, .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store",
                .contentLength: String(count),
            ],
            body: ResponseBody(asyncSequence: chunks))
    }

    static func redirect(_ location: String, cookies: [Cookie] = []) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        for cookie in cookies { response.setCookie(cookie) }
        return response
    }
}

/// An `Optional` seen through `Any`, without reflecting on it.
private protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrapped: Any? { map { $0 as Any } }
}

/// The desk's templates in each language, built once.
struct DeskLibraries: Sendable {
    private let czech: MustacheLibrary
    private let english: MustacheLibrary
    private let czechMonth: MonthRows
    private let englishMonth: MonthRows
    private let czechTeam: TeamRows
    private let englishTeam: TeamRows

    init() throws {
        czech = try DeskTemplates.library(.cs)
        english = try DeskTemplates.library(.en)
        czechMonth = try DeskTemplates.monthRows(.cs)
        englishMonth = try DeskTemplates.monthRows(.en)
        czechTeam = try DeskTemplates.teamRows(.cs)
        englishTeam = try DeskTemplates.teamRows(.en)
    }

    subscript(language: Language) -> MustacheLibrary { language == .cs ? czech : english }

    func monthRows(_ language: Language) -> MonthRows { language == .cs ? czechMonth : englishMonth }

    func teamRows(_ language: Language) -> TeamRows { language == .cs ? czechTeam : englishTeam }
}

/// The team's month's row templates (`DeskTemplates.teamRow` and the rest).
struct TeamRows: Sendable {
    var member: RowTemplate
    var decide: RowTemplate
    var waiting: RowTemplate
}

/// The month tables' row templates: an admin's month (`DeskTemplates.monthRow` and its parts)
/// and a worker's months (`workerMonthRow`, `workerMonthReason`, and `monthCheck` too).
struct MonthRows: Sendable {
    var row: RowTemplate
    var check: RowTemplate
    var allPass: RowTemplate
    var workerRow: RowTemplate
    var workerReason: RowTemplate
}
