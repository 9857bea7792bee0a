import CPopplerGlib
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// Reads a PDF on standard input and writes its ISDOC attachment (the first named *.isdoc or
// *.xml) to standard output, with poppler. Exit 0: written, named *.isdoc; 4: written, named
// *.xml (it may be another kind of XML); 1: the PDF has none; 2: not a PDF poppler can open;
// 3: the input is larger than a PDF upload may be. The server runs this as a
// child process with a time limit, so a PDF that crashes or hangs the library ends this
// process, never the server.
//
// Before it reads anything it limits itself, so a PDF built to make poppler work or allocate
// without end meets the kernel's limits even if the server's deadline were late:
//   --cpu-seconds N            CPU time (SIGXCPU at N, SIGKILL at N + 1)
//   --address-space-bytes N    virtual memory
//   --open-files N             file descriptors
// and it may write no file and leave no core. It runs at a lower priority than the server.

/// `--name value` pairs of the command line.
func option(_ name: String) -> UInt64? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return UInt64(arguments[index + 1])
}

func limit(_ resource: Int32, soft: UInt64, hard: UInt64) {
    var value = rlimit(rlim_cur: rlim_t(soft), rlim_max: rlim_t(hard))
    _ = setrlimit(__rlimit_resource_t(UInt32(resource)), &value)
}

let cpuSeconds = option("--cpu-seconds") ?? 10
limit(Int32(RLIMIT_CPU.rawValue), soft: cpuSeconds, hard: cpuSeconds + 1)
limit(Int32(RLIMIT_AS.rawValue), soft: option("--address-space-bytes") ?? (1 << 30), hard: option("--address-space-bytes") ?? (1 << 30))
limit(Int32(RLIMIT_NOFILE.rawValue), soft: option("--open-files") ?? 16, hard: option("--open-files") ?? 16)
limit(Int32(RLIMIT_FSIZE.rawValue), soft: 0, hard: 0)
limit(Int32(RLIMIT_CORE.rawValue), soft: 0, hard: 0)
// Below the server's own threads when the cores are busy.
_ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)

/// The largest input read: an upload's largest file, with room to spare.
let maximumInput = 64 << 20
var input = Data()
while input.count <= maximumInput, let chunk = try? FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty {
    input.append(chunk)
}
guard input.count <= maximumInput else { exit(3) }
var unreadable: Int32 = 0
var namedISDOC: Int32 = 0
let found = input.withUnsafeBytes { buffer -> UnsafeMutablePointer<GByteArray>? in
    guard let base = buffer.baseAddress else { return nil }
    return staffbook_first_isdoc_attachment(base.assumingMemoryBound(to: CChar.self), buffer.count, &unreadable, &namedISDOC)
}
guard let found else { exit(unreadable != 0 ? 2 : 1) }
FileHandle.standardOutput.write(Data(bytes: found.pointee.data, count: Int(found.pointee.len)))
g_byte_array_unref(found)
exit(namedISDOC != 0 ? 0 : 4)
