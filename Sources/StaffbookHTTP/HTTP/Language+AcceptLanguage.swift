import StaffbookCore

extension Language {
    /// Picks the best supported language by quality (RFC 9110 §12.5.4); English when none fits.
    init(acceptLanguage header: String?) {
        guard let header else {
            self = .en
            return
        }
        var best: (language: Language, quality: Double)?
        for range in header.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased() else { continue }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            guard quality > 0, let language = Language(rawValue: primary) else { continue }
            if quality > best?.quality ?? 0 {
                best = (language, quality)
            }
        }
        self = best?.language ?? .en
    }
}
