import Foundation
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// A person's data as a ZIP from **Me** (their own) and from a person's page (an admin's, for
/// the person's request): the API's export, as a download.
extension Desk {
    func exportMine(_ view: DeskView) async throws -> Response {
        let session = try require(view, "exportMyData")
        return try await download(of: session.account.id, by: session.account.id)
    }

    func exportPerson(_ view: DeskView, id: String?) async throws -> Response {
        let session = try require(view, "exportUserData")
        guard let personId = id.flatMap(UUID.init(uuidString:)) else { throw DeskRefusal.notFound }
        return try await download(of: personId, by: session.account.id)
    }

    private func download(of personId: UUID, by actor: UUID) async throws -> Response {
        guard let archive = try await services.personalDataExporter.archive(of: personId, by: actor) else { throw DeskRefusal.notFound }
        return DeskPage.download(archive.data, type: "application/zip", name: archive.fileName)
    }
}
