import Foundation
import StaffbookTestSupport
import Testing

@Suite("The documents")
struct DocumentLinksTests {
    /// The README says what Staffbook is, the two commands, a short tour and where to read on;
    /// everything else is under `docs/`.
    static let readmeLimit = 12 * 1024

    static let root = TestDatabase.repositoryRoot

    /// Every Markdown file of the repository, outside build and local folders.
    static func documents() -> [URL] {
        let keys: [URLResourceKey] = [.isDirectoryKey]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else {
            return []
        }
        var found: [URL] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: Set(keys)).isDirectory) == true {
                if name.hasPrefix(".build") || name == "bench-results" || name == "node_modules" { walker.skipDescendants() }
                continue
            }
            if name.hasSuffix(".md") { found.append(url.standardizedFileURL) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The anchors GitHub makes of a document's headings: lower case, punctuation dropped,
    /// spaces as hyphens.
    static func anchors(of text: String) -> Set<String> {
        var result: Set<String> = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#") else { continue }
            let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let kept = heading.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " " }
            result.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return result
    }

    /// The targets of a document's Markdown links, outside code.
    static func links(in text: String) -> [String] {
        var result: [String] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced else { continue }
            var rest = Substring(line)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                result.append(String(after[..<close]))
                rest = after[close...]
            }
        }
        return result
    }

    @Test func theReadmeStaysShort() throws {
        let size = try Data(contentsOf: Self.root.appendingPathComponent("README.md")).count
        #expect(size <= Self.readmeLimit, "README.md is \(size) bytes; its limit is \(Self.readmeLimit): move the detail under docs/")
    }

    @Test func everyRelativeLinkOfTheDocumentsLeadsToAFileAndHeadingThatExist() throws {
        let documents = Self.documents()
        #expect(documents.count >= 15)
        #expect(documents.contains { $0.path.hasSuffix("/docs/worker.md") })
        var broken: [String] = []
        var checked = 0
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for link in Self.links(in: text) {
                // Addresses elsewhere, and paths of a running server (`/docs#problems`).
                if link.contains("://") || link.hasPrefix("mailto:") || link.hasPrefix("/") { continue }
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0])
                let target = path.isEmpty ? document : document.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                checked += 1
                guard FileManager.default.fileExists(atPath: target.path) else {
                    broken.append("\(document.lastPathComponent): \(link) (no such file)")
                    continue
                }
                if parts.count == 2, target.pathExtension == "md" {
                    let anchors = Self.anchors(of: try String(contentsOf: target, encoding: .utf8))
                    if !anchors.contains(String(parts[1])) { broken.append("\(document.lastPathComponent): \(link) (no such heading)") }
                }
            }
        }
        #expect(checked >= 50)
        #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
    }
}
