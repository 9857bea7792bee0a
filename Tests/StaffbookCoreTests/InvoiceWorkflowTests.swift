import Foundation
import Testing
@testable import StaffbookCore

@Suite("Invoice state machine")
struct InvoiceWorkflowTests {
    @Test(arguments: [
        (InvoiceState?.none, InvoiceAction.upload, InvoiceActor.owner, InvoiceState?.some(.submitted)),
        (.submitted, .replace, .owner, .submitted),
        (.returned, .replace, .owner, .submitted),
        (.approved, .replace, .owner, nil),
        (.paid, .replace, .owner, nil),
        (.submitted, .approve, .admin, .approved),
        (.submitted, .return, .admin, .returned),
        (.approved, .return, .admin, .returned),
        (.approved, .markPaid, .admin, .paid),
        (.approved, .undoApproval, .admin, .submitted),
        (.paid, .undoPayment, .admin, .approved),
        (.submitted, .markPaid, .admin, nil),
        (.returned, .approve, .admin, nil),
        (.paid, .return, .admin, nil),
        (.submitted, .approve, .owner, nil),
    ])
    func theTableDecidesEveryTransition(from: InvoiceState?, action: InvoiceAction, actor: InvoiceActor, to: InvoiceState?) {
        let result = InvoiceWorkflow.apply(action, to: from, kind: .uploaded, by: actor)

        switch (result, to) {
        case (.success(let state), let expected?): #expect(state == expected)
        case (.failure, nil): break
        default: Issue.record("\(String(describing: from)) \(action) by \(actor) gave \(result)")
        }
    }

    @Test func actionsAreNamedAsActionsForEachState() {
        #expect(InvoiceWorkflow.allowedActions(state: nil, kind: .uploaded, actors: [.owner]) == [.upload])
        #expect(InvoiceWorkflow.allowedActions(state: .submitted, kind: .uploaded, actors: [.admin]) == [.approve, .return])
        #expect(InvoiceWorkflow.allowedActions(state: .approved, kind: .uploaded, actors: [.admin]) == [.return, .markPaid, .undoApproval])
        #expect(InvoiceWorkflow.allowedActions(state: .submitted, kind: .statement, actors: [.owner]) == [])
        #expect(InvoiceWorkflow.allowedActions(state: .paid, kind: .uploaded, actors: [.owner, .admin]) == [.undoPayment])
    }

    @Test func statementsAreRegeneratedOnlyWhileSubmittedOrReturnedAndNeverOfferedToAnyone() {
        let regenerable = InvoiceState.allCases.filter {
            InvoiceWorkflow.allows(.regenerate, state: $0, kind: .statement, by: .system)
        }

        #expect(Set(regenerable) == [.submitted, .returned])
        #expect(!InvoiceWorkflow.allows(.regenerate, state: .submitted, kind: .uploaded, by: .system))
        #expect(InvoiceWorkflow.allows(.generate, state: nil, kind: .statement, by: .system))
        for state in InvoiceState.allCases {
            let offered = InvoiceWorkflow.allowedActions(state: state, kind: .statement, actors: [.owner, .admin])
            #expect(!offered.contains(.regenerate) && !offered.contains(.generate))
        }
    }
}
