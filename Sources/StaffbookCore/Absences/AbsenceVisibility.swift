import Foundation

/// Who sees what kind of time off someone takes: a private kind (sick leave) is the person's
/// and the admins' to see; a leader's calendar and a team's feed show it as "away", without its
/// note.
package enum AbsenceVisibility {
    /// The kind shown for a private one.
    package static let awayCode = "away"
    package static let away = LocalizedText(en: "Away", cs: "Nepřítomnost")

    /// The absence as `viewerId` may see it.
    package static func shown(_ absence: Absence, privateKinds: Set<String>, viewerId: UUID?, viewerIsAdmin: Bool) -> Absence {
        guard privateKinds.contains(absence.kind), absence.personId != viewerId, !viewerIsAdmin else { return absence }
        var shown = absence
        shown.kind = awayCode
        shown.note = nil
        shown.reason = nil
        return shown
    }
}
