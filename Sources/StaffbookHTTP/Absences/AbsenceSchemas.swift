import Foundation
import StaffbookAPI
import StaffbookCore

/// Time off as the contract's schemas.
enum AbsenceSchemas {
    static func kind(_ kind: AbsenceKind, language: Language) -> Components.Schemas.AbsenceKind {
        .init(
            code: kind.code, name: kind.name.text(in: language), names: .init(cs: kind.name.cs, en: kind.name.en),
            needsApproval: kind.needsApproval,
            countsAgainstBalance: kind.countsAgainstBalance, paidShare: String(format: "%.3f", NSDecimalNumber(decimal: kind.paidShare).doubleValue),
            paidDays: kind.paidDays,
            byHours: kind.byHours,
            _private: kind.isPrivate,
            contractTypes: ContractType.allCases.filter(kind.contractTypes.contains).compactMap {
                Components.Schemas.ContractType(rawValue: $0.rawValue)
            }
        )
    }

    static func absence(_ absence: Absence, name: String? = nil) -> Components.Schemas.Absence {
        .init(
            id: absence.id.lowercasedString, personId: absence.personId.lowercasedString, personName: name, kind: absence.kind,
            firstDay: absence.firstDay.iso, lastDay: absence.lastDay.iso,
            part: Components.Schemas.Absence.PartPayload(rawValue: absence.part.rawValue) ?? .full,
            hours: absence.hours.map { Money.format($0) }, workingDays: Money.format(absence.workingDays),
            state: Components.Schemas.AbsenceState(rawValue: absence.state.rawValue) ?? .requested, note: absence.note, reason: absence.reason,
            decidedBy: absence.decidedBy?.lowercasedString, decidedAt: absence.decidedAt, createdAt: absence.createdAt
        )
    }

    static func balance(_ balance: VacationBalance) -> Components.Schemas.VacationBalance {
        .init(
            year: balance.year, entitlement: Money.format(balance.entitlement), entitlementSet: balance.entitlementSet,
            carried: Money.format(balance.carried),
            carriedExpires: balance.carriedExpires?.iso, expired: Money.format(balance.expired), approved: Money.format(balance.approved),
            requested: Money.format(balance.requested), unlimited: balance.unlimited,
            balance: balance.unlimited ? nil : Money.format(balance.balance)
        )
    }

    static func feed(_ feed: CalendarFeed, url: String) -> Components.Schemas.CalendarFeed {
        .init(id: feed.id.lowercasedString, teamId: feed.teamId?.lowercasedString, url: url, createdAt: feed.createdAt)
    }
}
