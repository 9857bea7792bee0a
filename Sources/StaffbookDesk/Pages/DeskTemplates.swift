import Mustache
import StaffbookCore

/// The desk's templates. Values are escaped (`{{…}}`); the layout inserts the page's body, which
/// was rendered with escaping itself, as it is (`{{{body}}}`), and the month inserts its rows,
/// which `RowTemplate` rendered with escaping, as they are (`{{{rows}}}`).
enum DeskTemplates {
    /// The templates of one language. The desk's own words (`{{t.key}}`) never change, so they
    /// are written into the templates here, escaped, once: a page then looks up only its data
    /// (a month's table of fifty rows repeats a dozen words in each row).
    static func library(_ language: Language) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        let texts = DeskTexts.all(language)
        for (name, text) in all {
            library.register(try MustacheTemplate(string: Self.withTexts(text, texts)), named: name)
        }
        return library
    }

    /// `text` with each `{{t.key}}` replaced by the key's text, escaped as Mustache escapes a
    /// value; a key without a text stays for Mustache (and renders as nothing).
    static func withTexts(_ text: String, _ texts: [String: String]) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{t.") {
            result += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            guard let close = after.range(of: "}}"), let value = texts[String(after[..<close.lowerBound])] else {
                result += rest[open]
                rest = after
                continue
            }
            result += escaped(value)
            rest = after[close.upperBound...]
        }
        return result + rest
    }

    static func escaped(_ text: String) -> String { RowTemplate.escaped(text) }

    /// The month's table rows, in this language's words.
    static func monthRows(_ language: Language) throws -> MonthRows {
        let texts = DeskTexts.all(language)
        return MonthRows(
            row: try RowTemplate(withTexts(monthRow, texts)), check: try RowTemplate(withTexts(monthCheck, texts)),
            allPass: try RowTemplate(withTexts(monthAllPass, texts)))
    }

    /// The team's month's rows, in this language's words.
    static func teamRows(_ language: Language) throws -> TeamRows {
        let texts = DeskTexts.all(language)
        return TeamRows(
            member: try RowTemplate(withTexts(teamRow, texts)), decide: try RowTemplate(withTexts(teamDecide, texts)),
            waiting: try RowTemplate(withTexts(teamWaiting, texts)))
    }

    static let rows: [(String, String)] = [
        ("monthRow", monthRow), ("monthCheck", monthCheck), ("monthAllPass", monthAllPass), ("teamRow", teamRow), ("teamDecide", teamDecide),
        ("teamWaiting", teamWaiting),
    ]

    static let all: [(String, String)] = [
        ("layout", layout), ("problem", problem), ("signIn", signIn), ("error", error), ("month", month),
        ("bulk", bulk), ("invoice", invoice), ("paymentRuns", paymentRuns), ("paymentRun", paymentRun), ("statement", statement), ("people", people),
        ("person", person), ("profile", profile),
        ("googleContinue", googleContinue), ("missing", missing), ("time", time), ("timeEntry", timeEntry), ("timeOff", timeOff), ("team", team),
        ("months", months), ("monthOfMine", monthOfMine), ("me", me), ("teamCalendar", teamCalendar), ("timeReport", timeReport),
        ("company", company), ("monthEnd", monthEnd),
    ]

    static let layout = """
        <!doctype html>
        <html lang="{{lang}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} · Staffbook</title>
        <link rel="stylesheet" href="{{css}}">
        <link rel="icon" href="{{icon}}" type="image/svg+xml">
        <script src="{{script}}" defer></script>
        </head>
        <body>
        <a class="skip" href="#main">{{t.skip}}</a>
        <header class="top">
        <a class="brand" href="/desk">Staffbook</a>
        {{#person}}<nav aria-label="{{t.menu}}"><a href="/desk/time">{{t.myTime}}</a> <a href="/desk/time-off">{{t.myTimeOff}}</a> <a href="/desk/months">{{t.myMonths}}</a>\
        {{#isLeader}} <a href="/desk/team">{{t.teamMonth}}</a>{{/isLeader}}\
        {{#isAdmin}} <a href="/desk/invoices">{{t.invoices}}</a> <a href="/desk/payment-runs">{{t.paymentRuns}}</a> <a href="/desk/company">{{t.company}}</a>{{/isAdmin}}\
        {{#isLeader}} <a href="/desk/people">{{t.people}}</a>{{/isLeader}}{{^isLeader}}{{#isAdmin}} <a href="/desk/people">{{t.people}}</a>{{/isAdmin}}{{/isLeader}} <a href="/desk/me">{{t.me}}</a></nav>
        <span class="who">{{name}} · {{roles}}</span>{{/person}}
        <a href="{{switchLanguage}}" lang="{{otherLang}}">{{t.otherLanguage}}</a>
        {{#person}}<form class="inline" method="post" action="/desk/sign-out"><input type="hidden" name="csrf" value="{{csrf}}">\
        <button class="quiet" type="submit">{{t.signOut}}</button></form>{{/person}}
        </header>
        <main id="main">
        {{{body}}}
        </main>
        </body>
        </html>
        """

    static let problem = """
        {{#problem}}<div class="notice bad" role="alert"><strong>{{title}}</strong><p>{{detail}}</p>\
        {{#fields}}<p class="fielderror">{{#label}}{{label}}: {{/label}}{{message}}</p>{{/fields}}\
        {{#requestId}}<p>{{t.requestId}}: <code>{{requestId}}</code></p>{{/requestId}}</div>{{/problem}}
        """

    static let signIn = """
        <h1>{{t.signIn}}</h1>
        <p>{{t.signInLead}}</p>
        {{> problem}}
        <form class="panel" method="post" action="/desk/sign-in">
        <input type="hidden" name="csrf" value="{{csrf}}">{{#next}}<input type="hidden" name="next" value="{{next}}">{{/next}}
        <p><label for="email">{{t.email}}</label><input id="email" type="email" name="email" value="{{email}}" autocomplete="username" required maxlength="254"></p>
        <p><label for="password">{{t.password}}</label><input id="password" type="password" name="password" autocomplete="current-password" required maxlength="1024"></p>
        <p><button type="submit">{{t.signIn}}</button></p>
        </form>
        {{#google}}<p><a class="button quiet" href="{{google}}">{{t.signInWithGoogle}}</a></p>{{/google}}
        """

    static let googleContinue = """
        <h1>{{t.signIn}}</h1>
        <form class="panel" method="post" action="/desk/sign-in/google/continue">
        <input type="hidden" name="id_token" value="{{idToken}}"><input type="hidden" name="state" value="{{state}}">
        <p>{{t.googleContinueLead}}</p>
        <p><button type="submit">{{t.googleContinue}}</button></p>
        </form>
        """

    static let error = """
        <h1>{{heading}}</h1>
        <p>{{detail}}</p>
        {{#requestId}}<p>{{t.requestId}}: <code>{{requestId}}</code></p>{{/requestId}}
        <p><a href="/desk">{{t.home}}</a></p>
        """

    static let month = """
        <h1>{{t.invoices}}: {{periodLabel}}</h1>
        {{> problem}}
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
        {{#done}}<p class="notice" role="status">{{t.done}}</p>{{/done}}
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
        <ul class="plain">{{#events}}<li>{{at}}: {{action}} → {{to}}{{#reason}} ({{reason}}){{/reason}}</li>{{/events}}</ul></section>
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

    static let paymentRuns = """
        <h1>{{t.paymentRuns}}</h1>
        <p><a class="button" href="/desk/payment-runs/statements">{{t.importStatement}}</a></p>
        <section class="panel" aria-labelledby="new-run">
        <h2 id="new-run">{{t.newRun}}</h2>
        {{#hasIncluded}}<p>{{t.newRunLead}}</p>
        <table class="rows"><thead><tr><th scope="col">{{t.person}}</th><th scope="col">{{t.period}}</th><th scope="col" class="num">{{t.amount}}</th>\
        <th scope="col">{{t.bankAccount}}</th></tr></thead><tbody>
        {{#included}}<tr><td data-label="{{t.person}}">{{name}}</td><td data-label="{{t.period}}">{{period}}</td>\
        <td class="num" data-label="{{t.amount}}">{{amount}}</td><td data-label="{{t.bankAccount}}">{{account}}</td></tr>
        {{/included}}</tbody></table>
        <form method="post" action="/desk/payment-runs"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="key" value="{{key}}">
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
        {{> problem}}
        {{#done}}<p class="notice" role="status">{{t.done}}</p>{{/done}}
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
        <ul class="plain">{{#events}}<li>{{at}}: {{to}}{{#detail}} ({{detail}}){{/detail}}</li>{{/events}}</ul>
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

    static let people = """
        <h1>{{t.people}}</h1>
        <form class="bar" method="get" action="/desk/people" role="search">
        <p><label for="q">{{t.search}}</label><input id="q" type="search" name="q" value="{{q}}" maxlength="100"></p>
        <p><label for="team">{{t.team}}</label><select id="team" name="team"><option value="">{{t.anyTeam}}</option>\
        {{#teams}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/teams}}</select></p>
        <p><label for="active">{{t.activeLabel}}</label><select id="active" name="active"><option value=""{{#activeAny}} selected{{/activeAny}}>{{t.anyone}}</option>\
        <option value="1"{{#activeYes}} selected{{/activeYes}}>{{t.activeYes}}</option><option value="0"{{#activeNo}} selected{{/activeNo}}>{{t.activeNo}}</option></select></p>
        <p><button type="submit">{{t.filter}}</button></p>
        </form>
        {{#hasRows}}<table class="rows"><thead><tr><th scope="col">{{t.person}}</th><th scope="col">{{t.email}}</th><th scope="col">{{t.position}}</th>\
        <th scope="col">{{t.teams}}</th><th scope="col">{{t.activeLabel}}</th></tr></thead><tbody>
        {{#rows}}<tr><td data-label="{{t.person}}"><a href="/desk/people/{{id}}">{{name}}</a></td><td data-label="{{t.email}}">{{email}}</td>\
        <td data-label="{{t.position}}">{{position}}</td><td data-label="{{t.teams}}">{{teams}}</td><td data-label="{{t.activeLabel}}">{{active}}</td></tr>
        {{/rows}}</tbody></table>{{/hasRows}}
        {{^hasRows}}<p>{{t.noPeople}}</p>{{/hasRows}}
        {{#nextLink}}<p><a href="{{nextLink}}">{{t.next}}</a></p>{{/nextLink}}
        """

    static let person = """
        <p><a href="/desk/people">{{t.people}}</a></p>
        <h1>{{name}}</h1>
        {{> problem}}
        {{#done}}<p class="notice" role="status">{{t.done}}</p>{{/done}}
        <div class="columns">
        <section class="panel" aria-labelledby="profile"><h2 id="profile">{{t.profileHeading}}</h2>
        <dl class="data"><dt>{{t.email}}</dt><dd>{{email}}</dd><dt>{{t.position}}</dt><dd>{{position}}</dd><dt>{{t.phone}}</dt><dd>{{phone}}</dd>
        <dt>{{t.capacity}}</dt><dd>{{capacity}}</dd><dt>{{t.teams}}</dt><dd>{{teams}}</dd><dt>{{t.activeLabel}}</dt><dd>{{active}}</dd></dl>
        {{#canEdit}}<p><a class="button quiet" href="/desk/people/{{id}}/edit">{{t.editProfile}}</a></p>{{/canEdit}}
        <h2>{{t.contracts}}</h2>
        <ul class="plain">{{#contracts}}<li>{{type}}: {{from}} – {{to}}</li>{{/contracts}}</ul>
        {{#billing}}<h2>{{t.billing}}</h2><dl class="data"><dt>IČO</dt><dd>{{ico}}</dd><dt>DIČ</dt><dd>{{dic}}</dd>\
        <dt>{{t.bankAccount}}</dt><dd>{{account}}</dd></dl>{{/billing}}
        </section>
        <section class="panel" aria-labelledby="rates"><h2 id="rates">{{t.rates}}</h2>
        {{#hasRates}}<ul class="plain">{{#rates}}<li><strong>{{amount}}</strong> {{t.from}} {{from}}{{#reason}} ({{reason}}){{/reason}}\
        {{#setBy}} · {{setBy}}{{/setBy}}{{#corrections}}<br><small>{{t.corrected}}: {{amount}} {{t.from}} {{from}}{{#reason}} ({{reason}}){{/reason}}</small>{{/corrections}}</li>{{/rates}}</ul>{{/hasRates}}
        {{#canAddRate}}<h3>{{t.addRate}}</h3>
        <form method="post" action="/desk/people/{{id}}/rates"><input type="hidden" name="csrf" value="{{csrf}}">
        <p><label for="amount">{{t.hourlyRate}}</label><input id="amount" type="text" inputmode="decimal" name="amount" value="{{typed.amount}}" maxlength="20" required></p>
        <p><label for="effectiveFrom">{{t.effectiveFrom}}</label><input id="effectiveFrom" type="date" name="effectiveFrom" value="{{typed.effectiveFrom}}" required></p>
        <p><label for="reason">{{t.reason}}</label><input id="reason" type="text" name="reason" value="{{typed.reason}}" maxlength="500"></p>
        <p><button type="submit">{{t.addRate}}</button></p></form>{{/canAddRate}}
        </section>
        </div>
        """

    static let profile = """
        <p><a href="/desk/people/{{id}}">{{name}}</a></p>
        <h1>{{t.editProfile}}: {{name}}</h1>
        {{#stale}}<div class="notice bad" role="alert"><strong>{{t.stale}}</strong><p>{{t.staleProfile}}</p></div>{{/stale}}
        {{> problem}}
        <form class="panel" method="post" action="/desk/people/{{id}}/edit">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="version" value="{{version}}">
        <p>{{t.email}}: {{email}}</p>
        <p><label for="academicTitle">{{t.academicTitle}}</label><input id="academicTitle" type="text" name="academicTitle" value="{{typed.academicTitle}}" maxlength="50"></p>
        <p><label for="firstName">{{t.firstName}}</label><input id="firstName" type="text" name="firstName" value="{{typed.firstName}}" maxlength="100" required autocomplete="off"></p>
        <p><label for="lastName">{{t.lastName}}</label><input id="lastName" type="text" name="lastName" value="{{typed.lastName}}" maxlength="100" required autocomplete="off"></p>
        <p><label for="position">{{t.position}}</label><input id="position" type="text" name="position" value="{{typed.position}}" maxlength="100"></p>
        <p><label for="capacityHoursPerWeek">{{t.capacityHoursPerWeek}}</label><input id="capacityHoursPerWeek" type="text" name="capacityHoursPerWeek" \
        value="{{typed.capacityHoursPerWeek}}" inputmode="decimal" maxlength="5" aria-describedby="capacityHint"> <small id="capacityHint">{{t.capacityHint}}</small></p>
        <p><label for="phone">{{t.phone}}</label><input id="phone" name="phone" type="tel" value="{{typed.phone}}" maxlength="30"></p>
        <p><label for="personalEmail">{{t.personalEmail}}</label><input id="personalEmail" name="personalEmail" type="email" value="{{typed.personalEmail}}" maxlength="254"></p>
        <fieldset><legend>{{t.rolesLabel}}</legend>
        <label><input type="checkbox" name="role.team_leader"{{#typed.is_team_leader}} checked{{/typed.is_team_leader}}> {{t.roleTeamLeader}}</label>
        <label><input type="checkbox" name="role.admin"{{#typed.is_admin}} checked{{/typed.is_admin}}> {{t.roleAdmin}}</label>
        </fieldset>
        <fieldset><legend>{{t.personLanguage}}</legend>
        <label><input type="radio" name="language" value="cs"{{#typed.lang_cs}} checked{{/typed.lang_cs}}> Čeština</label>
        <label><input type="radio" name="language" value="en"{{#typed.lang_en}} checked{{/typed.lang_en}}> English</label>
        </fieldset>
        <p><button type="submit">{{t.save}}</button></p>
        </form>
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
