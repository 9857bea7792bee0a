import Foundation
import StaffbookCore

extension Problem {
    /// An admin who may not be the second pair of eyes: when they may, where that is known.
    init(notASecond refusal: SecondAdminRefusal) {
        switch refusal {
        case .notAnAdmin: self = Problem(.notASecondAdmin)
        case .tooNew(let from): self = Problem(.notASecondAdmin, detail: FourEyesTexts.tooNew(from: from))
        }
    }

    /// A refused change of who is an admin.
    init(adminChange refusal: AdminChangeRefusal) {
        switch refusal {
        case .ownRequest: self = Problem(.ownRequest)
        case .notASecond(let refusal): self = Problem(notASecond: refusal)
        }
    }
}

/// The four-eyes rule's words.
enum FourEyesTexts {
    static func tooNew(from: Date) -> LocalizedText {
        let day = CalendarDay(from).iso
        let time = Calendar.prague.dateComponents([.hour, .minute], from: from)
        let at = "\(day) \(String(format: "%02d:%02d", time.hour ?? 0, time.minute ?? 0))"
        return LocalizedText(
            en: "You became an admin recently: you can be the second pair of eyes from \(at) (Prague time). Another admin agrees meanwhile.",
            cs: "Adminem jste teprve krátce: druhým párem očí můžete být od \(at) (pražského času). Do té doby souhlasí jiný admin.")
    }
}
