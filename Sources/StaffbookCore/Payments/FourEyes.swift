import Foundation

/// Whether money waits for a second admin: `auto` (the default) while the company has two or
/// more active admins (one admin cannot have a second), `on` always, `off` never. A deployment
/// setting, not one an admin changes, so a stolen admin session cannot switch it off.
package enum FourEyesPolicy: String, Sendable, CaseIterable {
    case auto, on, off

    package func applies(activeAdmins: Int) -> Bool {
        switch self {
        case .auto: activeAdmins >= 2
        case .on: true
        case .off: false
        }
    }
}

/// Why an approval of a run was refused.
package enum RunApprovalRefusal: String, Sendable, Equatable {
    /// The admin made the run: they can never be its second.
    case ownRun = "own_run"
    /// The run waits for no approval (made without the rule, approved already, sent or cancelled).
    case notAwaiting = "not_awaiting"
}

extension PaymentRunWorkflow {
    /// Whether `actorId` may approve `run` now; nil when they may.
    package static func approvalRefusal(_ run: PaymentRun, by actorId: UUID) -> RunApprovalRefusal? {
        guard run.awaitsApproval else { return .notAwaiting }
        return run.createdBy == actorId ? .ownRun : nil
    }
}
