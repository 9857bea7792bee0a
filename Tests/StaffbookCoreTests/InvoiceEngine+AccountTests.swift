import Foundation
import Testing

@testable import StaffbookCore

/// A changed bank account's confirmation, what an approval keeps to be paid and the system's own
/// moves, decided by the invoice engine over a snapshot: tables over state × asker × rule ×
/// condition, without a database.
@Suite("Invoices: the account's confirmation, the approved payment and the system's moves")
struct InvoiceEngineAccountTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let account = "CZ6508000000192000145399"
    static let (first, second, young) = (UUID(), UUID(), UUID())

    static func invoice(_ state: InvoiceState, account: String? = account, askedBy: UUID? = nil, openRun: Int? = nil) -> InvoiceSnapshot {
        InvoiceSnapshot(
            id: UUID(), personId: UUID(), period: CalendarMonth(year: 2026, month: 10), state: state, kind: .uploaded, version: 3,
            amount: 42_000, openRun: openRun, bankAccount: account, ownerAccount: "CZ5508000000001234567899", accountConfirmRequestedBy: askedBy)
    }

    static func standing(_ applies: Bool) -> FourEyesStanding {
        let long = now.addingTimeInterval(-30 * 86_400)
        return FourEyesStanding(
            applies: applies, secondsFrom: [first: long, second: long, young: now.addingTimeInterval(6 * 86_400)], now: now)
    }

    /// (state, account named, asked by, rule applies, who confirms, condition) → outcome.
    @Test func aConfirmationIsDecidedAsItsTableSays() {
        typealias Row = (InvoiceState, String?, UUID?, Bool, UUID, VersionCondition, String)
        let rows: [Row] = [
            (.submitted, Self.account, nil, false, Self.first, .any, "confirm_bank_account"),
            (.submitted, Self.account, nil, true, Self.first, .any, "confirm_bank_account_requested"),
            (.submitted, Self.account, Self.first, true, Self.first, .any, "ownRequest"),
            (.submitted, Self.account, Self.first, true, Self.young, .any, "notASecond"),
            (.submitted, Self.account, Self.first, true, Self.second, .any, "confirm_bank_account"),
            (.submitted, Self.account, nil, false, Self.first, .oneOf([2]), "stale"),
            (.submitted, nil, nil, false, Self.first, .any, "noAccountToConfirm"),
            (.approved, Self.account, nil, false, Self.first, .any, "noAccountToConfirm"),
            (.returned, Self.account, nil, true, Self.first, .any, "noAccountToConfirm"),
            (.paid, Self.account, nil, false, Self.first, .any, "noAccountToConfirm"),
        ]
        for (state, account, askedBy, applies, actor, condition, expected) in rows {
            let decided = InvoiceEngine.confirmAccount(
                on: Self.invoice(state, account: account, askedBy: askedBy), by: actor, standing: Self.standing(applies), condition: condition)
            let outcome: String =
                switch decided {
                case .success(let change): change.event
                case .failure(.ownRequest): "ownRequest"
                case .failure(.notASecond): "notASecond"
                case .failure(.stale): "stale"
                case .failure(.noAccountToConfirm): "noAccountToConfirm"
                case .failure(let other): "\(other)"
                }
            #expect(outcome == expected, "\(state), asked by \(String(describing: askedBy)), rule \(applies)")
            if case .success(let change) = decided {
                #expect(change.account == account && change.requested == (change.confirmedBy == nil))
                #expect(change.requested ? change.requestedBy == actor : change.confirmedBy == actor)
            }
        }
        #expect(
            InvoiceEngine.confirmAccount(on: Self.invoice(.submitted, openRun: 4), by: Self.first, standing: Self.standing(false), condition: .any)
                == .failure(.inPaymentRun(run: 4)))
    }

    @Test func aConfirmationStandsWhileTheDataNamesTheSameAccountAndChecksAreKeptOnlyWhileADecisionWaits() {
        #expect(InvoiceEngine.confirmationStands(Self.invoice(.submitted), accountNow: Self.account))
        #expect(!InvoiceEngine.confirmationStands(Self.invoice(.submitted), accountNow: "CZ0000000000000000000000"))
        #expect(!InvoiceEngine.confirmationStands(Self.invoice(.submitted), accountNow: nil))
        for state in InvoiceState.allCases {
            #expect(InvoiceEngine.storesChecks(Self.invoice(state)) == [.submitted, .returned].contains(state), "\(state)")
        }
    }

    /// What is approved is what is paid: an approval keeps the invoice's account (else its
    /// owner's) and its amount; going back lets them go; a payment run pays what was kept.
    @Test func anApprovalKeepsTheAccountAndAmountItSawAndGoingBackLetsThemGo() throws {
        let approve = InvoiceCommand(.approve, by: .admin, actorId: Self.first, now: Self.now)
        let own = try InvoiceEngine.decide(approve, on: Self.invoice(.submitted)).get()
        let owners = try InvoiceEngine.decide(approve, on: Self.invoice(.submitted, account: nil)).get()
        let back = try InvoiceEngine.decide(
            InvoiceCommand(.undoApproval, by: .admin, actorId: Self.first, now: Self.now), on: Self.invoice(.approved)
        ).get()
        let paid = try InvoiceEngine.decide(
            InvoiceCommand(.markPaid, by: .admin, actorId: Self.first, now: Self.now), on: Self.invoice(.approved)
        ).get()

        #expect(own.approvedPayment == .set(account: Self.account, amount: 42_000))
        #expect(owners.approvedPayment == .set(account: "CZ5508000000001234567899", amount: 42_000))
        #expect(back.approvedPayment == .clear && paid.approvedPayment == .keep, "paid keeps what it was paid as")
        #expect(InvoicePayee.account(state: .approved, approved: "A", invoice: "B", owner: "C") == "A")
        #expect(InvoicePayee.account(state: .approved, approved: nil, invoice: "B", owner: "C") == "B")
        #expect(InvoicePayee.account(state: .submitted, approved: "A", invoice: nil, owner: "C") == "C")
        #expect(InvoicePayee.amount(approved: 40_000, amount: 42_000) == 40_000 && InvoicePayee.amount(approved: nil, amount: 42_000) == 42_000)
    }

    /// The owner's new account sends back an approved invoice that names none of its own and was
    /// approved to be paid elsewhere; not one a run holds, not one that names its own account.
    @Test func anOwnersNewAccountSendsBackWhatWasApprovedToBePaidToTheOld() {
        var approvedToOld = Self.invoice(.approved, account: nil)
        approvedToOld.approvedAccount = "CZ5508000000001234567899"
        var inRun = approvedToOld
        inRun.openRun = 7
        var named = Self.invoice(.approved)
        named.approvedAccount = Self.account
        let rows: [(InvoiceSnapshot, String?, Bool)] = [
            (approvedToOld, "CZ1111111111111111111111", true), (approvedToOld, "CZ5508000000001234567899", false), (approvedToOld, nil, true),
            (inRun, "CZ1111111111111111111111", false), (named, "CZ1111111111111111111111", false),
            (Self.invoice(.submitted, account: nil), "CZ1111111111111111111111", false),
            (Self.invoice(.paid, account: nil), "CZ1111111111111111111111", false),
        ]
        for (invoice, account, back) in rows {
            #expect(InvoicePayee.goesBack(invoice, ownerAccountNow: account) == back, "\(invoice.state), run \(String(describing: invoice.openRun))")
        }
    }

    /// The server's own moves: a statement paying an approved invoice (on the booking day), a
    /// statement written and written again, and what none of them may do.
    @Test func theSystemsMovesAreDecidedAsTheirTableSays() {
        let booked = Self.now.addingTimeInterval(-86_400)
        let rows: [(InvoiceCommand, InvoiceSnapshot?, String)] = [
            (InvoiceCommand(.markPaid, by: .system, actorId: nil, now: Self.now, paidAt: booked), Self.invoice(.approved), "paid-by-statement→paid"),
            (
                InvoiceCommand(.markPaid, by: .system, actorId: nil, now: Self.now, paidAt: booked), Self.invoice(.approved, openRun: 3),
                "paid-by-statement→paid"
            ),
            (InvoiceCommand(.markPaid, by: .system, actorId: nil, now: Self.now), Self.invoice(.submitted), "refused"),
            (InvoiceCommand(.markPaid, by: .system, actorId: nil, now: Self.now), Self.invoice(.paid), "refused"),
            (InvoiceCommand(.generate, by: .system, actorId: nil, now: Self.now), nil, "generate→submitted"),
            (InvoiceCommand(.approve, by: .system, actorId: nil, now: Self.now), Self.invoice(.submitted), "refused"),
            (InvoiceCommand(.return, by: .system, actorId: nil, reason: "x", now: Self.now), Self.invoice(.submitted), "refused"),
        ]
        for (command, invoice, expected) in rows {
            let outcome: String =
                switch InvoiceEngine.decide(command, on: invoice) {
                case .success(let change): "\(change.event)→\(change.to.rawValue)"
                case .failure: "refused"
                }
            #expect(outcome == expected, "\(command.action) on \(String(describing: invoice?.state))")
        }
        let paid = InvoiceEngine.decide(
            InvoiceCommand(.markPaid, by: .system, actorId: nil, now: Self.now, paidAt: booked), on: Self.invoice(.approved))
        #expect(paid.map(\.paidAt) == .success(.set(booked)), "paid on the day the money left")
    }
}
