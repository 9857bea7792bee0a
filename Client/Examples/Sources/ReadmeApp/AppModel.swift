import Foundation
import StaffbookClient

/// Where the app keeps the token pair between launches (the Keychain on iOS).
public protocol TokenStore: Sendable {
    func load() -> TokenPair?
    func save(_ tokens: TokenPair?)
}

@MainActor
public final class AppModel {
    public private(set) var months: [Components.Schemas.MyInvoice] = []
    public private(set) var message: String?
    public private(set) var signedIn = false
    private let staffbook: Staffbook

    public init(server: URL, store: any TokenStore) {
        // Restore the pair saved at the last launch; the first request renews it if it expired.
        let saved = store.load()
        let (signOuts, signedOut) = AsyncStream.makeStream(of: Void.self)
        signedIn = saved != nil
        staffbook = Staffbook(
            serverURL: server,
            language: Locale.current.language.languageCode?.identifier == "cs" ? "cs" : "en",
            tokens: saved,
            onTokensChange: { tokens in store.save(tokens) },  // on the vault's actor: saving only
            onSignedOut: { signedOut.yield() }
        )
        // The callbacks run off the main actor; the model hears of a sign-out here, on it.
        Task { [weak self] in
            for await _ in signOuts { self?.signedIn = false }
        }
    }

    public func signIn(email: String, password: String) async {
        do {
            try await staffbook.signIn(email: email, password: password)
            signedIn = true
            await loadMonths()
        } catch {
            message = error.localizedDescription  // the server's sentence, never the password
        }
    }

    public func loadMonths() async {
        do {
            months = try await staffbook.api.listMyInvoices(query: .init(limit: 12)).ok.body.json.items
        } catch let problem as StaffbookProblem {
            message = problem.localizedDescription
        } catch is SignedOut {
            signedIn = false
        } catch {
            message = error.localizedDescription  // StaffbookTransportError: no answer came
        }
    }

    public func upload(pdf: Data, month: Month, amount: Money) async {
        do {
            let invoice = try await staffbook.uploadInvoice(month: month, pdf: pdf, amount: amount)
            message = "\(invoice.period): \(invoice.state)"
            await loadMonths()
        } catch {
            message = error.localizedDescription
        }
    }
}
