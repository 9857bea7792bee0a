import Foundation

// libFuzzer's side (scripts/fuzz.sh builds this file with -parse-as-library, -sanitize=fuzzer
// and AddressSanitizer): the package's entry point hands the command line to libFuzzer's
// driver, which feeds inputs to the target STAFFBOOK_FUZZ_TARGET names. The plain build (the
// server's package) leaves this file out and has Replay.swift instead.

private let target: @Sendable ([UInt8]) -> Void = {
    let name = ProcessInfo.processInfo.environment["STAFFBOOK_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTargets.all[name] else {
        fatalError("STAFFBOOK_FUZZ_TARGET must be one of \(FuzzTargets.all.keys.sorted())")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    target(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}

/// libFuzzer's driver (`int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*)(const uint8_t *, size_t))`).
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The entry point SwiftPM links `main` to for this executable.
@_cdecl("StaffbookFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzOneInput(UnsafeRawPointer(data), size)
    }
}
