import Foundation

/// A UUID as the 16 bytes signed links carry.
extension UUID {
    var bytes: [UInt8] {
        withUnsafeBytes(of: uuid) { Array($0) }
    }

    init(bytes: ArraySlice<UInt8>) {
        var value = UUID().uuid
        withUnsafeMutableBytes(of: &value) { target in
            for (index, byte) in bytes.enumerated() { target[index] = byte }
        }
        self.init(uuid: value)
    }
}
