import StaffbookAPI

/// The generated `APIProtocol`, answered by one handler per domain area.
struct APIHandler: APIProtocol {
    let operations: OperationsHandler
    let auth: AuthHandler
    let me: MeHandler
    let people: PeopleHandler
    let rates: RatesHandler
    let teams: TeamsHandler
    let myInvoices: MyInvoicesHandler
    let invoices: InvoicesAdminHandler

    func getLiveness(_ input: Operations.GetLiveness.Input) async throws -> Operations.GetLiveness.Output {
        try await operations.getLiveness(input)
    }

    func getReadiness(_ input: Operations.GetReadiness.Input) async throws -> Operations.GetReadiness.Output {
        try await operations.getReadiness(input)
    }

    func getOpenAPIDocument(_ input: Operations.GetOpenAPIDocument.Input) async throws -> Operations.GetOpenAPIDocument.Output {
        try await operations.getOpenAPIDocument(input)
    }

    func getMetrics(_ input: Operations.GetMetrics.Input) async throws -> Operations.GetMetrics.Output {
        try await operations.getMetrics(input)
    }

    func signInWithPassword(_ input: Operations.SignInWithPassword.Input) async throws -> Operations.SignInWithPassword.Output {
        try await auth.signInWithPassword(input)
    }

    func signInWithGoogle(_ input: Operations.SignInWithGoogle.Input) async throws -> Operations.SignInWithGoogle.Output {
        try await auth.signInWithGoogle(input)
    }

    func refreshTokens(_ input: Operations.RefreshTokens.Input) async throws -> Operations.RefreshTokens.Output {
        try await auth.refreshTokens(input)
    }

    func logout(_ input: Operations.Logout.Input) async throws -> Operations.Logout.Output {
        try await auth.logout(input)
    }

    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        try await me.getMe(input)
    }

    func listMySessions(_ input: Operations.ListMySessions.Input) async throws -> Operations.ListMySessions.Output {
        try await me.listMySessions(input)
    }

    func endMySession(_ input: Operations.EndMySession.Input) async throws -> Operations.EndMySession.Output {
        try await me.endMySession(input)
    }

    func getMyRate(_ input: Operations.GetMyRate.Input) async throws -> Operations.GetMyRate.Output {
        try await people.getMyRate(input)
    }

    func listUsers(_ input: Operations.ListUsers.Input) async throws -> Operations.ListUsers.Output {
        try await people.listUsers(input)
    }

    func createUser(_ input: Operations.CreateUser.Input) async throws -> Operations.CreateUser.Output {
        try await people.createUser(input)
    }

    func getUser(_ input: Operations.GetUser.Input) async throws -> Operations.GetUser.Output {
        try await people.getUser(input)
    }

    func updateUser(_ input: Operations.UpdateUser.Input) async throws -> Operations.UpdateUser.Output {
        try await people.updateUser(input)
    }

    func deactivateUser(_ input: Operations.DeactivateUser.Input) async throws -> Operations.DeactivateUser.Output {
        try await people.deactivateUser(input)
    }

    func reactivateUser(_ input: Operations.ReactivateUser.Input) async throws -> Operations.ReactivateUser.Output {
        try await people.reactivateUser(input)
    }

    func addContract(_ input: Operations.AddContract.Input) async throws -> Operations.AddContract.Output {
        try await people.addContract(input)
    }

    func endContract(_ input: Operations.EndContract.Input) async throws -> Operations.EndContract.Output {
        try await people.endContract(input)
    }

    func listUserRates(_ input: Operations.ListUserRates.Input) async throws -> Operations.ListUserRates.Output {
        try await rates.listUserRates(input)
    }

    func addUserRate(_ input: Operations.AddUserRate.Input) async throws -> Operations.AddUserRate.Output {
        try await rates.addUserRate(input)
    }

    func deleteUserRate(_ input: Operations.DeleteUserRate.Input) async throws -> Operations.DeleteUserRate.Output {
        try await rates.deleteUserRate(input)
    }

    func listRateIncreases(_ input: Operations.ListRateIncreases.Input) async throws -> Operations.ListRateIncreases.Output {
        try await rates.listRateIncreases(input)
    }

    func getAverageRateIncrease(_ input: Operations.GetAverageRateIncrease.Input) async throws -> Operations.GetAverageRateIncrease.Output {
        try await rates.getAverageRateIncrease(input)
    }

    func listTeams(_ input: Operations.ListTeams.Input) async throws -> Operations.ListTeams.Output {
        try await teams.listTeams(input)
    }

    func createTeam(_ input: Operations.CreateTeam.Input) async throws -> Operations.CreateTeam.Output {
        try await teams.createTeam(input)
    }

    func renameTeam(_ input: Operations.RenameTeam.Input) async throws -> Operations.RenameTeam.Output {
        try await teams.renameTeam(input)
    }

    func putTeamMember(_ input: Operations.PutTeamMember.Input) async throws -> Operations.PutTeamMember.Output {
        try await teams.putTeamMember(input)
    }

    func removeTeamMember(_ input: Operations.RemoveTeamMember.Input) async throws -> Operations.RemoveTeamMember.Output {
        try await teams.removeTeamMember(input)
    }

    func listMyInvoices(_ input: Operations.ListMyInvoices.Input) async throws -> Operations.ListMyInvoices.Output {
        try await myInvoices.listMyInvoices(input)
    }

    func uploadMyInvoice(_ input: Operations.UploadMyInvoice.Input) async throws -> Operations.UploadMyInvoice.Output {
        try await myInvoices.uploadMyInvoice(input)
    }

    func getMyEarnings(_ input: Operations.GetMyEarnings.Input) async throws -> Operations.GetMyEarnings.Output {
        try await myInvoices.getMyEarnings(input)
    }

    func downloadInvoiceFile(_ input: Operations.DownloadInvoiceFile.Input) async throws -> Operations.DownloadInvoiceFile.Output {
        try await myInvoices.downloadInvoiceFile(input)
    }

    func getInvoice(_ input: Operations.GetInvoice.Input) async throws -> Operations.GetInvoice.Output {
        try await myInvoices.getInvoice(input)
    }

    func listInvoices(_ input: Operations.ListInvoices.Input) async throws -> Operations.ListInvoices.Output {
        try await invoices.listInvoices(input)
    }

    func actOnInvoice(_ input: Operations.ActOnInvoice.Input) async throws -> Operations.ActOnInvoice.Output {
        try await invoices.actOnInvoice(input)
    }

    func bulkActOnInvoices(_ input: Operations.BulkActOnInvoices.Input) async throws -> Operations.BulkActOnInvoices.Output {
        try await invoices.bulkActOnInvoices(input)
    }

    func listMissingInvoices(_ input: Operations.ListMissingInvoices.Input) async throws -> Operations.ListMissingInvoices.Output {
        try await invoices.listMissingInvoices(input)
    }

    func generateStatements(_ input: Operations.GenerateStatements.Input) async throws -> Operations.GenerateStatements.Output {
        try await invoices.generateStatements(input)
    }

    func exportInvoices(_ input: Operations.ExportInvoices.Input) async throws -> Operations.ExportInvoices.Output {
        try await invoices.exportInvoices(input)
    }

    func markInvoicesExported(_ input: Operations.MarkInvoicesExported.Input) async throws -> Operations.MarkInvoicesExported.Output {
        try await invoices.markInvoicesExported(input)
    }
}
