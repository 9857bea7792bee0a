import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/settings/payments`: the account runs pay from.
extension PaymentsAPI {
    func getPaymentSettings(_ input: Operations.GetPaymentSettings.Input) async throws -> Operations.GetPaymentSettings.Output {
        .ok(.init(body: .json(Self.settings(try await runs.paymentSettings()))))
    }

    func putPaymentSettings(_ input: Operations.PutPaymentSettings.Input) async throws -> Operations.PutPaymentSettings.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let name = body.name.trimmingCharacters(in: .whitespaces)
        if !PaymentSettings.nameLength.contains(name.count) || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            validation.fail("body.name", "length", PaymentTexts.name)
        }
        let account = validation.bankAccount(body.account, field: "body.account")
        // An ABO file names Czech accounts only: a foreign company account would make every
        // download of it fail.
        if let account, body.format.rawValue == BankFileFormat.abo.rawValue, account.domestic == nil {
            validation.fail("body.account", "not_czech", PaymentTexts.aboNeedsCzechAccount)
        }
        let bic = body.bic.map { $0.uppercased() }
        if let bic, !PaymentSettings.isBIC(bic) { validation.fail("body.bic", "format", PaymentTexts.bic) }
        let days = body.unmatchedAfterDays ?? PaymentSettings().unmatchedAfterDays
        if !PaymentSettings.allowedUnmatchedAfterDays.contains(days) {
            validation.fail("body.unmatchedAfterDays", "range", PaymentTexts.unmatchedAfterDays)
        }
        try validation.check()
        let settings = PaymentSettings(
            name: name, account: account?.iban, bic: bic, format: BankFileFormat(rawValue: body.format.rawValue) ?? .abo, unmatchedAfterDays: days
        )
        try await runs.savePaymentSettings(settings, by: caller.accountId, now: clock.now())
        return .ok(.init(body: .json(Self.settings(settings))))
    }

    private static func settings(_ settings: PaymentSettings) -> Components.Schemas.PaymentSettings {
        .init(
            name: settings.name, account: settings.account, accountDomestic: settings.payer?.account.domestic, bic: settings.bic,
            format: .init(rawValue: settings.format.rawValue) ?? .abo, unmatchedAfterDays: settings.unmatchedAfterDays
        )
    }
}
