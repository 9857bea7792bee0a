import Foundation
import Testing

@testable import StaffbookCore

/// A payment run's every change, decided by one pure function over the run as locked: the
/// table (`PaymentRunWorkflow`) with its guards, as a table of its own here (transition ×
/// actor × condition), every combination checked against what the rules say.
@Suite("Payment runs: the engine")
struct PaymentRunEngineTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let maker = UUID(), second = UUID(), young = UUID()
    static let standing = FourEyesStanding(
        applies: true,
        secondsFrom: [maker: now.addingTimeInterval(-86_400 * 30), second: now.addingTimeInterval(-86_400 * 30), young: now.addingTimeInterval(86_400)],
        now: now)

    enum Actor: CaseIterable { case maker, second, young }

    static func id(_ actor: Actor) -> UUID {
        switch actor {
        case .maker: maker
        case .second: second
        case .young: young
        }
    }

    static func commands(_ actor: Actor) -> [(String, PaymentRunCommand)] {
        let by = id(actor)
        return [
            ("approve", .approve(by: by, standing: standing)), ("send", .send(by: by)),
            ("cancel", .cancel(by: by, affirmation: nil)), ("cancel-affirmed", .cancel(by: by, affirmation: "Banka nezaplatila")),
            ("settle", .settle(by: by)),
        ]
    }

    /// Every state, with the rule or without, approved or not, items pending or paid.
    static let runs: [PaymentRunSnapshot] = {
        var runs: [PaymentRunSnapshot] = []
        for state in PaymentRunState.allCases {
            for required in [false, true] {
                for approved in [false, true] where required || !approved {
                    for items in [[PaymentItemState.pending, .pending], [.paid, .pending], [.paid, .paid]] {
                        runs.append(
                            PaymentRunSnapshot(
                                id: UUID(), number: 7, state: state, createdBy: maker, approvalRequired: required, approvedBy: approved ? second : nil,
                                items: items))
                    }
                }
            }
        }
        return runs
    }()

    @Test func everyCombinationIsDecidedAsTheRulesSay() {
        var decided = 0
        for run in Self.runs {
            let awaits = run.approvalRequired && run.approvedBy == nil && run.state == .draft
            for actor in Actor.allCases {
                for (name, command) in Self.commands(actor) {
                    let result = PaymentRunEngine.decide(command, on: run, now: Self.now)
                    let expected: Result<PaymentRunState, PaymentRunError>
                    switch name {
                    case "approve":
                        expected =
                            !awaits ? .failure(.approvalRefused(.notAwaiting))
                            : actor == .maker ? .failure(.approvalRefused(.ownRun))
                            : actor == .young ? .failure(.approvalRefused(.notASecond(.tooNew(from: Self.now.addingTimeInterval(86_400)))))
                            : .success(run.state)
                    case "send":
                        expected =
                            awaits ? .failure(.awaitingApproval)
                            : [.draft].contains(run.state) ? .success(.sent)
                            : [.sent, .partiallyPaid].contains(run.state) ? .success(run.state)
                            : .failure(.refused(run.state))
                    case "cancel", "cancel-affirmed":
                        let atBank = [.sent, .partiallyPaid].contains(run.state)
                        expected =
                            ![.draft, .sent, .partiallyPaid].contains(run.state) ? .failure(.refused(run.state))
                            : atBank && name == "cancel" ? .failure(.affirmationRequired)
                            : .success(.cancelled)
                    default:
                        let paid = run.items.filter { $0 == .paid }.count, pending = run.items.filter { $0 == .pending }.count
                        let atBank = [.sent, .partiallyPaid].contains(run.state)
                        expected = .success(!atBank ? run.state : pending == 0 && paid > 0 ? .paid : paid > 0 ? .partiallyPaid : run.state)
                    }
                    #expect(result.map(\.to) == expected, "\(run.state) required \(run.approvalRequired) approved \(run.approvedBy != nil) \(run.items) \(name) by \(actor)")
                    if case .success(let decision) = result {
                        #expect(decision.changes == (decision.to != run.state || name == "approve"), "an event exactly when something changes")
                        #expect(decision.cancelsPendingItems == (name.hasPrefix("cancel")))
                        if name == "approve" { #expect(decision.approvedBy == Self.id(actor) && decision.approvedAt == .set(Self.now)) }
                        if decision.to == .sent, run.state == .draft { #expect(decision.sentAt == .set(Self.now)) }
                        if decision.to == .paid, run.state != .paid { #expect(decision.paidAt == .set(Self.now)) }
                        if decision.changes { #expect(!decision.audit.isEmpty, "an audit entry with before → after") }
                    }
                    decided += 1
                }
            }
        }
        #expect(decided == Self.runs.count * Actor.allCases.count * 5)
    }

    @Test func whatAViewerMayDoIsWhatTheEngineAllows() {
        let waiting = PaymentRunSnapshot(id: UUID(), number: 1, state: .draft, createdBy: Self.maker, approvalRequired: true)
        #expect(PaymentRunEngine.allowedActions(waiting, viewer: Self.maker, standing: Self.standing) == ["cancel"])
        #expect(PaymentRunEngine.allowedActions(waiting, viewer: Self.second, standing: Self.standing) == ["approve", "cancel"])
        #expect(PaymentRunEngine.allowedActions(waiting, viewer: Self.young, standing: Self.standing) == ["cancel"], "not yet a second")
        // A partly paid run can be cancelled (with the affirmation): the desk used to hide it.
        let partly = PaymentRunSnapshot(id: UUID(), number: 2, state: .partiallyPaid, createdBy: Self.maker, items: [.paid, .pending])
        #expect(PaymentRunEngine.allowedActions(partly, viewer: Self.second, standing: Self.standing) == ["send", "cancel"])
        #expect(PaymentRunWorkflow.needsAffirmation(.cancel, from: .partiallyPaid))
    }
}
