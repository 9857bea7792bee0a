import Foundation
import PostgresNIO
import StaffbookCore

/// The admin list's page written by PostgreSQL as the contract's `InvoiceList` items: the
/// statement returns the items as one JSON array, whether another page follows and the last
/// item's position, and the server sends the array without decoding a row. Each item has the
/// fields `InvoiceSchemas.summary` writes for the same row; the actions come in as a parameter
/// (the view's table, `InvoiceWorkflow`'s decisions) and are picked by the row's state, kind and
/// owner.
///
/// The always-present fields are one `json_build_object`; the three that may be absent
/// (`invoiceNumber`, `dueDate`, `checks`) and the actions are appended to its text, so nothing
/// is parsed again: `json_strip_nulls` over the page, a JSON table looked up per row and a
/// subquery over each invoice's checks cost PostgreSQL 0.18 ms more per page of 20
/// (docs/performance.md).
extension InvoiceListShape {
    /// One item's JSON text over `source`'s `page` and `f`; `actions`, `caller` and `links` are
    /// the view's parameters.
    static func item(actions: String, caller: String, links: String) -> String {
        """
        left(json_build_object(
            'id', page.id,
            'person', json_build_object(
                'id', page.account_id, 'firstName', page.first_name, 'lastName', page.last_name, 'email', page.email::text),
            'period', to_char(page.period, 'YYYY-MM'), 'state', page.state, 'kind', page.kind, 'amount', page.amount::text,
            'currency', CASE page.currency WHEN 'EUR' THEN 'EUR' ELSE 'CZK' END,
            'file', json_build_object(
                'mediaType', f.media_type, 'size', f.size, 'sha256', encode(f.sha256, 'hex'),
                'downloadUrl', \(links) || '/v1/invoices/' || page.id::text || '/file')
        )::text, -1)
        || CASE WHEN page.invoice_number IS NULL THEN '' ELSE ',"invoiceNumber":' || to_json(page.invoice_number)::text END
        || CASE WHEN page.due_date IS NULL THEN '' ELSE ',"dueDate":"' || to_char(page.due_date, 'YYYY-MM-DD') || '"' END
        || CASE WHEN page.kind = 'uploaded' THEN ',"checks":' || json_build_object(
            'attention', jsonb_path_exists(page.checks, '$[*] ? (@.status != "pass")'),
            'failing', jsonb_path_query_array(page.checks, '$[*] ? (@.status == "fail").kind'),
            'needsConfirmation', jsonb_path_query_array(page.checks, '$[*] ? (@.status == "needs_confirmation").kind'))::text
          ELSE '' END
        || ',"actions":' || (\(actions)::text[])[\(actionIndex(caller: caller))]
        || '}'
        """
    }

    /// The place (from 1) of the row's actions in `InvoiceListView.Actions.json`: by state, then
    /// kind, then whether the invoice is the caller's (`InvoiceListView.Key.all`'s order).
    static func actionIndex(caller: String) -> String {
        let kinds = InvoiceKind.allCases.count
        let states = InvoiceState.allCases.enumerated().map { "WHEN '\($0.element.rawValue)' THEN \($0.offset * kinds * 2)" }
        let kindCases = InvoiceKind.allCases.enumerated().map { "WHEN '\($0.element.rawValue)' THEN \($0.offset * 2)" }
        return """
            (CASE page.state \(states.joined(separator: " ")) END) + (CASE page.kind \(kindCases.joined(separator: " ")) END)
              + (CASE WHEN page.account_id = \(caller) THEN 2 ELSE 1 END)
            """
    }

    /// The page as one row: the first `fetchLimit - 1` items as a JSON array in the list's
    /// order, whether there are more, and the last item's position (the next cursor's) when so.
    var jsonSQL: String {
        let first = bindingDataTypes.count + (search ? 1 : 0)
        let (actions, caller, links) = ("$\(first + 1)", "$\(first + 2)", "$\(first + 3)")
        let limit = fetchLimit - 1
        return """
            SELECT coalesce('[' || string_agg(item, ',' ORDER BY n) FILTER (WHERE n <= \(limit)) || ']', '[]'),
                   count(*) > \(limit),
                   (array_agg(last_name) FILTER (WHERE n = \(limit)))[1],
                   (array_agg(first_name) FILTER (WHERE n = \(limit)))[1],
                   (array_agg(account_id) FILTER (WHERE n = \(limit)))[1],
                   (array_agg(period) FILTER (WHERE n = \(limit)))[1]
            FROM (
                SELECT \(Self.item(actions: actions, caller: caller, links: links)) AS item,
                       page.last_name, page.first_name, page.account_id, to_char(page.period, 'YYYY-MM') AS period,
                       row_number() OVER (ORDER BY \(Self.order)) AS n
                FROM \(source)
            ) rows
            """
    }

    /// The shape's values followed by the view's.
    func jsonBindings(filter: InvoiceFilter, after: InvoicePosition?, view: InvoiceListView) -> PostgresBindings {
        var bindings = bindings(filter: filter, after: after)
        bindings.append(view.actions.json)
        bindings.append(view.callerId)
        bindings.append(view.linkPrefix)
        return bindings
    }

    var jsonBindingDataTypes: [PostgresDataType] { bindingDataTypes + [.textArray, .uuid, .text] }

    /// The statement's row as a written page.
    static func page(_ row: InvoiceListJSONStatement<ShapeEnd>.Row) -> WrittenPage<InvoicePosition> {
        let (written, more, lastName, firstName, personId, period) = row
        // The array's bytes as PostgreSQL sent them (UTF-8, the connection's encoding): decoded as
        // a `String`, they were checked again byte by byte (8 % of the page's instructions).
        let items = Array(written.readableBytesView)
        guard more, let lastName, let firstName, let personId, let period else { return WrittenPage(items: items, next: nil) }
        return WrittenPage(items: items, next: InvoicePosition(lastName: lastName, firstName: firstName, personId: personId, period: period))
    }
}

/// `InvoiceListShape.jsonSQL` as a prepared statement, one per prepared shape (as the list's).
package struct InvoiceListJSONStatement<Shape: InvoiceListShapeType>: PostgresPreparedStatement {
    package typealias Row = (ByteBuffer, Bool, String?, String?, UUID?, String?)

    package static var name: String { "staffbook_invoice_list_json_\(Shape.bits)" }
    package static var sql: String { InvoiceListShape(bits: Shape.bits).jsonSQL }
    package static var bindingDataTypes: [PostgresDataType] { InvoiceListShape(bits: Shape.bits).jsonBindingDataTypes }

    let filter: InvoiceFilter
    let after: InvoicePosition?
    let view: InvoiceListView

    package func makeBindings() throws -> PostgresBindings {
        InvoiceListShape(bits: Shape.bits).jsonBindings(filter: filter, after: after, view: view)
    }

    package func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode(Row.self)
    }
}
