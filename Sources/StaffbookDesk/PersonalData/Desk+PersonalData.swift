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
        switch try await services.personalDataExporter.export(of: personId, by: actor) {
        case .archive(let archive)?:
            return DeskPage.download(streaming: archive.chunks, count: archive.count, type: "application/zip", name: archive.fileName)
        // Too large for one answer: the link is mailed to whoever asked, so they are told on their own page.
        case .queued?: return DeskPage.redirect("/desk/me?done=exportQueued")
        case nil: throw DeskRefusal.notFound
        }
    }
}
