import Testing
@testable import StaffbookCore

@Suite("Accept-Encoding")
struct AcceptEncodingTests {
    @Test(arguments: ["gzip", "gzip, deflate, br", "br;q=1.0, GZIP;q=0.5", "x-gzip", "*", "deflate, *;q=0.1", "gzip; q = 1"])
    func gzipIsTakenWhenNamedOrStarredWithAWeight(_ value: String) {
        #expect(AcceptEncoding.allowsGzip(value))
    }

    @Test(arguments: ["", "identity", "br, deflate", "gzip;q=0", "gzip; q=0.000", "*;q=0", "gzip;q=nonsense", "gzip;q=0.0000001", "gzipped"])
    func gzipIsRefusedWhenAbsentWeightedZeroOrUnreadable(_ value: String) {
        #expect(!AcceptEncoding.allowsGzip(value))
    }

    @Test func noHeaderTakesNothing() {
        #expect(!AcceptEncoding.allowsGzip(nil))
    }
}
