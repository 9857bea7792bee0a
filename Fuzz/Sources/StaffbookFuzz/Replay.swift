import Foundation

/// Without libFuzzer (a normal build): runs files through a target, to replay a crash or
/// the seed corpus. `staffbook-fuzz <target> <file or directory>...`; `--list` names them.
@main
struct Replay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--list" {
            print(FuzzTargets.all.keys.sorted().joined(separator: "\n"))
            return
        }
        guard let name = arguments.first, let target = FuzzTargets.all[name] else {
            print("usage: staffbook-fuzz <target> <file or directory>...; targets: \(FuzzTargets.all.keys.sorted())")
            exit(64)
        }
        var count = 0
        for path in arguments.dropFirst() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            let files =
                isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { "\(path)/\($0)" } : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                target(Array(data))
                count += 1
            }
        }
        print("\(name): \(count) inputs replayed")
    }
}
