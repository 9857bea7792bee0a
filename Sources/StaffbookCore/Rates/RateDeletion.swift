import Foundation

package enum RateDeletion: Sendable, Equatable {
    case deleted
    case inEffect
    case notFound
    case superseded(by: UUID)
}
