import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/payment-runs/statements`: the bank's statement pays the runs.
extension PaymentsAPI {
    func importBankStatement(_ input: Operations.ImportBankStatement.Input) async throws -> Operations.ImportBankStatement.Output {
        let caller = try RequestScope.requireCaller()
        let body: HTTPBody
        switch input.body {
        case .xml(let given): body = given
        case .plainText(let given): body = given
        case .binary(let given): body = given
        }
        // The body limit middleware bounds what arrives; the reader refuses more than it reads.
        let data = try await Data(collecting: body, upTo: .max)
        let report = try await service.importStatement(data, confirm: input.query.confirm ?? false, actorId: caller.accountId)
        return .ok(.init(body: .json(Self.statementImport(report))))
    }
}
