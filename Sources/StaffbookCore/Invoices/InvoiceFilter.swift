import Foundation

package struct InvoiceFilter: Sendable {
    package var period: CalendarMonth?
    package var state: InvoiceState?
    package var query: String?

    package init(period: CalendarMonth? = nil, state: InvoiceState? = nil, query: String? = nil) {
        self.period = period
        self.state = state
        self.query = query
    }
}
