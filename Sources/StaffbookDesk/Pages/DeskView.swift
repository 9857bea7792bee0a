import Foundation
import StaffbookCore
import StaffbookHTTP

/// Who a page is for and in what language: the session behind the cookie (if any), the form
/// token its forms carry, the formats and words of its language.
struct DeskView {
    var session: BrowserSession?
    var language: Language
    var formToken: String
    var path: String

    var format: DeskFormat { DeskFormat(language: language) }
    var texts: [String: String] { DeskTexts.all(language) }

    func text(_ key: String) -> String { DeskTexts.text(key, language) }

    /// What a redirect's `done=<key>` says happened; nothing for a key the desk has no words for.
    func doneText(_ key: String?) -> String {
        key.flatMap { DeskTexts.has("done." + $0) ? text("done." + $0) : nil } ?? ""
    }

    /// The header's switch to the other language, back to this page.
    var switchLanguageLink: String {
        var link = URLComponents()
        link.path = "/desk/language"
        link.queryItems = [URLQueryItem(name: "to", value: language == .cs ? "en" : "cs"), URLQueryItem(name: "back", value: path)]
        return link.string ?? "/desk/language"
    }
}
