import Foundation

/// Writes a run as an ISO 20022 customer credit transfer initiation (pain.001.001.03): a payment
/// information block per currency and execution day, a transaction per order. EUR goes as SEPA
/// (service level SEPA, shared charges, text folded to the SEPA character set); CZK as a
/// domestic transfer with the variable symbol as the creditor's reference `VS:…`.
package enum Pain001File {
    package static let namespace = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"

    /// The file for `orders` from `payer`, its message id taken from `runId`, created at `now`
    /// (`day` is that instant's day in Prague: a due date already past is paid that day).
    package static func write(_ orders: [PaymentOrder], payer: PayerAccount, runId: UUID, now: Date, day: CalendarDay)
        throws(PaymentFileProblem) -> Data
    {
        let messageId = "SB" + runId.uuidString.replacingOccurrences(of: "-", with: "").prefix(32)
        for order in orders where PaymentOrder.hundredths(order.amount, digits: 15) == nil { throw .amount(order.id) }
        let total = orders.reduce(Decimal()) { $0 + $1.amount }
        let groups = Dictionary(grouping: orders) { GroupKey(currency: $0.currency, day: max($0.dueDate, day)) }
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<Document xmlns="\#(namespace)" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">"# + "\n"
        xml += "<CstmrCdtTrfInitn>\n<GrpHdr>"
        xml += element("MsgId", String(messageId)) + element("CreDtTm", timestamp(now))
        xml += element("NbOfTxs", String(orders.count)) + element("CtrlSum", Money.format(total))
        xml += "<InitgPty>" + element("Nm", name(payer.name, sepa: false)) + "</InitgPty></GrpHdr>\n"
        for (index, key) in groups.keys.sorted().enumerated() {
            let items = (groups[key] ?? []).sorted { ($0.creditorName, $0.id.uuidString) < ($1.creditorName, $1.id.uuidString) }
            let sepa = key.currency == "EUR"
            xml += "<PmtInf>" + element("PmtInfId", String(messageId.prefix(30)) + "-" + String(index + 1))
            xml += element("PmtMtd", "TRF") + element("BtchBookg", "true") + element("NbOfTxs", String(items.count))
            xml += element("CtrlSum", Money.format(items.reduce(Decimal()) { $0 + $1.amount }))
            if sepa { xml += "<PmtTpInf><SvcLvl>" + element("Cd", "SEPA") + "</SvcLvl></PmtTpInf>" }
            xml += element("ReqdExctnDt", key.day.iso)
            xml += "<Dbtr>" + element("Nm", name(payer.name, sepa: sepa)) + "</Dbtr>"
            xml += "<DbtrAcct><Id>" + element("IBAN", payer.account.iban) + "</Id></DbtrAcct>"
            xml += "<DbtrAgt><FinInstnId>"
            if let bic = payer.bic { xml += element("BIC", bic) } else { xml += "<Othr>" + element("Id", "NOTPROVIDED") + "</Othr>" }
            xml += "</FinInstnId></DbtrAgt>"
            if sepa { xml += element("ChrgBr", "SLEV") }
            xml += "\n"
            for order in items {
                let reference = order.variableSymbol.map { "VS:" + $0 }
                xml += "<CdtTrfTxInf><PmtId>" + element("InstrId", String(order.id.uuidString.replacingOccurrences(of: "-", with: "").prefix(35)))
                xml += element("EndToEndId", reference ?? "NOTPROVIDED") + "</PmtId>"
                xml += #"<Amt><InstdAmt Ccy="\#(order.currency)">"# + Money.format(order.amount) + "</InstdAmt></Amt>"
                xml += "<Cdtr>" + element("Nm", name(order.creditorName, sepa: sepa)) + "</Cdtr>"
                xml += "<CdtrAcct><Id>" + element("IBAN", order.creditorAccount.iban) + "</Id></CdtrAcct>"
                xml += "<RmtInf>"
                let message = text(order.message, 140, sepa: sepa)
                if !message.isEmpty { xml += element("Ustrd", message) }
                if let reference { xml += "<Strd><CdtrRefInf>" + element("Ref", reference) + "</CdtrRefInf></Strd>" }
                xml += "</RmtInf></CdtTrfTxInf>\n"
            }
            xml += "</PmtInf>\n"
        }
        xml += "</CstmrCdtTrfInitn>\n</Document>\n"
        return Data(xml.utf8)
    }

    private struct GroupKey: Hashable, Comparable {
        var currency: String
        var day: CalendarDay
        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.currency, lhs.day) < (rhs.currency, rhs.day) }
    }

    private static func element(_ name: String, _ value: String) -> String { "<\(name)>\(escaped(value))</\(name)>" }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            // XML 1.0 has no place for other control characters.
            case _ where scalar.value < 0x20: result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A name of 1 to 70 characters: the schema wants none empty.
    private static func name(_ value: String, sepa: Bool) -> String {
        let cleaned = text(value, 70, sepa: sepa)
        return cleaned.isEmpty ? "NOTPROVIDED" : cleaned
    }

    /// SEPA's character set (letters, digits, `/-?:().,'+ `) after folding; otherwise the text
    /// without control characters.
    private static func text(_ text: String, _ maxLength: Int, sepa: Bool) -> String {
        let cleaned: String
        if sepa {
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-?:().,'+ ")
            cleaned = String(PaymentOrder.plainText(text, maxLength: maxLength * 2).filter { allowed.contains($0) }.prefix(maxLength))
        } else {
            cleaned = String(text.unicodeScalars.filter { $0.value >= 0x20 }.map(Character.init).prefix(maxLength))
        }
        return cleaned.trimmingCharacters(in: .whitespaces)
    }

    /// ISO date and time in UTC, without fractions.
    private static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        return "\(c.year ?? 2000)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))Z"
    }
}
