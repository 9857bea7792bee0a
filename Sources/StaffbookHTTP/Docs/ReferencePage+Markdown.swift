import Ink

extension ReferencePage {
    /// A description of the contract (Markdown: `code`, emphasis, lists) as HTML. `inline` drops
    /// the paragraph around a one-paragraph text, for a table cell or a list item. The contract
    /// is ours, and the page's policy runs no script whatever it holds.
    static func markdown(_ text: String, inline: Bool = false) -> String {
        guard !text.isEmpty else { return "" }
        let html = MarkdownParser().html(from: text)
        guard inline, html.hasPrefix("<p>"), html.hasSuffix("</p>"), html.components(separatedBy: "<p>").count == 2 else { return html }
        return String(html.dropFirst(3).dropLast(4))
    }
}
