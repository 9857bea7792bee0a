/// The templates of invoices: the admins' month, an invoice, who is missing, and a worker's own months.
extension DeskTemplates {
    static let months = """
        <h1>{{t.myMonths}}</h1>
        {{#done}}<p class="notice" role="status">{{done}}</p>{{/done}}
        <section class="panel" aria-labelledby="rate-heading">
        <h2 id="rate-heading">{{t.rateAndEarnings}}</h2>
        <dl class="data">{{#rate}}<dt>{{t.hourlyRateNow}}</dt><dd>{{rate}}</dd>{{/rate}}{{#upcoming}}<dt>{{t.hourlyRateNext}}</dt><dd>{{upcoming}}</dd>{{/upcoming}}</dl>
        {{#hasEarnings}}{{{chart}}}
        <table class="visually-hidden"><caption>{{t.earnings}}</caption><thead><tr><th scope="col">{{t.period}}</th><th scope="col">{{t.amount}}</th></tr></thead>\
        <tbody>{{#earnings}}<tr><td>{{label}}</td><td>{{amount}}</td></tr>{{/earnings}}</tbody></table>{{/hasEarnings}}
        </section>
        {{#hasMonths}}<table class="rows"><thead><tr><th scope="col">{{t.period}}</th><th scope="col">{{t.state}}</th><th scope="col" class="num">{{t.amount}}</th>\
        <th scope="col">{{t.checks}}</th><th scope="col">{{t.actions}}</th></tr></thead><tbody>
        {{{months}}}</tbody></table>{{/hasMonths}}
        {{^hasMonths}}<p>{{t.noMonths}}</p>{{/hasMonths}}
        """

    static let monthOfMine = """
        <p><a href="/desk/months">{{t.myMonths}}</a></p>
        <h1>{{label}}</h1>
        {{#done}}<p class="notice" role="status">{{done}}</p>{{/done}}
        {{> problem}}
        {{#fileMissing}}<div class="notice bad" role="alert"><p>{{t.chooseFile}}</p></div>{{/fileMissing}}
        <dl class="data"><dt>{{t.state}}</dt><dd><span class="state">{{state}}</span></dd>{{#amount}}<dt>{{t.amount}}</dt><dd>{{amount}}</dd>{{/amount}}\
        {{#returnReason}}<dt>{{t.returnReason}}</dt><dd>{{returnReason}}</dd>{{/returnReason}}</dl>
        {{#invoiceId}}<p><a href="/desk/invoices/{{invoiceId}}/file?download=1">{{t.downloadOther}}</a></p>{{/invoiceId}}
        {{#hasFields}}<section aria-labelledby="read-heading"><h2 id="read-heading">{{t.dataRead}}</h2>
        <dl class="data">{{#fields}}<dt>{{label}}</dt><dd>{{value}}{{#source}} <small>({{t.source}}: {{source}})</small>{{/source}}</dd>{{/fields}}</dl></section>{{/hasFields}}
        {{#hasChecks}}<section aria-labelledby="checks-heading"><h2 id="checks-heading">{{t.checks}}</h2>
        <ul class="plain">{{#checks}}<li><span class="check-{{status}}">{{label}}: {{statusLabel}}</span>{{#detail}}<br><small>{{detail}}</small>{{/detail}}</li>{{/checks}}</ul></section>{{/hasChecks}}
        {{#canUpload}}<section class="panel" aria-labelledby="upload-heading">
        <h2 id="upload-heading">{{#isReplace}}{{t.replaceInvoice}}{{/isReplace}}{{^isReplace}}{{t.uploadInvoice}}{{/isReplace}}</h2>
        <form method="post" action="/desk/months/{{period}}" enctype="multipart/form-data" data-drop>
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="key" value="{{key}}">
        <p><label for="file">{{t.invoiceFile}}</label><input id="file" type="file" name="file" accept=".pdf,.isdoc,.isdocx,application/pdf" required aria-describedby="fileHint"> \
        <small id="fileHint">{{t.invoiceFileHint}}</small></p>
        <details{{#problem}} open{{/problem}}><summary>{{t.noIsdoc}}</summary>
        <p><label for="amount">{{t.total}}</label><input id="amount" type="text" name="amount" value="{{typed.amount}}" inputmode="decimal" maxlength="20"></p>
        <p><label for="number">{{t.number}}</label><input id="number" type="text" name="number" value="{{typed.number}}" maxlength="100"></p>
        <p><label for="variableSymbol">{{t.variableSymbol}}</label><input id="variableSymbol" type="text" name="variableSymbol" value="{{typed.variableSymbol}}" inputmode="numeric" maxlength="10"></p>
        <p><label for="issueDate">{{t.issueDate}}</label><input id="issueDate" type="date" name="issueDate" value="{{typed.issueDate}}"></p>
        <p><label for="dueDate">{{t.dueDate}}</label><input id="dueDate" type="date" name="dueDate" value="{{typed.dueDate}}"></p>
        </details>
        <p><button type="submit">{{#isReplace}}{{t.replaceInvoice}}{{/isReplace}}{{^isReplace}}{{t.uploadInvoice}}{{/isReplace}}</button></p>
        </form>
        </section>{{/canUpload}}
        """

    static let month = """
        <h1>{{t.invoices}}: {{periodLabel}}</h1>
        {{> problem}}
        {{#hasWaits}}<section class="notice" aria-labelledby="waits"><h2 id="waits">{{t.waitingSecondAdmin}}</h2>
        <ul class="plain">{{#waits}}<li><a href="/desk/invoices/{{invoiceId}}">{{name}}, {{period}}</a>: {{what}}, {{askedBy}} ({{at}})</li>{{/waits}}</ul>        </section>{{/hasWaits}}
        <form class="bar" method="get" action="/desk/invoices" role="search">
        <p><label for="period">{{t.period}}</label><input id="period" type="month" name="period" value="{{period}}" pattern="[0-9]{4}-[0-9]{2}"></p>
        <p><label for="state">{{t.state}}</label><select id="state" name="state"><option value="">{{t.anyState}}</option>\
        {{#states}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/states}}</select></p>
        <p><label for="q">{{t.search}}</label><input id="q" type="search" name="q" value="{{q}}" maxlength="100"></p>
        <p><label><input type="checkbox" name="attention" value="1"{{#attention}} checked{{/attention}}> {{t.attention}}</label></p>
        <p><button type="submit">{{t.filter}}</button></p>
        </form>
        <form class="panel" method="post" action="/desk/invoices/approve-clean">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="period" value="{{period}}">
        <input type="hidden" name="key" value="{{bulkKey}}">
        <p>{{t.approveCleanLead}}</p><button type="submit">{{t.approveClean}}</button>
        </form>
        {{#hasRows}}<table class="rows">
        <thead><tr><th scope="col">{{t.person}}</th><th scope="col" class="num">{{t.amount}}</th><th scope="col" class="num">{{t.expected}}</th>\
        <th scope="col" class="num">{{t.difference}}</th><th scope="col">{{t.state}}</th><th scope="col">{{t.checks}}</th></tr></thead>
        <tbody>
        {{{rows}}}</tbody></table>{{/hasRows}}
        {{^hasRows}}<p>{{t.noInvoices}}</p>{{/hasRows}}
        {{#nextLink}}<p><a href="{{nextLink}}">{{t.next}}</a></p>{{/nextLink}}
        <p><a href="/desk/invoices/missing?period={{period}}">{{t.missingLink}}</a></p>
        """

    /// One invoice of the month's table (a `RowTemplate`: plain values only); `checks` is made
    /// of `monthCheck` for each check that does not pass, or `monthAllPass`.
    static let monthRow = """
        <tr><td data-label="{{t.person}}"><a href="/desk/invoices/{{id}}">{{name}}</a></td>\
        <td class="num" data-label="{{t.amount}}">{{amount}}</td><td class="num" data-label="{{t.expected}}">{{expected}}</td>\
        <td class="num" data-label="{{t.difference}}">{{difference}}</td><td data-label="{{t.state}}"><span class="state">{{state}}</span></td>\
        <td data-label="{{t.checks}}">{{{checks}}}</td></tr>

        """

    /// One month of a worker's table (a `RowTemplate`): `reason` is `workerMonthReason` when the
    /// invoice was returned, `attention` made of `monthCheck` for each check that does not pass,
    /// `action` the link's words.
    static let workerMonthRow = """
        <tr><td data-label="{{t.period}}">{{label}}</td><td data-label="{{t.state}}"><span class="state">{{state}}</span>{{{reason}}}</td>\
        <td class="num" data-label="{{t.amount}}">{{amount}}</td><td data-label="{{t.checks}}">{{{attention}}}</td>\
        <td data-label="{{t.actions}}"><a href="/desk/months/{{period}}">{{action}}<span class="visually-hidden"> {{label}}</span></a></td></tr>

        """

    static let workerMonthReason = """
        <br><small>{{t.returnReason}} {{returnReason}}</small>
        """

    static let monthCheck = """
        <span class="check-{{status}}">{{label}}: {{statusLabel}}</span><br>
        """

    static let monthAllPass = """
        <span class="check-pass">{{t.allPass}}</span>
        """

    static let bulk = """
        <h1>{{t.approveClean}}: {{periodLabel}}</h1>
        <p>{{t.bulkDone}}: {{done}} · {{t.bulkSkipped}}: {{skipped}}</p>
        {{#hasSkipped}}<table class="rows"><thead><tr><th scope="col">{{t.invoice}}</th><th scope="col">{{t.state}}</th><th scope="col">{{t.why}}</th></tr></thead><tbody>
        {{#items}}<tr><td data-label="{{t.invoice}}"><a href="/desk/invoices/{{id}}">{{name}}</a></td><td data-label="{{t.state}}">{{state}}</td>\
        <td data-label="{{t.why}}">{{why}}</td></tr>
        {{/items}}</tbody></table>{{/hasSkipped}}
        <p><a href="/desk/invoices?period={{period}}">{{t.backToMonth}}</a></p>
        """

    static let invoice = """
        <p><a href="/desk/invoices?period={{period}}">{{t.backToMonth}}</a></p>
        <h1>{{name}}: {{periodLabel}}</h1>
        {{#stale}}<div class="notice bad" role="alert"><strong>{{t.stale}}</strong><p>{{t.staleDetail}}</p></div>{{/stale}}
        {{> problem}}
        {{#done}}<p class="notice" role="status">{{done}}</p>{{/done}}
        <div class="columns">
        <section class="panel" aria-labelledby="data">
        <h2 id="data">{{t.data}}</h2>
        <dl class="data">
        <dt>{{t.state}}</dt><dd><span class="state">{{state}}</span> ({{kind}})</dd>
        <dt>{{t.amount}}</dt><dd>{{amount}}</dd>
        {{#returnReason}}<dt>{{t.returnReason}}</dt><dd>{{returnReason}}</dd>{{/returnReason}}
        {{#fields}}<dt>{{label}}</dt><dd>{{value}}{{#source}} <small>({{t.source}}: {{source}})</small>{{/source}}</dd>{{/fields}}
        </dl>
        <h2>{{t.checks}}</h2>
        <ul class="plain">{{#checks}}<li><span class="check-{{status}}">{{label}}: {{statusLabel}}</span>{{#detail}}<br><small>{{detail}}</small>{{/detail}}</li>{{/checks}}</ul>
        </section>
        <section class="panel" aria-labelledby="file">
        <h2 id="file">{{t.file}}</h2>
        {{#isPDF}}<iframe class="pdf" src="/desk/invoices/{{id}}/file" title="{{t.file}}"></iframe>
        <p><a href="/desk/invoices/{{id}}/file?download=1">{{t.download}}</a></p>{{/isPDF}}
        {{^isPDF}}<p><a href="/desk/invoices/{{id}}/file?download=1">{{t.downloadOther}}</a></p>{{/isPDF}}
        <h3>{{t.versions}}</h3>
        <ul class="plain">{{#versions}}<li>{{t.version}} {{version}}: {{at}}, {{size}}{{#by}}, {{by}}{{/by}}{{#current}} ({{t.currentVersion}}){{/current}}</li>{{/versions}}</ul>
        </section>
        </div>
        <section class="panel" aria-labelledby="history"><h2 id="history">{{t.events}}</h2>
        <ul class="plain">{{#events}}<li>{{at}}: {{action}} → {{to}}{{#by}}, {{by}}{{/by}}{{#reason}} ({{reason}}){{/reason}}</li>{{/events}}</ul></section>
        {{#hasWaits}}<div class="notice" role="status"><p><strong>{{t.waitingSecondAdmin}}</strong></p>
        <ul class="plain">{{#waits}}<li>{{askedBy}}, {{at}}: {{what}}{{#reason}} ({{reason}}){{/reason}}{{#mine}}. {{t.ownRequestWaits}}{{/mine}}{{^mine}}.         {{t.agreeBySame}}{{/mine}}</li>{{/waits}}</ul></div>{{/hasWaits}}
        {{#canAct}}<section class="panel" aria-labelledby="actions">
        <h2 id="actions">{{t.actions}}</h2>
        <form method="post" action="/desk/invoices/{{id}}">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="version" value="{{version}}">
        <p><label for="reason">{{t.reason}}</label><textarea id="reason" name="reason" maxlength="1000" aria-describedby="reason-hint">{{reason}}</textarea></p>
        <p id="reason-hint"><small>{{t.reasonHint}}</small></p>
        <p class="bar">{{#canApprove}}<button type="submit" name="action" value="approve">{{t.approve}}</button>{{/canApprove}}
        {{#canOverride}}<button type="submit" name="action" value="approve-override">{{t.approveOverride}}</button>{{/canOverride}}
        {{#canReturn}}<button class="danger" type="submit" name="action" value="return">{{t.return}}</button>{{/canReturn}}
        {{#canUndoApproval}}<button class="quiet" type="submit" name="action" value="undo-approval">{{t.undoApproval}}</button>{{/canUndoApproval}}</p>
        </form>
        {{#canConfirmAccount}}<form method="post" action="/desk/invoices/{{id}}/bank-account">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="version" value="{{version}}">
        <button class="quiet" type="submit">{{t.confirmAccount}}</button></form>{{/canConfirmAccount}}
        </section>{{/canAct}}
        """

    static let missing = """
        <p><a href="/desk/invoices?period={{period}}">{{t.backToMonth}}</a></p>
        <h1>{{t.missing}}: {{periodLabel}}</h1>
        <form class="bar" method="get" action="/desk/invoices/missing" role="search">
        <input type="hidden" name="period" value="{{period}}">
        <p><label for="q">{{t.search}}</label><input id="q" type="search" name="q" value="{{q}}" maxlength="100"></p>
        <p><button type="submit">{{t.filter}}</button></p>
        </form>
        {{#hasMissing}}<ul class="plain">{{#missing}}<li>{{name}} ({{email}}){{#canRemind}} \
        <form class="inline" method="post" action="/desk/invoices/missing/{{id}}/remind"><input type="hidden" name="csrf" value="{{csrf}}">\
        <input type="hidden" name="period" value="{{period}}"><button type="submit" class="quiet" aria-label="{{t.remindNow}}: {{name}}">{{t.remindNow}}</button></form>\
        {{/canRemind}}{{#reminded}} <strong role="status">{{reminded}}</strong>{{/reminded}}</li>{{/missing}}</ul>{{/hasMissing}}
        {{^hasMissing}}<p>{{t.noneMissing}}</p>{{/hasMissing}}
        {{#nextLink}}<p><a href="{{nextLink}}">{{t.next}}</a></p>{{/nextLink}}
        """
}
