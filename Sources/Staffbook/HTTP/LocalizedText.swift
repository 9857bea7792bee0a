/// A message for people, in every language we answer in.
public struct LocalizedText: Sendable, Equatable {
    public var en: String
    public var cs: String

    public init(en: String, cs: String) {
        self.en = en
        self.cs = cs
    }

    public func text(in language: Language) -> String {
        switch language {
        case .en: en
        case .cs: cs
        }
    }
}
