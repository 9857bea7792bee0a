import Foundation
import HTTPTypes
import HummingbirdBcrypt
import HummingbirdTesting
import JWTKit
import NIOCore
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs
@testable import StaffbookMail
@testable import StaffbookPostgres

/// Findings of the outside probes about this area, one test (or more) each; each test is
/// tagged with the probe that found it. The timing and slow-client medians are in `make verify`.
@Suite("Store errors: what the outside probes found")
struct StoreErrorProbeTests {
    @Test(.tags(.thirdProbe)) func longNames_aCheckConstraintTheCodeDidNotExpectIsTheCallersDataNotAFault() {
        #expect(StoreError.invalidData(column: "clients_name_length") == StoreError.invalidData(column: "clients_name_length"))
        let (problem, isFault) = Problem.from(StoreError.invalidData(column: "clients_name_length"))
        #expect(problem.status == .badRequest && !isFault)
    }
}
