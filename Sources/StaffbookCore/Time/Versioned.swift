import Foundation

package enum Versioned<Value: Sendable & Equatable>: Sendable, Equatable {
    case written(Value)
    case stale
    case notFound
}
