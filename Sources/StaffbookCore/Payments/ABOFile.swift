import Foundation

/// Writes a run as an ABO (KPC) batch of domestic payment orders, the format Czech banks import:
/// ASCII lines ending in CRLF, numbers right-aligned with zeros, amounts in haléř.
///
/// - `UHL1` header: `UHL1`, the day written (DDMMYY), the client's name (20, left-aligned), the
///   client number (10), the file interval `001` `999`, the fixed and the secret code (6 + 6);
/// - accounting file header: `1 1501 SSS000 BBBB` (payments; the day's sequence number; the
///   payer's bank code);
/// - a group per due date: `2 PPPPPP-NNNNNNNNNN TTTTTTTTTTTTTT DDMMYY` (the payer's account,
///   the group's total in haléř, the due date), its items, then `3 +`;
/// - an item: `PPPPPP-NNNNNNNNNN AAAAAAAAAAAAAAA VVVVVVVVVV BBBBKKKK SSSSSSSSSS AV:message`
///   (the creditor's account, the amount in haléř, the variable symbol, the creditor's bank
///   code and the constant symbol, the specific symbol, a message of up to 35 characters);
/// - `5 +` ends the file.
package enum ABOFile {
    package static let itemAmountDigits = 15
    package static let groupTotalDigits = 14
    package static let messageLength = 35

    /// The file for `orders` from `payer`, written on `day` (the `sequence`th file that day). A
    /// due date already past is paid on `day`.
    package static func write(_ orders: [PaymentOrder], payer: PayerAccount, clientNumber: String = "", day: CalendarDay, sequence: Int = 1)
        throws(PaymentFileProblem) -> Data
    {
        guard let payerParts = payer.account.czechParts else { throw .payerNotDomestic }
        var lines = [
            "UHL1" + ddmmyy(day) + left(PaymentOrder.plainText(payer.name, maxLength: 20), 20)
                + zeros(String(clientNumber.filter(\.isASCIIDigit).prefix(10)), 10) + "001999" + "000000" + "000000",
            "1 1501 " + zeros(String(min(max(sequence, 1), 999)), 3) + "000 " + payerParts.bankCode,
        ]
        let groups = Dictionary(grouping: orders) { max($0.dueDate, day) }
        for due in groups.keys.sorted() {
            let items = groups[due] ?? []
            var itemLines: [String] = []
            var total = Decimal()
            for order in items.sorted(by: { ($0.creditorName, $0.id.uuidString) < ($1.creditorName, $1.id.uuidString) }) {
                guard order.currency == "CZK", let parts = order.creditorAccount.czechParts else { throw .notDomestic(order.id) }
                guard let amount = PaymentOrder.hundredths(order.amount, digits: itemAmountDigits) else { throw .amount(order.id) }
                total += order.amount
                let account = parts.prefix + "-" + parts.number
                let symbols = zeros(digits(order.variableSymbol, 10), 10) + " " + parts.bankCode + zeros(digits(order.constantSymbol, 4), 4)
                var line = account + " " + zeros(amount, itemAmountDigits) + " " + symbols + " " + zeros(digits(order.specificSymbol, 10), 10)
                let message = PaymentOrder.plainText(order.message, maxLength: messageLength)
                if !message.isEmpty { line += " AV:" + message }
                itemLines.append(line)
            }
            guard let sum = PaymentOrder.hundredths(total, digits: groupTotalDigits) else { throw .amount(items.first?.id ?? UUID()) }
            lines.append("2 " + payerParts.prefix + "-" + payerParts.number + " " + zeros(sum, groupTotalDigits) + " " + ddmmyy(due))
            lines.append(contentsOf: itemLines)
            lines.append("3 +")
        }
        lines.append("5 +")
        return Data(lines.map { $0 + "\r\n" }.joined().utf8)
    }

    static func ddmmyy(_ day: CalendarDay) -> String {
        zeros(String(day.day), 2) + zeros(String(day.month), 2) + zeros(String(day.year % 100), 2)
    }

    private static func zeros(_ digits: String, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func left(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// A symbol's digits (at most `width`; a symbol is digits, leading zeros not significant).
    private static func digits(_ symbol: String?, _ width: Int) -> String {
        String((symbol ?? "").filter(\.isASCIIDigit).suffix(width))
    }
}
