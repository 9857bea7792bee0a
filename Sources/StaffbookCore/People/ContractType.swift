import Foundation

package enum ContractType: String, Sendable, CaseIterable {
    case ico = "ICO"
    case hpp = "HPP"
    case dpp = "DPP"
    case dpc = "DPC"
}
