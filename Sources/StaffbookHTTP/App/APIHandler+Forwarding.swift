import StaffbookAPI

/// The generated protocol's conformance: each operation goes to the area that answers it.
extension APIHandler {
    // MARK: Auth

    func acceptInvitation(_ input: Operations.AcceptInvitation.Input) async throws -> Operations.AcceptInvitation.Output {
        try await auth.acceptInvitation(input)
    }
    func resetPassword(_ input: Operations.ResetPassword.Input) async throws -> Operations.ResetPassword.Output {
        try await auth.resetPassword(input)
    }
    func requestPasswordReset(_ input: Operations.RequestPasswordReset.Input) async throws -> Operations.RequestPasswordReset.Output {
        try await auth.requestPasswordReset(input)
    }
    func resendInvitation(_ input: Operations.ResendInvitation.Input) async throws -> Operations.ResendInvitation.Output {
        try await auth.resendInvitation(input)
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
    func logout(_ input: Operations.Logout.Input) async throws -> Operations.Logout.Output { try await auth.logout(input) }
    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output { try await auth.getMe(input) }
    func listMySessions(_ input: Operations.ListMySessions.Input) async throws -> Operations.ListMySessions.Output {
        try await auth.listMySessions(input)
    }
    func endMySession(_ input: Operations.EndMySession.Input) async throws -> Operations.EndMySession.Output { try await auth.endMySession(input) }

    // MARK: People

    func getMyBillingDetails(_ input: Operations.GetMyBillingDetails.Input) async throws -> Operations.GetMyBillingDetails.Output {
        try await people.getMyBillingDetails(input)
    }
    func putMyBillingDetails(_ input: Operations.PutMyBillingDetails.Input) async throws -> Operations.PutMyBillingDetails.Output {
        try await people.putMyBillingDetails(input)
    }
    func getUserBillingDetails(_ input: Operations.GetUserBillingDetails.Input) async throws -> Operations.GetUserBillingDetails.Output {
        try await people.getUserBillingDetails(input)
    }
    func putUserBillingDetails(_ input: Operations.PutUserBillingDetails.Input) async throws -> Operations.PutUserBillingDetails.Output {
        try await people.putUserBillingDetails(input)
    }

    func listUsers(_ input: Operations.ListUsers.Input) async throws -> Operations.ListUsers.Output { try await people.listUsers(input) }
    func getUser(_ input: Operations.GetUser.Input) async throws -> Operations.GetUser.Output { try await people.getUser(input) }
    func getMyRate(_ input: Operations.GetMyRate.Input) async throws -> Operations.GetMyRate.Output { try await people.getMyRate(input) }
    func createUser(_ input: Operations.CreateUser.Input) async throws -> Operations.CreateUser.Output { try await people.createUser(input) }
    func updateUser(_ input: Operations.UpdateUser.Input) async throws -> Operations.UpdateUser.Output { try await people.updateUser(input) }
    func deactivateUser(_ input: Operations.DeactivateUser.Input) async throws -> Operations.DeactivateUser.Output {
        try await people.deactivateUser(input)
    }
    func reactivateUser(_ input: Operations.ReactivateUser.Input) async throws -> Operations.ReactivateUser.Output {
        try await people.reactivateUser(input)
    }
    func addContract(_ input: Operations.AddContract.Input) async throws -> Operations.AddContract.Output { try await people.addContract(input) }
    func endContract(_ input: Operations.EndContract.Input) async throws -> Operations.EndContract.Output { try await people.endContract(input) }

    // MARK: Rates

    func listUserRates(_ input: Operations.ListUserRates.Input) async throws -> Operations.ListUserRates.Output {
        try await rates.listUserRates(input)
    }
    func addUserRate(_ input: Operations.AddUserRate.Input) async throws -> Operations.AddUserRate.Output { try await rates.addUserRate(input) }
    func correctUserRate(_ input: Operations.CorrectUserRate.Input) async throws -> Operations.CorrectUserRate.Output {
        try await rates.correctUserRate(input)
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

    // MARK: Teams

    func listTeams(_ input: Operations.ListTeams.Input) async throws -> Operations.ListTeams.Output { try await teams.listTeams(input) }
    func createTeam(_ input: Operations.CreateTeam.Input) async throws -> Operations.CreateTeam.Output { try await teams.createTeam(input) }
    func renameTeam(_ input: Operations.RenameTeam.Input) async throws -> Operations.RenameTeam.Output { try await teams.renameTeam(input) }
    func putTeamMember(_ input: Operations.PutTeamMember.Input) async throws -> Operations.PutTeamMember.Output {
        try await teams.putTeamMember(input)
    }
    func removeTeamMember(_ input: Operations.RemoveTeamMember.Input) async throws -> Operations.RemoveTeamMember.Output {
        try await teams.removeTeamMember(input)
    }

    // MARK: Invoices

    func confirmInvoiceBankAccount(_ input: Operations.ConfirmInvoiceBankAccount.Input) async throws -> Operations.ConfirmInvoiceBankAccount.Output {
        try await invoices.confirmInvoiceBankAccount(input)
    }

    func listInvoiceFiles(_ input: Operations.ListInvoiceFiles.Input) async throws -> Operations.ListInvoiceFiles.Output {
        try await invoices.listInvoiceFiles(input)
    }
    func downloadInvoiceFileVersion(_ input: Operations.DownloadInvoiceFileVersion.Input) async throws -> Operations.DownloadInvoiceFileVersion.Output
    { try await invoices.downloadInvoiceFileVersion(input) }
    func createFileLink(_ input: Operations.CreateFileLink.Input) async throws -> Operations.CreateFileLink.Output {
        try await invoices.createFileLink(input)
    }
    func downloadByFileLink(_ input: Operations.DownloadByFileLink.Input) async throws -> Operations.DownloadByFileLink.Output {
        try await invoices.downloadByFileLink(input)
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
        try await invoices.downloadInvoiceFile(input)
    }
    func getInvoice(_ input: Operations.GetInvoice.Input) async throws -> Operations.GetInvoice.Output { try await invoices.getInvoice(input) }
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

    // MARK: Time

    func listMyTimeEntries(_ input: Operations.ListMyTimeEntries.Input) async throws -> Operations.ListMyTimeEntries.Output {
        try await time.listMyTimeEntries(input)
    }
    func listUserTimeEntries(_ input: Operations.ListUserTimeEntries.Input) async throws -> Operations.ListUserTimeEntries.Output {
        try await time.listUserTimeEntries(input)
    }
    func createMyTimeEntry(_ input: Operations.CreateMyTimeEntry.Input) async throws -> Operations.CreateMyTimeEntry.Output {
        try await time.createMyTimeEntry(input)
    }
    func updateMyTimeEntry(_ input: Operations.UpdateMyTimeEntry.Input) async throws -> Operations.UpdateMyTimeEntry.Output {
        try await time.updateMyTimeEntry(input)
    }
    func updateUserTimeEntry(_ input: Operations.UpdateUserTimeEntry.Input) async throws -> Operations.UpdateUserTimeEntry.Output {
        try await time.updateUserTimeEntry(input)
    }
    func deleteMyTimeEntry(_ input: Operations.DeleteMyTimeEntry.Input) async throws -> Operations.DeleteMyTimeEntry.Output {
        try await time.deleteMyTimeEntry(input)
    }
    func deleteUserTimeEntry(_ input: Operations.DeleteUserTimeEntry.Input) async throws -> Operations.DeleteUserTimeEntry.Output {
        try await time.deleteUserTimeEntry(input)
    }
    func getMyTimer(_ input: Operations.GetMyTimer.Input) async throws -> Operations.GetMyTimer.Output { try await time.getMyTimer(input) }
    func applyMyTimeEntryBatch(_ input: Operations.ApplyMyTimeEntryBatch.Input) async throws -> Operations.ApplyMyTimeEntryBatch.Output {
        try await time.applyMyTimeEntryBatch(input)
    }

    func getMyTimesheet(_ input: Operations.GetMyTimesheet.Input) async throws -> Operations.GetMyTimesheet.Output {
        try await timesheets.getMyTimesheet(input)
    }

    func submitMyTimesheet(_ input: Operations.SubmitMyTimesheet.Input) async throws -> Operations.SubmitMyTimesheet.Output {
        try await timesheets.submitMyTimesheet(input)
    }

    func approveTimesheet(_ input: Operations.ApproveTimesheet.Input) async throws -> Operations.ApproveTimesheet.Output {
        try await timesheets.approveTimesheet(input)
    }

    func returnTimesheet(_ input: Operations.ReturnTimesheet.Input) async throws -> Operations.ReturnTimesheet.Output {
        try await timesheets.returnTimesheet(input)
    }

    func reopenTimesheet(_ input: Operations.ReopenTimesheet.Input) async throws -> Operations.ReopenTimesheet.Output {
        try await timesheets.reopenTimesheet(input)
    }

    func getTeamTimeSummary(_ input: Operations.GetTeamTimeSummary.Input) async throws -> Operations.GetTeamTimeSummary.Output {
        try await timesheets.getTeamTimeSummary(input)
    }

    func listAbsenceKinds(_ input: Operations.ListAbsenceKinds.Input) async throws -> Operations.ListAbsenceKinds.Output {
        try await absences.listAbsenceKinds(input)
    }

    func putAbsenceKind(_ input: Operations.PutAbsenceKind.Input) async throws -> Operations.PutAbsenceKind.Output {
        try await absences.putAbsenceKind(input)
    }

    func listMyAbsences(_ input: Operations.ListMyAbsences.Input) async throws -> Operations.ListMyAbsences.Output {
        try await absences.listMyAbsences(input)
    }

    func requestAbsence(_ input: Operations.RequestAbsence.Input) async throws -> Operations.RequestAbsence.Output {
        try await absences.requestAbsence(input)
    }

    func approveAbsence(_ input: Operations.ApproveAbsence.Input) async throws -> Operations.ApproveAbsence.Output {
        try await absences.approveAbsence(input)
    }

    func rejectAbsence(_ input: Operations.RejectAbsence.Input) async throws -> Operations.RejectAbsence.Output {
        try await absences.rejectAbsence(input)
    }

    func cancelAbsence(_ input: Operations.CancelAbsence.Input) async throws -> Operations.CancelAbsence.Output {
        try await absences.cancelAbsence(input)
    }

    func listTeamAbsences(_ input: Operations.ListTeamAbsences.Input) async throws -> Operations.ListTeamAbsences.Output {
        try await absences.listTeamAbsences(input)
    }

    func getMyVacationBalance(_ input: Operations.GetMyVacationBalance.Input) async throws -> Operations.GetMyVacationBalance.Output {
        try await absences.getMyVacationBalance(input)
    }

    func getVacationBalance(_ input: Operations.GetVacationBalance.Input) async throws -> Operations.GetVacationBalance.Output {
        try await absences.getVacationBalance(input)
    }

    func listAbsences(_ input: Operations.ListAbsences.Input) async throws -> Operations.ListAbsences.Output {
        try await absences.listAbsences(input)
    }

    func setVacationEntitlement(_ input: Operations.SetVacationEntitlement.Input) async throws -> Operations.SetVacationEntitlement.Output {
        try await absences.setVacationEntitlement(input)
    }

    func clearVacationEntitlement(_ input: Operations.ClearVacationEntitlement.Input) async throws -> Operations.ClearVacationEntitlement.Output {
        try await absences.clearVacationEntitlement(input)
    }

    func createCalendarFeed(_ input: Operations.CreateCalendarFeed.Input) async throws -> Operations.CreateCalendarFeed.Output {
        try await calendarFeeds.createCalendarFeed(input)
    }

    func listMyCalendarFeeds(_ input: Operations.ListMyCalendarFeeds.Input) async throws -> Operations.ListMyCalendarFeeds.Output {
        try await calendarFeeds.listMyCalendarFeeds(input)
    }

    func revokeCalendarFeed(_ input: Operations.RevokeCalendarFeed.Input) async throws -> Operations.RevokeCalendarFeed.Output {
        try await calendarFeeds.revokeCalendarFeed(input)
    }

    func readCalendarFeed(_ input: Operations.ReadCalendarFeed.Input) async throws -> Operations.ReadCalendarFeed.Output {
        try await calendarFeeds.readCalendarFeed(input)
    }

    func updateMyTimer(_ input: Operations.UpdateMyTimer.Input) async throws -> Operations.UpdateMyTimer.Output {
        try await time.updateMyTimer(input)
    }
    func startMyTimer(_ input: Operations.StartMyTimer.Input) async throws -> Operations.StartMyTimer.Output { try await time.startMyTimer(input) }
    func stopMyTimer(_ input: Operations.StopMyTimer.Input) async throws -> Operations.StopMyTimer.Output { try await time.stopMyTimer(input) }
    func cancelMyTimer(_ input: Operations.CancelMyTimer.Input) async throws -> Operations.CancelMyTimer.Output {
        try await time.cancelMyTimer(input)
    }
    func getMyTimeSummary(_ input: Operations.GetMyTimeSummary.Input) async throws -> Operations.GetMyTimeSummary.Output {
        try await time.getMyTimeSummary(input)
    }
    func getUserTimeSummary(_ input: Operations.GetUserTimeSummary.Input) async throws -> Operations.GetUserTimeSummary.Output {
        try await time.getUserTimeSummary(input)
    }
    func getTimeReport(_ input: Operations.GetTimeReport.Input) async throws -> Operations.GetTimeReport.Output {
        try await time.getTimeReport(input)
    }
    func exportMyTimeEntries(_ input: Operations.ExportMyTimeEntries.Input) async throws -> Operations.ExportMyTimeEntries.Output {
        try await time.exportMyTimeEntries(input)
    }
    func exportTimeEntries(_ input: Operations.ExportTimeEntries.Input) async throws -> Operations.ExportTimeEntries.Output {
        try await time.exportTimeEntries(input)
    }
    func importMyTimeEntries(_ input: Operations.ImportMyTimeEntries.Input) async throws -> Operations.ImportMyTimeEntries.Output {
        try await time.importMyTimeEntries(input)
    }
    func listClients(_ input: Operations.ListClients.Input) async throws -> Operations.ListClients.Output { try await time.listClients(input) }
    func createClient(_ input: Operations.CreateClient.Input) async throws -> Operations.CreateClient.Output { try await time.createClient(input) }
    func updateClient(_ input: Operations.UpdateClient.Input) async throws -> Operations.UpdateClient.Output { try await time.updateClient(input) }
    func listProjects(_ input: Operations.ListProjects.Input) async throws -> Operations.ListProjects.Output { try await time.listProjects(input) }
    func createProject(_ input: Operations.CreateProject.Input) async throws -> Operations.CreateProject.Output {
        try await time.createProject(input)
    }
    func updateProject(_ input: Operations.UpdateProject.Input) async throws -> Operations.UpdateProject.Output {
        try await time.updateProject(input)
    }

    // MARK: Notifications

    func listMyNotifications(_ input: Operations.ListMyNotifications.Input) async throws -> Operations.ListMyNotifications.Output {
        try await notifications.listMyNotifications(input)
    }
    func listNotifications(_ input: Operations.ListNotifications.Input) async throws -> Operations.ListNotifications.Output {
        try await notifications.listNotifications(input)
    }
    func getMyNotificationPreferences(_ input: Operations.GetMyNotificationPreferences.Input) async throws
        -> Operations.GetMyNotificationPreferences.Output
    { try await notifications.getMyNotificationPreferences(input) }
    func putMyNotificationPreferences(_ input: Operations.PutMyNotificationPreferences.Input) async throws
        -> Operations.PutMyNotificationPreferences.Output
    { try await notifications.putMyNotificationPreferences(input) }

    // MARK: MonthEnd

    func listJobs(_ input: Operations.ListJobs.Input) async throws -> Operations.ListJobs.Output { try await monthEnd.listJobs(input) }
    func runJob(_ input: Operations.RunJob.Input) async throws -> Operations.RunJob.Output { try await monthEnd.runJob(input) }
    func remindMissingInvoice(_ input: Operations.RemindMissingInvoice.Input) async throws -> Operations.RemindMissingInvoice.Output {
        try await monthEnd.remindMissingInvoice(input)
    }
    func getReminderSettings(_ input: Operations.GetReminderSettings.Input) async throws -> Operations.GetReminderSettings.Output {
        try await monthEnd.getReminderSettings(input)
    }
    func putReminderSettings(_ input: Operations.PutReminderSettings.Input) async throws -> Operations.PutReminderSettings.Output {
        try await monthEnd.putReminderSettings(input)
    }

    // MARK: Payments

    func getPaymentSettings(_ input: Operations.GetPaymentSettings.Input) async throws -> Operations.GetPaymentSettings.Output {
        try await payments.getPaymentSettings(input)
    }
    func putPaymentSettings(_ input: Operations.PutPaymentSettings.Input) async throws -> Operations.PutPaymentSettings.Output {
        try await payments.putPaymentSettings(input)
    }
    func listPaymentRuns(_ input: Operations.ListPaymentRuns.Input) async throws -> Operations.ListPaymentRuns.Output {
        try await payments.listPaymentRuns(input)
    }
    func createPaymentRun(_ input: Operations.CreatePaymentRun.Input) async throws -> Operations.CreatePaymentRun.Output {
        try await payments.createPaymentRun(input)
    }
    func getPaymentRun(_ input: Operations.GetPaymentRun.Input) async throws -> Operations.GetPaymentRun.Output {
        try await payments.getPaymentRun(input)
    }
    func downloadPaymentRunFile(_ input: Operations.DownloadPaymentRunFile.Input) async throws -> Operations.DownloadPaymentRunFile.Output {
        try await payments.downloadPaymentRunFile(input)
    }
    func createPaymentRunFileLink(_ input: Operations.CreatePaymentRunFileLink.Input) async throws -> Operations.CreatePaymentRunFileLink.Output {
        try await payments.createPaymentRunFileLink(input)
    }
    func markPaymentRunSent(_ input: Operations.MarkPaymentRunSent.Input) async throws -> Operations.MarkPaymentRunSent.Output {
        try await payments.markPaymentRunSent(input)
    }
    func cancelPaymentRun(_ input: Operations.CancelPaymentRun.Input) async throws -> Operations.CancelPaymentRun.Output {
        try await payments.cancelPaymentRun(input)
    }
    func importBankStatement(_ input: Operations.ImportBankStatement.Input) async throws -> Operations.ImportBankStatement.Output {
        try await payments.importBankStatement(input)
    }

    // MARK: Operations

    func getLiveness(_ input: Operations.GetLiveness.Input) async throws -> Operations.GetLiveness.Output { try await operations.getLiveness(input) }
    func getReadiness(_ input: Operations.GetReadiness.Input) async throws -> Operations.GetReadiness.Output {
        try await operations.getReadiness(input)
    }
    func getOpenAPIDocument(_ input: Operations.GetOpenAPIDocument.Input) async throws -> Operations.GetOpenAPIDocument.Output {
        try await operations.getOpenAPIDocument(input)
    }
    func getMetrics(_ input: Operations.GetMetrics.Input) async throws -> Operations.GetMetrics.Output { try await operations.getMetrics(input) }
    func getDocs(_ input: Operations.GetDocs.Input) async throws -> Operations.GetDocs.Output { try await operations.getDocs(input) }

    func listMyTokens(_ input: Operations.ListMyTokens.Input) async throws -> Operations.ListMyTokens.Output {
        try await personalTokens.listMyTokens(input)
    }
    func createMyToken(_ input: Operations.CreateMyToken.Input) async throws -> Operations.CreateMyToken.Output {
        try await personalTokens.createMyToken(input)
    }
    func revokeMyToken(_ input: Operations.RevokeMyToken.Input) async throws -> Operations.RevokeMyToken.Output {
        try await personalTokens.revokeMyToken(input)
    }
    func listUserTokens(_ input: Operations.ListUserTokens.Input) async throws -> Operations.ListUserTokens.Output {
        try await personalTokens.listUserTokens(input)
    }
    func revokeUserToken(_ input: Operations.RevokeUserToken.Input) async throws -> Operations.RevokeUserToken.Output {
        try await personalTokens.revokeUserToken(input)
    }
}
