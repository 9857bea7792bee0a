import Foundation
import PostgresNIO
import StaffbookCore

/// A page of the admin invoice list as a prepared statement, one per filter shape.
///
/// A single text carrying every optional filter as `($n IS NULL OR …)` has to be planned for
/// its values at every execution: its generic plan cannot drop the branches of absent filters.
/// Each shape here has only the conditions it uses, so PostgreSQL keeps one generic plan per
/// shape and connection and skips parsing and planning. The page size is part of the text: with
/// `LIMIT $n` the planner assumes a tenth of the matching rows is wanted and hash-joins all of
/// them, where a literal limit gives the nested loop along the name index that stops after one
/// page. So only the usual page sizes are prepared (`InvoiceListShape.pageSizes`); a search
/// term, an offset or another size runs unnamed, planned for its values, from the same text
/// (`InvoiceListShape.sql`).
package struct InvoiceListStatement<Shape: InvoiceListShapeType>: PostgresPreparedStatement {
    package typealias Row = Invoice

    package static var name: String { "staffbook_invoice_list_\(Shape.bits)" }
    package static var sql: String { InvoiceListShape(bits: Shape.bits).sql }
    package static var bindingDataTypes: [PostgresDataType] { InvoiceListShape(bits: Shape.bits).bindingDataTypes }

    let filter: InvoiceFilter
    let after: InvoicePosition?

    package func makeBindings() throws -> PostgresBindings {
        InvoiceListShape(bits: Shape.bits).bindings(filter: filter, after: after)
    }

    package func decodeRow(_ row: PostgresRow) throws -> Invoice {
        try PostgresInvoiceRepository.invoice(row)
    }
}

/// Which conditions a list query has, its page size and offset: the one place its text is
/// written, for the prepared shapes and for the rest alike.
package struct InvoiceListShape: Equatable {
    /// The fetch sizes (a page and one more, to know whether there is a next page) prepared.
    static let pageSizes = [11, 21, 51, 101]

    var period: Bool
    var state: Bool
    var search = false
    var attention = false
    var cursor: Bool
    var fetchLimit: Int
    var offset = 0

    /// The shape of a request.
    init(filter: InvoiceFilter, page: PageRequest<InvoicePosition>) {
        period = filter.period != nil
        state = filter.state != nil
        search = filter.query != nil
        attention = filter.attention
        cursor = page.after != nil
        fetchLimit = page.fetchLimit
        offset = page.offset
    }

    /// Whether the request runs as one of the prepared statements (no search, no offset, a
    /// usual page size).
    var isPrepared: Bool { !search && !attention && offset == 0 && Self.pageSizes.contains(fetchLimit) }

    /// Bits 0–2: period, state, cursor; bits 3–4: the index of the page size.
    init(bits: Int) {
        period = bits & 1 != 0
        state = bits & 2 != 0
        cursor = bits & 4 != 0
        fetchLimit = Self.pageSizes[(bits >> 3) & 3]
    }

    /// The values of the shape's parameters, in the order of its text.
    func bindings(filter: InvoiceFilter, after: InvoicePosition?) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 8)
        if period, let period = filter.period {
            bindings.append(period.year)
            bindings.append(period.month)
        }
        if state, let state = filter.state { bindings.append(state.rawValue) }
        if search, let query = filter.query { bindings.append(PostgresPeopleRepository.searchTerm(query)) }
        if cursor, let after {
            bindings.append(after.lastName)
            bindings.append(after.firstName)
            bindings.append(after.personId)
            bindings.append(CalendarMonth(after.period)?.firstDay.iso ?? "")
        }
        return bindings
    }

    var bits: Int {
        (period ? 1 : 0) | (state ? 2 : 0) | (cursor ? 4 : 0) | ((Self.pageSizes.firstIndex(of: fetchLimit) ?? 0) << 3)
    }

    var bindingDataTypes: [PostgresDataType] {
        (period ? [.int8, .int8] : []) + (state ? [.text] : []) + (cursor ? [.text, .text, .uuid, .text] : [])
    }

    /// The page with only this shape's conditions, as `PostgresInvoiceRepository.invoice(_:)`
    /// reads rows.
    var sql: String {
        "SELECT \(PostgresInvoiceRepository.pageColumns) FROM \(source) ORDER BY \(Self.order)"
    }

    /// The page's order over `source`'s rows: the list's, by name, person and month.
    static let order = "page.last_name COLLATE czech, page.first_name COLLATE czech, page.account_id, page.period"

    /// The page's rows (`page`, an invoice with its person's names) joined to their files (`f`),
    /// with only this shape's conditions and its parameters from `$1`. Period as `make_date` of
    /// two integers: a text cast `::date` is only STABLE and kept the period out of the index
    /// condition. The page is chosen first from invoices and names, carrying the columns the
    /// result needs, and only its rows are joined to their files. The keyset starts at the
    /// cursor's person (`>=` on the name index's columns) and skips that person's periods already
    /// shown, so a deep page costs what the first one does.
    var source: String {
        var conditions: [String] = []
        var next = 1
        func parameter() -> String {
            defer { next += 1 }
            return "$\(next)"
        }
        if period { conditions.append("i.period = make_date(\(parameter())::int, \(parameter())::int, 1)") }
        if state { conditions.append("i.state = \(parameter())") }
        if search { conditions.append("a.search_text LIKE name_search_pattern(\(parameter()))") }
        if attention { conditions.append("i.needs_attention") }
        if cursor {
            let (last, first, person, month) = (parameter(), parameter(), parameter(), parameter())
            conditions.append(
                """
                (a.last_name COLLATE czech, a.first_name COLLATE czech, a.id) >= (\(last) COLLATE czech, \(first) COLLATE czech, \(person))
                  AND NOT (a.id = \(person) AND i.period <= \(month)::date)
                """)
        }
        return """
            (
                SELECT i.*, a.first_name, a.last_name, a.email
                FROM accounts a JOIN invoices i ON i.account_id = a.id
                \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
                ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id, i.period
                LIMIT \(fetchLimit)\(offset > 0 ? " OFFSET \(offset)" : "")
            ) page
            JOIN invoice_files f ON f.id = page.current_file_id
            """
    }
}

/// A shape as a type, because a prepared statement's name and text are static: `ShapeBit`s
/// around `ShapeEnd`, one bit each, lowest first.
package protocol InvoiceListShapeType {
    static var bits: Int { get }
}

package enum ShapeEnd: InvoiceListShapeType {
    package static var bits: Int { 0 }
}

package enum ShapeBit<Set: InvoiceListShapeTypeFlag, Rest: InvoiceListShapeType>: InvoiceListShapeType {
    package static var bits: Int { Rest.bits << 1 | (Set.isSet ? 1 : 0) }
}

package protocol InvoiceListShapeTypeFlag {
    static var isSet: Bool { get }
}

package enum BitSet: InvoiceListShapeTypeFlag {
    package static var isSet: Bool { true }
}

package enum BitClear: InvoiceListShapeTypeFlag {
    package static var isSet: Bool { false }
}

extension InvoiceListShape {
    /// The type whose `bits` are these (five bits, lowest first).
    static func type(bits: Int, width: Int = 5) -> any InvoiceListShapeType.Type {
        guard width > 0 else { return ShapeEnd.self }
        let rest = type(bits: bits >> 1, width: width - 1)
        func wrap<Rest: InvoiceListShapeType>(_: Rest.Type) -> any InvoiceListShapeType.Type {
            bits & 1 == 1 ? ShapeBit<BitSet, Rest>.self : ShapeBit<BitClear, Rest>.self
        }
        return wrap(rest)
    }
}
