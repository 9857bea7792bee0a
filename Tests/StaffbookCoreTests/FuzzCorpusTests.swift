import Foundation
import Testing
@testable import StaffbookFuzz

/// Every fuzz target's seed corpus (and every input a fuzzer once crashed on, kept beside it)
/// runs through its target in `make test`; `make verify` fuzzes each for a fixed time.
@Suite("Fuzz targets' corpora")
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    @Test func everyTargetHasASeedCorpusAndEveryCorpusATarget() throws {
        let directories = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(directories == FuzzTargets.all.keys.sorted())
    }

    @Test(arguments: FuzzTargets.all.keys.sorted())
    func theSeedCorpusRunsThroughItsTargetWithoutATrap(target: String) throws {
        let directory = Self.corpus.appendingPathComponent(target)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let run = try #require(FuzzTargets.all[target])
        for file in files {
            run(Array(try Data(contentsOf: directory.appendingPathComponent(file))))
        }
        #expect(files.count >= 2)
    }
}
