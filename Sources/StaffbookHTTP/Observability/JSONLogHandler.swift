import Foundation
import Logging
import StaffbookCore
import Synchronization

/// One JSON object per line on standard output: `ts`, `level`, `msg`, `logger`, then metadata.
package struct JSONLogHandler: LogHandler {
    package var logLevel: Logger.Level = .info
    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let sink: JSONLogSink

    package init(label: String, sink: JSONLogSink = .standardOutput) {
        self.label = label
        self.sink = sink
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let explicit = event.metadata { merged.merge(explicit) { _, new in new } }
        var line = "{\"ts\":\"\(Date().formatted(.iso8601))\",\"level\":\"\(event.level.rawValue)\""
        line += ",\"msg\":\(JSONString.quoted(event.message.description)),\"logger\":\(JSONString.quoted(label))"
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line += ",\(JSONString.quoted(key)):\(JSONString.quoted(value.description))"
        }
        line += "}\n"
        sink.write(line)
    }
}

/// Where JSON log lines go; tests capture them in memory.
package final class JSONLogSink: Sendable {
    private let captured = Mutex<[String]?>(nil)
    private let output = Mutex<FileHandle?>(nil)

    package static let standardOutput = JSONLogSink(output: .standardOutput)

    private init(output: FileHandle) {
        self.output.withLock { $0 = output }
    }

    /// A sink that keeps every line in memory, for tests.
    package init() {
        captured.withLock { $0 = [] }
    }

    package var lines: [String] { captured.withLock { $0 ?? [] } }

    func write(_ line: String) {
        if captured.withLock({ $0 != nil }) {
            captured.withLock { $0?.append(line) }
        } else {
            output.withLock { $0?.write(Data(line.utf8)) }
        }
    }
}
