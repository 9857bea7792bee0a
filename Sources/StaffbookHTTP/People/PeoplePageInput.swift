import Foundation
import StaffbookCore

/// The API's checks of what a person sends about people and rates, for pages that send the same.
package enum PeoplePageInput {
    /// A new rate as `POST /v1/users/{id}/rates` reads its body.
    package static func rate(amount: String, effectiveFrom: String, reason: String?) throws -> NewRateEntry {
        var validation = InputValidation()
        let amount = validation.money(amount, field: "body.amount")
        let from = validation.day(effectiveFrom, field: "body.effectiveFrom")
        let reason = validation.optionalText(reason, field: "body.reason", maxLength: 500)
        try validation.check()
        guard let amount, let from else { throw Problem(.validationFailed) }
        return NewRateEntry(amount: amount, effectiveFrom: from, reason: reason.nilIfEmpty)
    }

    /// Profile changes as `PATCH /v1/users/{id}` reads its body: absent stays, `""` clears an
    /// optional text, a capacity is hours a week to a tenth between 0 and 80.
    package static func profile(
        firstName: String?, lastName: String?, academicTitle: String?, position: String?, capacityHoursPerWeek: Double?,
        phone: String?, personalEmail: String?, roles: [String]?, language: Language?
    ) throws -> ProfileChanges {
        var validation = InputValidation()
        let changes = ProfileChanges(
            firstName: firstName.map { validation.requiredText($0, field: "body.firstName", maxLength: 100) },
            lastName: lastName.map { validation.requiredText($0, field: "body.lastName", maxLength: 100) },
            academicTitle: validation.optionalText(academicTitle, field: "body.academicTitle", maxLength: 50),
            position: validation.optionalText(position, field: "body.position", maxLength: 100),
            capacityHoursPerWeek: validation.capacity(capacityHoursPerWeek, field: "body.capacityHoursPerWeek"),
            phone: validation.phone(phone, field: "body.phone"),
            personalEmail: validation.email(personalEmail, field: "body.personalEmail"),
            roles: roles.map { Set($0.compactMap(Role.init(rawValue:))) },
            language: language
        )
        try validation.check()
        return changes
    }

    /// Billing details as `PUT /v1/me/billing` reads its body: each checked (the IČO's and the
    /// account's check digits, a known bank code, an IBAN's checksum); empty clears it.
    package static func billing(ico: String?, dic: String?, bankAccount: String?) throws -> BillingDetails {
        var validation = InputValidation()
        var details = BillingDetails()
        if let text = ico?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            details.ico = CompanyNumbers.ico(text)
            if details.ico == nil { validation.fail("body.ico", "ico", InvoiceTexts.ico) }
        }
        if let text = dic?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            details.dic = CompanyNumbers.dic(text)
            if details.dic == nil { validation.fail("body.dic", "dic", InvoiceTexts.dic) }
        }
        if let text = bankAccount?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            do {
                details.bankAccount = try BankAccount(text)
            } catch {
                validation.fail("body.bankAccount", error.rawValue, InvoiceTexts.bankAccount(error))
            }
        }
        try validation.check()
        return details
    }

    /// A name to search for and a team, as the list's `q` and `teamId` are read.
    package static func filter(query: String?, teamId: String?, active: Bool?) throws -> PeopleFilter {
        var validation = InputValidation()
        let search = validation.optionalText(query, field: "query.q", maxLength: 100)
        var team: UUID?
        if let teamId, !teamId.isEmpty {
            team = UUID(uuidString: teamId)
            if team == nil { validation.fail("query.teamId", "uuid", PeopleTexts.notATeamId) }
        }
        try validation.check()
        return PeopleFilter(query: search?.isEmpty == true ? nil : search, active: active, teamId: team)
    }
}
