import Foundation
import PostgresNIO
import StaffbookCore

/// A page of the people list in Czech name order, each person with their teams.
///
/// With a search term it runs prepared, so it is parsed once per connection; PostgreSQL still
/// plans each search for its values, because it costs the generic plan with the scope and team
/// filters the values switch off (docs/performance.md). Without a term it runs unnamed
/// (`unnamedQuery`), planned for its values: the cursor must become a condition on the name
/// index, which a generic plan cannot know.
package struct PeopleListStatement: PostgresPreparedStatement {
    package typealias Row = PersonSummary

    /// `match` narrows the people before the filters: $1 leader, $2 active, $3 team, $4–$6 the
    /// cursor (id, last name, first name), $7 limit, $8 offset.
    static func text(match: String) -> String {
        """
        SELECT a.id, a.email::text, a.first_name, a.last_name, a.academic_title, a.position, a.is_active,
               \(PostgresPeopleRepository.teamColumns)
        FROM (
            -- The page first; its people's teams afterwards, for those rows only.
            SELECT a.* FROM accounts a
            WHERE \(match)
              AND ($1::uuid IS NULL OR EXISTS (
                      SELECT 1 FROM team_members l JOIN team_members m ON m.team_id = l.team_id
                      WHERE l.account_id = $1 AND l.is_leader AND m.account_id = a.id))
              AND ($2::boolean IS NULL OR a.is_active = $2)
              AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = $3 AND m.account_id = a.id))
              AND ($4::uuid IS NULL
                   OR (a.last_name COLLATE czech, a.first_name COLLATE czech, a.id)
                      > ($5::text COLLATE czech, $6::text COLLATE czech, $4::uuid))
            ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
            LIMIT $7 OFFSET $8
        ) a
        \(PostgresPeopleRepository.teamsJoin)
        ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
        """
    }

    /// The search: $9 is the term (`PostgresPeopleRepository.searchTerm`).
    package static let name = "staffbook_people_search"
    package static let sql = text(match: "a.search_text LIKE name_search_pattern($9)")
    package static let bindingDataTypes: [PostgresDataType] = [.uuid, .bool, .uuid, .uuid, .text, .text, .int8, .int8, .text]

    package let leader: UUID?
    package let filter: PeopleFilter
    package let page: PageRequest<NamePosition>

    package init(leader: UUID?, filter: PeopleFilter, page: PageRequest<NamePosition>) {
        self.leader = leader
        self.filter = filter
        self.page = page
    }

    /// The list without a search term, as an unnamed statement.
    package var unnamedQuery: PostgresQuery {
        PostgresQuery(unsafeSQL: Self.listSQL, binds: filterBindings())
    }
    private static let listSQL = text(match: "true")

    package func makeBindings() throws -> PostgresBindings {
        var bindings = filterBindings()
        bindings.append(PostgresPeopleRepository.searchTerm(filter.query ?? ""))
        return bindings
    }

    private func filterBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 9)
        func append(_ value: (some PostgresNonThrowingEncodable)?) {
            if let value { bindings.append(value) } else { bindings.appendNull() }
        }
        append(leader)
        append(filter.active)
        append(filter.teamId)
        append(page.after?.id)
        append(page.after?.lastName)
        append(page.after?.firstName)
        bindings.append(page.fetchLimit)
        bindings.append(page.offset)
        return bindings
    }

    package func decodeRow(_ row: PostgresRow) throws -> PersonSummary {
        let (id, email, first, last, title, position, active, teamIds, teamNames, teamLeads) = try row.decode(
            (UUID, String, String, String, String?, String?, Bool, [UUID], [String], [Bool]).self
        )
        return PersonSummary(
            id: id, email: email, firstName: first, lastName: last, academicTitle: title, position: position,
            isActive: active, teams: PostgresPeopleRepository.teams(ids: teamIds, names: teamNames, leaders: teamLeads)
        )
    }
}
