import Foundation
import PostgresNIO
import StaffbookCore

/// The admin list's page written by PostgreSQL as the contract's `InvoiceList` items: the
/// statement returns the items as one JSON array, whether another page follows and the last
/// item's position, and the server sends the array without decoding a row. Each item has the
/// fields `InvoiceSchemas.summary` writes for the same row, nulls left out as the Swift encoder
/// leaves them out; the actions come in as a parameter (the view's table, `InvoiceWorkflow`'s
/// decisions) and are looked up by the row's state, kind and owner.
extension InvoiceListShape {
    /// One item's JSON over `source`'s `page` and `f`; `$actions`, `$caller` and `$links` are the
    /// view's parameters.
    static func item(actions: String, caller: String, links: String) -> String {
        """
        json_build_object(
            'id', page.id,
            'person', json_build_object(
                'id', page.account_id, 'firstName', page.first_name, 'lastName', page.last_name, 'email', page.email::text),
            'period', to_char(page.period, 'YYYY-MM'), 'state', page.state, 'kind', page.kind, 'amount', page.amount::text,
            'currency', CASE page.currency WHEN 'EUR' THEN 'EUR' ELSE 'CZK' END,
            'file', json_build_object(
                'mediaType', f.media_type, 'size', f.size, 'sha256', encode(f.sha256, 'hex'),
                'downloadUrl', \(links) || '/v1/invoices/' || page.id::text || '/file'),
            'invoiceNumber', page.invoice_number,
            'dueDate', to_char(page.due_date, 'YYYY-MM-DD'),
            'checks', CASE WHEN page.kind = 'uploaded' THEN (
                SELECT json_build_object(
                    'attention', coalesce(bool_or(c->>'status' <> 'pass'), false),
                    'failing', coalesce(json_agg(c->'kind' ORDER BY o) FILTER (WHERE c->>'status' = 'fail'), '[]'),
                    'needsConfirmation', coalesce(json_agg(c->'kind' ORDER BY o) FILTER (WHERE c->>'status' = 'needs_confirmation'), '[]'))
                FROM jsonb_array_elements(page.checks) WITH ORDINALITY AS checks(c, o)) END,
            'actions', coalesce(
                \(actions)::json -> (page.state || ' ' || page.kind || CASE WHEN page.account_id = \(caller) THEN ' own' ELSE '' END),
                '[]')
        )
        """
    }

    /// The page as one row: the first `fetchLimit - 1` items as a JSON array in the list's
    /// order, whether there are more, and the last item's position (the next cursor's) when so.
    var jsonSQL: String {
        let first = bindingDataTypes.count + (search ? 1 : 0)
        let (actions, caller, links) = ("$\(first + 1)", "$\(first + 2)", "$\(first + 3)")
        let limit = fetchLimit - 1
        return """
            SELECT coalesce(json_strip_nulls(json_agg(item ORDER BY n) FILTER (WHERE n <= \(limit)))::text, '[]'),
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
        bindings.append(Self.actionTable(view))
        bindings.append(view.callerId)
        bindings.append(view.linkPrefix)
        return bindings
    }

    var jsonBindingDataTypes: [PostgresDataType] { bindingDataTypes + [.text, .uuid, .text] }

    /// The view's actions as a JSON object keyed `"<state> <kind>"`, with `" own"` for the
    /// caller's own invoices.
    static func actionTable(_ view: InvoiceListView) -> String {
        let entries = view.actions.map { key, names in
            let name = "\(key.state.rawValue) \(key.kind.rawValue)\(key.own ? " own" : "")"
            return "\"\(name)\":[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        }
        return "{" + entries.sorted().joined(separator: ",") + "}"
    }

    /// The statement's row as a written page.
    static func page(_ row: (String, Bool, String?, String?, UUID?, String?)) -> WrittenPage<InvoicePosition> {
        let (items, more, lastName, firstName, personId, period) = row
        guard more, let lastName, let firstName, let personId, let period else { return WrittenPage(items: items, next: nil) }
        return WrittenPage(items: items, next: InvoicePosition(lastName: lastName, firstName: firstName, personId: personId, period: period))
    }
}

/// `InvoiceListShape.jsonSQL` as a prepared statement, one per prepared shape (as the list's).
package struct InvoiceListJSONStatement<Shape: InvoiceListShapeType>: PostgresPreparedStatement {
    package typealias Row = (String, Bool, String?, String?, UUID?, String?)

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
