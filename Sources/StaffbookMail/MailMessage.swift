import Foundation

/// An e-mail address with an optional display name.
package struct MailAddress: Sendable, Equatable {
    package var address: String
    package var name: String?

    package init(_ address: String, name: String? = nil) {
        self.address = address
        self.name = name
    }

    /// `"Name" <address>`, the name as an RFC 2047 encoded word when it is not plain ASCII.
    var header: String {
        guard let name, !name.isEmpty else { return "<\(address)>" }
        return "\(MailMessage.encodedWord(name)) <\(address)>"
    }
}

/// A message with a plain text and an HTML body (multipart/alternative), UTF-8 throughout.
package struct MailMessage: Sendable, Equatable {
    package var from: MailAddress
    package var to: [MailAddress]
    package var subject: String
    /// Without the angle brackets: `notification-id@staffbook`.
    package var messageID: String
    package var date: Date
    package var text: String
    package var html: String?

    package init(from: MailAddress, to: [MailAddress], subject: String, messageID: String, date: Date, text: String, html: String?) {
        self.from = from
        self.to = to
        self.subject = subject
        self.messageID = messageID
        self.date = date
        self.text = text
        self.html = html
    }

    /// The message as RFC 5322 text with CRLF line ends, bodies in base64.
    package func rendered(boundary: String = "staffbook-" + UUID().uuidString.lowercased()) -> String {
        var lines = [
            "From: \(from.header)",
            "To: \(to.map(\.header).joined(separator: ", "))",
            "Subject: \(Self.encodedWord(subject))",
            "Date: \(Self.rfc5322(date))",
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
        ]
        if let html {
            lines += ["Content-Type: multipart/alternative; boundary=\"\(boundary)\"", ""]
            lines += ["--\(boundary)"] + Self.part(text, type: "text/plain")
            lines += ["--\(boundary)"] + Self.part(html, type: "text/html")
            lines += ["--\(boundary)--", ""]
        } else {
            lines += Self.part(text, type: "text/plain")
        }
        return lines.joined(separator: "\r\n")
    }

    private static func part(_ body: String, type: String) -> [String] {
        let base64 = Data(body.utf8).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        return ["Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: base64", "", base64, ""]
    }

    /// A header value as is when it is printable ASCII, else as `=?UTF-8?B?…?=` words.
    static func encodedWord(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) { return text }
        // Encoded words are at most 75 characters: split the text into pieces of whole characters.
        var words: [String] = []
        var piece = ""
        for character in text {
            if (piece + String(character)).utf8.count > 45 {
                words.append(piece)
                piece = ""
            }
            piece.append(character)
        }
        words.append(piece)
        return words.map { "=?UTF-8?B?\(Data($0.utf8).base64EncodedString())?=" }.joined(separator: "\r\n ")
    }

    /// `Mon, 23 Nov 2026 09:00:00 +0000`.
    static func rfc5322(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int?) -> String {
            let v = value ?? 0
            return v < 10 ? "0\(v)" : "\(v)"
        }
        let weekday = days[((parts.weekday ?? 1) - 1) % 7]
        let month = months[((parts.month ?? 1) - 1) % 12]
        return "\(weekday), \(two(parts.day)) \(month) \(parts.year ?? 1970) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
    }
}
