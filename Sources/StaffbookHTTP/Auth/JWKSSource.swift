import Foundation
import StaffbookCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a JSON Web Key Set comes from.
protocol JWKSSource: Sendable {
    /// The key set document.
    func fetch() async throws -> Data
}

/// A key set at a URL: `https://` in production, `file://` for tests and offline installations.
struct URLJWKSSource: JWKSSource {
    let url: URL

    func fetch() async throws -> Data {
        if url.isFileURL {
            return try Data(contentsOf: url)
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 5)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            throw URLError(.badServerResponse)
        }
        return data
    }
}
