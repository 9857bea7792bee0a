import Foundation

struct Team: Sendable, Equatable {
    struct Member: Sendable, Equatable, Decodable {
        var id: UUID
        var firstName: String
        var lastName: String
        var leader: Bool
    }

    var id: UUID
    var name: String
    /// In Czech name order.
    var members: [Member]
}

/// Keyset position of a team in name order.
struct TeamPosition: Codable, Sendable {
    var name: String
    var id: UUID

    enum CodingKeys: String, CodingKey {
        case name = "n", id = "i"
    }
}
