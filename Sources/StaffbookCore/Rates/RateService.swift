import Foundation

/// Correcting a rate and what follows from it: the statements it paid are written again where
/// the workflow allows, and the rest are named so an admin can settle them by hand.
package struct RateService: Sendable {
    package let rates: any RatesRepository
    package let invoices: any InvoiceRepository
    package let invoiceService: InvoiceService

    package init(rates: any RatesRepository, invoices: any InvoiceRepository, invoiceService: InvoiceService) {
        self.rates = rates
        self.invoices = invoices
        self.invoiceService = invoiceService
    }

    /// A statement the correction touched, and what became of it.
    package struct AffectedStatement: Sendable, Equatable {
        package enum Outcome: String, Sendable {
            /// Written again with the corrected rate (it was submitted or returned).
            case regenerated
            /// Approved or paid: checked and perhaps paid, so left as it is for an admin to settle.
            case leftAlone = "left_alone"
        }

        package var invoiceId: UUID
        package var period: CalendarMonth
        package var state: InvoiceState
        package var outcome: Outcome
        package var amount: Decimal?

        package init(invoiceId: UUID, period: CalendarMonth, state: InvoiceState, outcome: Outcome, amount: Decimal? = nil) {
            self.invoiceId = invoiceId
            self.period = period
            self.state = state
            self.outcome = outcome
            self.amount = amount
        }
    }

    package struct Corrected: Sendable, Equatable {
        package var rate: RateHistoryEntry
        package var affectedStatements: [AffectedStatement]
    }

    package func correct(personId: UUID, rateId: UUID, correction: RateCorrection, by: UUID) async throws -> Corrected? {
        let now = invoiceService.clock.now()
        switch try await rates.correct(personId: personId, rateId: rateId, correction: correction, by: by, now: now) {
        case .notFound:
            return nil
        case .superseded(let newer):
            throw RatesError.superseded(by: newer)
        case .unchanged:
            throw RatesError.unchangedCorrection
        case .corrected(let entry, let from, let until):
            let current = CalendarDay(now).calendarMonth
            let last = until.map { $0.adding(days: -1).calendarMonth }
            var affected: [AffectedStatement] = []
            for statement in try await invoices.statements(personId: personId, from: from.calendarMonth, to: last)
            where statement.period <= current {
                guard InvoiceWorkflow.allows(.regenerate, state: statement.state, kind: statement.kind, by: .system) else {
                    affected.append(.init(invoiceId: statement.invoiceId, period: statement.period, state: statement.state, outcome: .leftAlone))
                    continue
                }
                let items = try await invoiceService.generateStatements(
                    month: statement.period, givenHours: [:], actorId: by, personId: personId
                )
                switch items.first?.outcome {
                case .unchanged:
                    continue
                case .regenerated:
                    affected.append(
                        .init(
                            invoiceId: statement.invoiceId, period: statement.period, state: .submitted, outcome: .regenerated,
                            amount: items.first?.amount
                        )
                    )
                default:
                    // Not computable any more (no rate on some day): the old one stands until an admin looks.
                    affected.append(.init(invoiceId: statement.invoiceId, period: statement.period, state: statement.state, outcome: .leftAlone))
                }
            }
            return Corrected(rate: entry, affectedStatements: affected)
        }
    }
}
