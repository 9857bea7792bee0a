/// The templates of pay runs and bank statements.
extension DeskTemplates {
    static let paymentRuns = """
        <h1>{{t.paymentRuns}}</h1>
        <p><a class="button" href="/desk/payment-runs/statements">{{t.importStatement}}</a></p>
        <section class="panel" aria-labelledby="new-run">
        <h2 id="new-run">{{t.newRun}}</h2>
        {{> problem}}
        {{#hasIncluded}}<p>{{t.newRunLead}}</p>
        <form method="post" action="/desk/payment-runs"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="key" value="{{key}}">
        <table class="rows"><thead><tr><th scope="col">{{t.person}}</th><th scope="col">{{t.period}}</th><th scope="col" class="num">{{t.amount}}</th>\
        <th scope="col">{{t.bankAccount}}</th><th scope="col">{{t.dueDate}}</th><th scope="col">{{t.leaveOutColumn}}</th></tr></thead><tbody>
        {{#included}}<tr><td data-label="{{t.person}}">{{name}}</td><td data-label="{{t.period}}">{{period}}</td>\
        <td class="num" data-label="{{t.amount}}">{{amount}}</td><td data-label="{{t.bankAccount}}">{{account}}</td><td data-label="{{t.dueDate}}">{{due}}</td>\
        <td data-label="{{t.leaveOutColumn}}"><label><input type="checkbox" name="leave.{{invoiceId}}" value="1"{{#leave}} checked{{/leave}}> {{t.leaveOutShort}}\
        <span class="visually-hidden"> {{name}}, {{period}}</span></label> <input type="text" name="why.{{invoiceId}}" value="{{why}}" maxlength="500" \
        aria-label="{{t.whyLeftOut}} ({{name}}, {{period}})" placeholder="{{t.whyLeftOut}}"></td></tr>
        {{/included}}</tbody></table>
        <p><label for="payOn">{{t.payOn}}</label><input id="payOn" type="date" name="payOn" value="{{payOn}}" min="{{today}}" max="{{latestPayOn}}" \
        aria-describedby="payOn-hint"> <span id="payOn-hint">{{t.payOnHint}}</span></p>
        <p><button type="submit">{{t.createRun}}</button></p></form>{{/hasIncluded}}
        {{^hasIncluded}}<p>{{t.nothingToPay}}</p>{{/hasIncluded}}
        {{#hasExcluded}}<h3>{{t.leftOut}}</h3><table class="rows"><thead><tr><th scope="col">{{t.person}}</th><th scope="col">{{t.period}}</th>\
        <th scope="col">{{t.why}}</th></tr></thead><tbody>
        {{#excluded}}<tr><td data-label="{{t.person}}">{{name}}</td><td data-label="{{t.period}}">{{period}}</td><td data-label="{{t.why}}">{{why}}</td></tr>
        {{/excluded}}</tbody></table>{{/hasExcluded}}
        </section>
        <h2>{{t.runs}}</h2>
        {{#hasRuns}}<table class="rows"><thead><tr><th scope="col">{{t.run}}</th><th scope="col">{{t.state}}</th><th scope="col">{{t.created}}</th>\
        <th scope="col" class="num">{{t.total}}</th></tr></thead><tbody>
        {{#runs}}<tr><td data-label="{{t.run}}"><a href="/desk/payment-runs/{{id}}">{{t.run}} {{number}}</a></td><td data-label="{{t.state}}">{{state}}</td>\
        <td data-label="{{t.created}}">{{created}}</td><td class="num" data-label="{{t.total}}">{{totals}}</td></tr>
        {{/runs}}</tbody></table>{{/hasRuns}}
        {{^hasRuns}}<p>{{t.noRuns}}</p>{{/hasRuns}}
        {{#nextLink}}<p><a href="{{nextLink}}">{{t.next}}</a></p>{{/nextLink}}
        """

    static let paymentRun = """
        <p><a href="/desk/payment-runs">{{t.paymentRuns}}</a></p>
        <h1>{{t.run}} {{number}}: {{state}}</h1>
        <p>{{t.madeByLabel}} {{madeBy}}{{#approvedBy}} · {{t.approvedByLabel}} {{approvedBy}}{{/approvedBy}}</p>
        {{> problem}}
        {{#done}}<p class="notice" role="status">{{t.done}}</p>{{/done}}
        {{#awaiting}}<div class="notice" role="status"><p><strong>{{t.waitingSecondAdmin}}</strong></p>        {{#ownRun}}<p>{{t.ownRunWaits}}</p>{{/ownRun}}
        {{#canApprove}}<form method="post" action="/desk/payment-runs/{{id}}/approve"><input type="hidden" name="csrf" value="{{csrf}}">        <button type="submit">{{t.approveRun}}</button></form>{{/canApprove}}</div>{{/awaiting}}
        <section class="panel" aria-labelledby="totals"><h2 id="totals">{{t.total}}</h2>
        <ul class="plain">{{#totals}}<li>{{total}} ({{count}})</li>{{/totals}}</ul>
        {{#canDownload}}<form class="bar" method="post" action="/desk/payment-runs/{{id}}/file"><input type="hidden" name="csrf" value="{{csrf}}">
        <p><label for="format">{{t.fileFormat}}</label><select id="format" name="format"><option value="abo">ABO</option><option value="pain001">pain.001</option></select></p>
        <p><button type="submit">{{t.downloadFile}}</button></p></form><p><small>{{t.downloadHint}}</small></p>{{/canDownload}}
        </section>
        <h2>{{t.payments}}</h2>
        <table class="rows"><thead><tr><th scope="col">{{t.person}}</th><th scope="col">{{t.period}}</th><th scope="col" class="num">{{t.amount}}</th>\
        <th scope="col">{{t.bankAccount}}</th><th scope="col">{{t.variableSymbol}}</th><th scope="col">{{t.state}}</th></tr></thead><tbody>
        {{#items}}<tr><td data-label="{{t.person}}"><a href="/desk/invoices/{{invoiceId}}">{{name}}</a></td><td data-label="{{t.period}}">{{period}}</td>\
        <td class="num" data-label="{{t.amount}}">{{amount}}</td><td data-label="{{t.bankAccount}}">{{account}}</td>\
        <td data-label="{{t.variableSymbol}}">{{symbol}}</td><td data-label="{{t.state}}">{{state}}</td></tr>
        {{/items}}</tbody></table>
        <h2>{{t.events}}</h2>
        <ul class="plain">{{#events}}<li>{{at}}: {{to}}{{#by}}, {{by}}{{/by}}{{#detail}} ({{detail}}){{/detail}}</li>{{/events}}</ul>
        {{#canCancel}}<section class="panel" aria-labelledby="cancel"><h2 id="cancel">{{t.cancelRun}}</h2>
        <form method="post" action="/desk/payment-runs/{{id}}/cancel"><input type="hidden" name="csrf" value="{{csrf}}">
        {{#atBank}}<p><label><input type="checkbox" name="bankDidNotPay" value="1"> {{t.bankDidNotPay}}</label></p>{{/atBank}}
        <p><label for="reason">{{t.reason}}</label><textarea id="reason" name="reason" maxlength="1000">{{reason}}</textarea></p>
        <p><button class="danger" type="submit">{{t.cancelRun}}</button></p></form></section>{{/canCancel}}
        """

    static let statement = """
        <p><a href="/desk/payment-runs">{{t.paymentRuns}}</a></p>
        <h1>{{t.statementTitle}}</h1>
        {{> problem}}
        {{#missing}}<div class="notice bad" role="alert"><p>{{t.statementMissing}}</p></div>{{/missing}}
        {{^report}}<form class="panel" method="post" action="/desk/payment-runs/statements" enctype="multipart/form-data">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <p>{{t.statementLead}}</p>
        <p><label for="file">{{t.statementFile}}</label><input id="file" type="file" name="file" accept=".xml,.gpc,.txt"></p>
        <p><button type="submit">{{t.statementPreview}}</button></p></form>{{/report}}
        {{#report}}<p>{{identifier}} · {{t.statementLines}}: {{lines}}</p>
        {{#confirmed}}<p class="notice" role="status">{{t.statementConfirmed}}</p>{{/confirmed}}
        {{#repeated}}<p class="notice" role="status">{{t.statementRepeated}}</p>{{/repeated}}
        {{#bankUnchecked}}<p class="notice">{{t.statementBankUnchecked}}</p>{{/bankUnchecked}}
        <h2>{{t.statementMatched}}</h2>
        {{#hasMatched}}<table class="rows"><thead><tr><th scope="col">{{t.statementLine}}</th><th scope="col">{{t.invoice}}</th>\
        <th scope="col">{{t.run}}</th><th scope="col" class="num">{{t.amount}}</th><th scope="col">{{t.statementBooked}}</th></tr></thead><tbody>
        {{#matched}}<tr><td data-label="{{t.statementLine}}">{{line}}</td><td data-label="{{t.invoice}}"><a href="/desk/invoices/{{invoiceId}}">{{name}}</a></td>\
        <td data-label="{{t.run}}">{{run}}</td><td class="num" data-label="{{t.amount}}">{{amount}}</td><td data-label="{{t.statementBooked}}">{{day}}</td></tr>
        {{/matched}}</tbody></table>{{/hasMatched}}{{^hasMatched}}<p>{{t.statementNone}}</p>{{/hasMatched}}
        {{#hasPartial}}<h2>{{t.statementPartial}}</h2><table class="rows"><thead><tr><th scope="col">{{t.statementLine}}</th>\
        <th scope="col">{{t.invoice}}</th><th scope="col">{{t.run}}</th><th scope="col">{{t.statementAgreeing}}</th></tr></thead><tbody>
        {{#partial}}<tr><td data-label="{{t.statementLine}}">{{line}}</td><td data-label="{{t.invoice}}"><a href="/desk/invoices/{{invoiceId}}">{{name}}</a></td>\
        <td data-label="{{t.run}}">{{run}}</td><td data-label="{{t.statementAgreeing}}">{{agreeing}}</td></tr>
        {{/partial}}</tbody></table>{{/hasPartial}}
        {{#hasTwice}}<h2>{{t.statementTwice}}</h2><ul class="plain">{{#twice}}<li>{{t.statementLine}} {{line}}: \
        <a href="/desk/invoices/{{invoiceId}}">{{name}}</a>, {{t.run}} {{run}}, {{day}}</li>{{/twice}}</ul>{{/hasTwice}}
        {{#hasUnmatched}}<h2>{{t.statementUnmatched}}</h2><table class="rows"><thead><tr><th scope="col">{{t.statementLine}}</th>\
        <th scope="col" class="num">{{t.amount}}</th><th scope="col">{{t.statementBooked}}</th><th scope="col">{{t.statementWho}}</th>\
        <th scope="col">{{t.variableSymbol}}</th></tr></thead><tbody>
        {{#unmatched}}<tr><td data-label="{{t.statementLine}}">{{line}}</td><td class="num" data-label="{{t.amount}}">{{amount}}</td>\
        <td data-label="{{t.statementBooked}}">{{day}}</td><td data-label="{{t.statementWho}}">{{who}}</td><td data-label="{{t.variableSymbol}}">{{symbol}}</td></tr>
        {{/unmatched}}</tbody></table>{{/hasUnmatched}}
        {{#draft}}<form class="panel" method="post" action="/desk/payment-runs/statements" enctype="multipart/form-data">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="confirm" value="1">
        <input type="hidden" name="draft" value="{{draft}}"><input type="hidden" name="digest" value="{{digest}}">
        <p>{{t.statementConfirmLead}}</p><p><button type="submit">{{t.statementConfirm}}</button></p></form>{{/draft}}
        <p><a href="/desk/payment-runs/statements">{{t.statementAnother}}</a></p>{{/report}}
        """
}
