import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Time summaries and reports")
struct TimeReportTests {
    typealias API = TimeAPI
    // Demo data, 2–13 November 2026 (ten working days): five people, each 3.5 h a day on their
    // team's project (less a quarter of an hour on some days) and 4 h on internal work.
    static let range = "from=2026-11-02&to=2026-11-13"

    @Test func theCompanyReportGivesHoursBillableAmountsCapacityAndUtilisation() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            func report(_ groupBy: String) async throws -> API.Summary {
                let response = try await app.send(.get, "/v1/reports/time?\(Self.range)&groupBy=\(groupBy)", token: admin)
                #expect(response.status == .ok, "\(response.text)")
                return try response.decode(API.Summary.self)
            }

            let projects = try await report("project")
            let clients = try await report("client")
            let people = try await report("person")
            let teams = try await report("team")

            let byProject = Dictionary(uniqueKeysWithValues: projects.items.map { ($0.key, $0) })
            let mobile = try #require(byProject[Demo.mobileBanking.uuidString.lowercased()])
            #expect(mobile.hours == "67.50" && mobile.billableHours == "67.50")
            #expect(mobile.billableAmount == "97875.00", "67.5 h at 1,450 Kč")
            #expect(byProject[Demo.carConfigurator.uuidString.lowercased()]?.billableAmount == "104000.00")
            #expect(byProject[Demo.apiPlatform.uuidString.lowercased()]?.billableAmount == "41250.00")
            let inHouse = try #require(byProject[Demo.internalProject.uuidString.lowercased()])
            #expect(inHouse.hours == "185.00" && inHouse.billableHours == "0.00" && inHouse.billableAmount == nil)
            #expect(projects.hours == "345.00" && projects.billableHours == "160.00" && projects.billableAmount == "243125.00")
            #expect(clients.items.map(\.label).contains("Česká spořitelna"))
            #expect(clients.hours == projects.hours)

            // People: everyone with a capacity, those who tracked nothing too.
            let jan = try #require(people.items.first { $0.key == Demo.janNovak.uuidString.lowercased() })
            #expect(jan.label == "Novák Jan", "surname first, as the list is sorted")
            #expect(jan.hours == "75.00" && jan.capacityHours == "80.00" && jan.utilisation == "0.94")
            let katerina = try #require(people.items.first { $0.key == Demo.id(18).uuidString.lowercased() })
            #expect(katerina.hours == "0.00" && katerina.capacityHours == "60.00" && katerina.utilisation == "0.00")
            #expect(people.hours == projects.hours)

            let mobileTeam = try #require(teams.items.first { $0.key == Demo.mobileTeam.uuidString.lowercased() })
            #expect(mobileTeam.hours == "145.00", "Jan's 75 and Petra's 70")
        }
    }

    @Test func theReportComesAsCSVAndAsAWorkbookWithTheSameFigures() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let csv = try await app.send(.get, "/v1/reports/time?\(Self.range)&groupBy=project&format=csv", token: admin)
            let xlsx = try await app.send(.get, "/v1/reports/time?\(Self.range)&groupBy=project&format=xlsx", token: admin)
            let sheet = try OpenPyXL.read(Data(xlsx.body.readableBytesView))

            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(csv.headers[.contentDisposition]?.contains(".csv") == true)
            let mobileLine = try #require(csv.text.split(separator: "\r\n").first { $0.contains("Mobilní bankovnictví") })
            #expect(mobileLine.contains("67.50") && mobileLine.contains("97875.00"))
            #expect(xlsx.headers[.contentType] == XLSXWorkbook.mediaType)
            let row = try #require(sheet.rows.first { $0.contains { $0.value.contains("Mobilní bankovnictví") } })
            #expect(row.contains { $0.value == "67.5" })
            #expect(row.contains { $0.value == "97875" })
        }
    }

    @Test func aPersonSeesTheirDaysAndWeeksAgainstCapacityAndALeaderSeesTheirMembers() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let ondrej = try await app.token("ondrej.chalupa@staffbook.example")

            let weeks = try await app.send(.get, "/v1/me/time-summary?\(Self.range)&groupBy=week", token: jan).decode(API.Summary.self)
            let days = try await app.send(.get, "/v1/me/time-summary?\(Self.range)&groupBy=day", token: jan).decode(API.Summary.self)
            let byProject = try await app.send(.get, "/v1/me/time-summary?\(Self.range)&groupBy=project", token: jan).decode(API.Summary.self)
            let asLeader = try await app.send(.get, "/v1/users/\(Demo.janNovak)/time-summary?\(Self.range)&groupBy=week", token: lead)
            let asStranger = try await app.send(.get, "/v1/users/\(Demo.janNovak)/time-summary?\(Self.range)&groupBy=week", token: ondrej)
            let backwards = try await app.send(.get, "/v1/me/time-summary?from=2026-11-13&to=2026-11-02&groupBy=week", token: jan)
            let tooLong = try await app.send(.get, "/v1/me/time-summary?from=2024-01-01&to=2026-11-13&groupBy=day", token: jan)

            #expect(weeks.items.map(\.key) == ["2026-W45", "2026-W46"])
            #expect(weeks.items.map(\.hours) == ["37.50", "37.50"])
            #expect(weeks.hours == "75.00" && weeks.capacityHours == "80.00" && weeks.utilisation == "0.94")
            #expect(weeks.items.map(\.capacityHours) == ["40.00", "40.00"], "each week has its own capacity")
            #expect(weeks.items.map(\.utilisation) == ["0.94", "0.94"])
            #expect(days.items.count == 12, "every day of the range, the weekend's empty days too")
            #expect(days.items.first?.key == "2026-11-02")
            let saturday = days.items.first { $0.key == "2026-11-07" }
            #expect(saturday?.hours == "0.00" && saturday?.capacityHours == "0.00" && saturday?.utilisation == nil, "a day off: no capacity")
            #expect(days.items.first?.capacityHours == "8.00")
            #expect(byProject.items.map(\.hours).sorted() == ["35.00", "40.00"])
            #expect(asLeader.status == .ok)
            #expect(try asLeader.decode(API.Summary.self).hours == "75.00")
            #expect(asStranger.status == .notFound)
            #expect(backwards.status == .badRequest)
            #expect(tooLong.status == .badRequest)
        }
    }

    @Test func everyWeekAndMonthOfTheRangeHasARowWithItsCapacityEmptyOnesWithZeroHours() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let weeks = try await app.send(.get, "/v1/me/time-summary?from=2026-11-01&to=2026-11-30&groupBy=week", token: jan)
                .decode(API.Summary.self)
            let months = try await app.send(.get, "/v1/me/time-summary?from=2026-10-15&to=2026-11-30&groupBy=month", token: jan)
                .decode(API.Summary.self)
            let lastWeek = try await app.send(.get, "/v1/me/time-summary?from=2026-11-23&to=2026-11-29&groupBy=day", token: jan)
                .decode(API.Summary.self)

            #expect(weeks.items.map(\.key) == ["2026-W44", "2026-W45", "2026-W46", "2026-W47", "2026-W48", "2026-W49"])
            #expect(weeks.items.first?.label == "2026-10-26", "a week is labelled by its Monday")
            #expect(weeks.items.first?.capacityHours == "0.00", "the Sunday of week 44 is no working day")
            #expect(weeks.items.last?.hours == "0.00", "a week without entries is there, with zero hours")
            #expect(weeks.items.last?.capacityHours == "8.00", "its one working day in the range")
            let weekCapacity = weeks.items.compactMap { Decimal(string: $0.capacityHours ?? "") }.reduce(0, +)
            #expect(weekCapacity == Decimal(string: weeks.capacityHours ?? ""), "the weeks' capacities add up to the range's")
            let weekHours = weeks.items.compactMap { Decimal(string: $0.hours) }.reduce(0, +)
            #expect(weekHours == Decimal(string: weeks.hours))
            #expect(months.items.map(\.key) == ["2026-10", "2026-11"])
            let monthCapacity = months.items.compactMap { Decimal(string: $0.capacityHours ?? "") }.reduce(0, +)
            #expect(monthCapacity == Decimal(string: months.capacityHours ?? ""))
            #expect(months.items.allSatisfy { $0.utilisation != nil || $0.capacityHours == "0.00" })
            #expect(lastWeek.items.count == 7)
            #expect(lastWeek.items.allSatisfy { $0.hours == "0.00" })
        }
    }
}
