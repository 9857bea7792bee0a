import Dispatch
import Foundation
import HTTPTypes
@_spi(Generated) import OpenAPIRuntime
import StaffbookCore

/// The invoice upload's body as the server reads it: the OpenAPI runtime's multipart parser
/// (boundary `sbfuzz`), then what the handler does with the parts (the amount's text, the
/// file's ends for the PDF check), with the handler's size bounds.
enum MultipartUpload {
    static let boundary = "sbfuzz"

    static func fuzz(_ bytes: [UInt8]) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await read(bytes)
            done.signal()
        }
        done.wait()
    }

    static func read(_ bytes: [UInt8]) async {
        let converter = Converter(configuration: Configuration())
        do {
            let parts = try converter.getRequiredRequestBodyAsMultipart(
                MultipartBody<MultipartRawPart>.self, from: HTTPBody(bytes), transforming: { $0 }, boundary: boundary,
                allowsUnknownParts: true, requiredExactlyOncePartNames: ["file", "amount"], requiredAtLeastOncePartNames: [],
                atMostOncePartNames: [], zeroOrMoreTimesPartNames: [], decoding: { $0 }
            )
            for try await part in parts {
                let content = try await [UInt8](collecting: part.body, upTo: 1 << 20)
                switch part.name {
                case "amount":
                    _ = Money.parsePositive(String(decoding: content.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
                case "file":
                    _ = part.filename.map { TextInput.hasControlCharacters($0) }
                    try? PDFCheck.check(head: Array(content.prefix(PDFCheck.endLength)), tail: Array(content.suffix(PDFCheck.endLength)))
                default:
                    continue
                }
            }
        } catch {
            // Refused input: the handler answers 400.
        }
    }
}
