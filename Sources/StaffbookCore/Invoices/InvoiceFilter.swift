import Foundation

package struct InvoiceFilter: Sendable {
    package var period: CalendarMonth?
    package var state: InvoiceState?
    package var query: String?
    /// Only invoices with a failing or unconfirmed check.
    package var attention: Bool

    package init(period: CalendarMonth? = nil, state: InvoiceState? = nil, query: String? = nil, attention: Bool = false) {
        self.period = period
        self.state = state
        self.query = query
        self.attention = attention
    }
}
