import Hummingbird

/// A set of pages served beside the API on the same router and middleware (the desk): built by
/// the composition root from the same `Services` the API's areas use.
package protocol PageArea: Sendable {
    func register(on router: Router<AppRequestContext>)
}
