import Foundation
import StaffbookClient

// The flows an app runs, against a Staffbook server with the demo data:
//   staffbook-example <server URL> <a PDF> [month, e.g. 2026-11]
// A worker signs in, lists their months and uploads the month's invoice; an admin approves it
// (over its checks, with a reason) and follows the pages of the people list; both sign out.

func step(_ text: String) { print("• " + text) }

let arguments = CommandLine.arguments
guard arguments.count >= 3, let server = URL(string: arguments[1]) else {
    print("usage: staffbook-example <server URL> <pdf> [YYYY-MM]")
    exit(2)
}
let password = ProcessInfo.processInfo.environment["STAFFBOOK_PASSWORD"] ?? "staffbook-demo"

do {
    let pdf = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
    let month = arguments.count > 3 ? Month(arguments[3]) : Month(containing: Date())
    guard let month else {
        print("not a month: \(arguments[3])")
        exit(2)
    }

    let worker = Staffbook(serverURL: server, language: "en")
    let jan = try await worker.signIn(email: "jan.novak@staffbook.example", password: password)
    step("signed in as \(jan.firstName) \(jan.lastName)")

    let months = try await worker.api.listMyInvoices(query: .init(limit: 6)).ok.body.json.items
    step("months: " + months.map { "\($0.period) \($0.state)" + ($0.amount.map { " \($0)" } ?? "") }.joined(separator: ", "))

    let uploaded = try await worker.uploadInvoice(month: month, pdf: pdf, filename: "invoice-\(month).pdf", amount: Money("42000.50"))
    step("uploaded \(month): \(uploaded.state), \(uploaded.amount.map(\.description) ?? "no amount")")
    guard let invoiceId = uploaded.invoiceId else { throw ExampleFailure("the upload answered no invoice id") }

    let admin = Staffbook(serverURL: server, language: "en")
    try await admin.signIn(email: "admin@staffbook.example", password: password)
    let read = try await admin.api.getInvoice(path: .init(invoiceId: invoiceId)).ok
    let checks = try read.body.json.checks ?? []
    step("the admin reads it: version \(read.headers.eTag), \(checks.count) checks")
    let approved = try await admin.api.actOnInvoice(
        path: .init(invoiceId: invoiceId, action: .approve), headers: .init(ifMatch: read.headers.eTag),
        body: .json(.init(reason: "Checked by hand", override: true))
    ).ok.body.json
    step("approved: \(approved.state)")

    // A stale version is a problem an app can show as it is.
    do {
        _ = try await admin.api.actOnInvoice(path: .init(invoiceId: invoiceId, action: .approve), headers: .init(ifMatch: read.headers.eTag))
    } catch let problem as StaffbookProblem {
        step("the same version again: \(problem.status) \(problem.type), \"\(problem.localizedDescription)\"")
    }

    var pages = 0
    var people = 0
    for try await page in Pages({ cursor in try await admin.api.listUsers(query: .init(limit: 5, cursor: cursor)).ok.body.json }) {
        pages += 1
        people += page.items.count
    }
    step("people, 5 a page: \(people) on \(pages) pages")

    try await worker.signOut()
    try await admin.signOut()
    step("signed out")
} catch {
    print("failed: \(error.localizedDescription) (\(error))")
    exit(1)
}

struct ExampleFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
