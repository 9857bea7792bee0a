import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// Billing details: the IČO, DIČ and bank account a contractor invoices with.
extension PeopleAPI {
    func getMyBillingDetails(_ input: Operations.GetMyBillingDetails.Input) async throws -> Operations.GetMyBillingDetails.Output {
        let caller = try RequestScope.requireCaller()
        guard let details = try await people.billingDetails(personId: caller.accountId) else { throw Problem.unauthenticated(invalidToken: true) }
        return .ok(.init(body: .json(Self.billing(details))))
    }

    func putMyBillingDetails(_ input: Operations.PutMyBillingDetails.Input) async throws -> Operations.PutMyBillingDetails.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let details = try Self.details(body)
        guard let saved = try await people.setBillingDetails(personId: caller.accountId, details: details, by: caller.accountId, now: clock.now())
        else { throw Problem.unauthenticated(invalidToken: true) }
        return .ok(.init(body: .json(Self.billing(saved))))
    }

    func getUserBillingDetails(_ input: Operations.GetUserBillingDetails.Input) async throws -> Operations.GetUserBillingDetails.Output {
        let id = try InputValidation.pathID(input.path.userId)
        guard let details = try await people.billingDetails(personId: id) else { throw Problem(.notFound) }
        return .ok(.init(body: .json(Self.billing(details))))
    }

    func putUserBillingDetails(_ input: Operations.PutUserBillingDetails.Input) async throws -> Operations.PutUserBillingDetails.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let details = try Self.details(body)
        guard let saved = try await people.setBillingDetails(personId: id, details: details, by: caller.accountId, now: clock.now()) else {
            throw Problem(.notFound)
        }
        return .ok(.init(body: .json(Self.billing(saved))))
    }

    static func details(_ body: Components.Schemas.BillingDetailsInput) throws -> BillingDetails {
        try PeoplePageInput.billing(ico: body.ico, dic: body.dic, bankAccount: body.bankAccount)
    }

    static func billing(_ details: BillingDetails) -> Components.Schemas.BillingDetails {
        .init(ico: details.ico, dic: details.dic, bankAccount: details.bankAccount.map(InvoiceSchemas.bankAccount))
    }
}
