import Foundation
import StaffbookCore

/// A `json_agg(json_build_object(…))` column, decoded into the values it describes.
package enum JSONColumn {
    package static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
