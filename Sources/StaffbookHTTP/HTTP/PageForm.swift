import Foundation
import HTTPTypes
@_spi(Generated) import OpenAPIRuntime
import StaffbookCore

/// A `multipart/form-data` body as a page's form sends a file: parsed by the same OpenAPI runtime
/// parser as the API's uploads (fuzzed as `multipart-upload`), on the uploads pool, off the event
/// loops. Each part is bounded: a text field by `fieldBytes`, the file by `maxFileBytes`.
package enum PageForm {
    package struct Parts: Sendable {
        package var fields: [String: String] = [:]
        package var file: Data?
    }

    package static let fieldBytes = 4 * 1024

    package static func multipart(_ body: Data, contentType: String?, fileField: String, maxFileBytes: Int) async throws -> Parts {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data"),
            let boundary = boundary(of: contentType)
        else { throw Problem(.unsupportedMediaType) }
        return try await withTaskExecutorPreference(WorkPool.uploads) {
            try await read(body, boundary: boundary, fileField: fileField, maxFileBytes: maxFileBytes)
        }
    }

    private static func read(_ body: Data, boundary: String, fileField: String, maxFileBytes: Int) async throws -> Parts {
        var parts = Parts()
        do {
            let raw = try Converter(configuration: Configuration()).getRequiredRequestBodyAsMultipart(
                MultipartBody<MultipartRawPart>.self, from: HTTPBody(body), transforming: { $0 }, boundary: boundary,
                allowsUnknownParts: true, requiredExactlyOncePartNames: [], requiredAtLeastOncePartNames: [], atMostOncePartNames: [],
                zeroOrMoreTimesPartNames: [], decoding: { $0 }
            )
            for try await part in raw {
                guard let name = part.name else { continue }
                if name == fileField {
                    let bytes = try await Data(collecting: part.body, upTo: maxFileBytes)
                    if !bytes.isEmpty { parts.file = bytes }
                } else {
                    parts.fields[name] = try await String(collecting: part.body, upTo: fieldBytes)
                }
            }
        } catch {
            throw Problem(.malformedRequest, fieldErrors: [.init(field: "body", code: "multipart", message: InvoiceTexts.multipart)])
        }
        return parts
    }

    /// The `boundary` parameter of a `Content-Type`, quoted or not (at most 70 characters).
    static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return (1...70).contains(value.count) ? value : nil
        }
        return nil
    }
}
