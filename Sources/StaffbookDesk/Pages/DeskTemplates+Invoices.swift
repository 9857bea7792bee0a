/// The templates of a worker's own months and invoices.
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
        {{#months}}<tr><td data-label="{{t.period}}">{{label}}</td><td data-label="{{t.state}}"><span class="state">{{state}}</span>\
        {{#returnReason}}<br><small>{{t.returnReason}} {{returnReason}}</small>{{/returnReason}}</td>\
        <td class="num" data-label="{{t.amount}}">{{amount}}</td><td data-label="{{t.checks}}">{{#attention}}<span class="check-{{status}}">{{label}}: {{statusLabel}}</span><br>{{/attention}}</td>\
        <td data-label="{{t.actions}}"><a href="/desk/months/{{period}}">{{#canUpload}}{{#isReplace}}{{t.replaceInvoice}}{{/isReplace}}{{^isReplace}}{{t.uploadInvoice}}{{/isReplace}}{{/canUpload}}\
        {{^canUpload}}{{t.open}}{{/canUpload}}<span class="visually-hidden"> {{label}}</span></a></td></tr>
        {{/months}}</tbody></table>{{/hasMonths}}
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
}
