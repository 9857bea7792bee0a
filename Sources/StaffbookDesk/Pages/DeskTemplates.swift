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
            allPass: try RowTemplate(withTexts(monthAllPass, texts)), workerRow: try RowTemplate(withTexts(workerMonthRow, texts)),
            workerReason: try RowTemplate(withTexts(workerMonthReason, texts)))
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
        ("teamWaiting", teamWaiting), ("workerMonthRow", workerMonthRow), ("workerMonthReason", workerMonthReason),
    ]

    static let all: [(String, String)] = [
        ("layout", layout), ("problem", problem), ("signIn", signIn), ("error", error), ("month", month),
        ("bulk", bulk), ("invoice", invoice), ("paymentRuns", paymentRuns), ("paymentRun", paymentRun), ("statement", statement), ("people", people),
        ("person", person), ("profile", profile),
        ("googleContinue", googleContinue), ("missing", missing), ("time", time), ("timeEntry", timeEntry), ("timeOff", timeOff), ("team", team),
        ("months", months), ("monthOfMine", monthOfMine), ("me", me), ("teamCalendar", teamCalendar), ("timeReport", timeReport),
        ("company", company), ("monthEnd", monthEnd), ("secondStep", secondStep), ("enrolSteps", enrolSteps), ("enrolment", enrolment),
        ("recoveryCodes", recoveryCodes), ("meSecondFactor", meSecondFactor), ("audit", audit), ("auditRows", auditRows),
        ("integrations", integrations), ("endpointFields", endpointFields), ("integration", integration),
        ("personHistory", personHistory),
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
        {{#isAdmin}} <a href="/desk/invoices">{{t.invoices}}</a> <a href="/desk/payment-runs">{{t.paymentRuns}}</a> <a href="/desk/company">{{t.company}}</a> <a href="/desk/audit">{{t.auditLog}}</a> <a href="/desk/integrations">{{t.integrations}}</a>{{/isAdmin}}\
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
}
