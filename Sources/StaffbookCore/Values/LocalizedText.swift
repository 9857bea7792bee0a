/// A message for people, in every language we answer in.
package struct LocalizedText: Sendable, Equatable {
    package var en: String
    package var cs: String

    package init(en: String, cs: String) {
        self.en = en
        self.cs = cs
    }

    /// The same text in both languages (a name, a code).
    package init(_ text: String) {
        self.init(en: text, cs: text)
    }

    package func text(in language: Language) -> String {
        switch language {
        case .en: en
        case .cs: cs
        }
    }
}
