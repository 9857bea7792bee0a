import CPopplerGlib
import Foundation

// Reads a PDF on standard input and writes its ISDOC attachment (the first named *.isdoc or
// *.xml) to standard output, with poppler. Exit 0: written; 1: the PDF has none; 2: not a PDF
// poppler can open. The server runs this as a child process with a time limit, so a PDF that
// crashes or hangs the library ends this process, never the server.
let input = FileHandle.standardInput.readDataToEndOfFile()
var unreadable: Int32 = 0
let found = input.withUnsafeBytes { buffer -> UnsafeMutablePointer<GByteArray>? in
    guard let base = buffer.baseAddress else { return nil }
    return staffbook_first_isdoc_attachment(base.assumingMemoryBound(to: CChar.self), buffer.count, &unreadable)
}
guard let found else { exit(unreadable != 0 ? 2 : 1) }
FileHandle.standardOutput.write(Data(bytes: found.pointee.data, count: Int(found.pointee.len)))
g_byte_array_unref(found)
exit(0)
