/// The template of the audit log, and its rows as a person's page shows them.
extension DeskTemplates {
    static let audit = """
        <h1>{{t.auditLog}}</h1>
        <p>{{t.auditLead}}</p>
        {{> problem}}
        {{#typed}}<form class="panel filters" method="get" action="/desk/audit">
        {{#personId}}<input type="hidden" name="personId" value="{{personId}}">{{/personId}}
        <p><label for="kind">{{t.auditKind}}</label><select id="kind" name="kind"><option value="">{{t.auditAll}}</option>\
        {{#kinds}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/kinds}}</select></p>
        <p><label for="from">{{t.from}}</label><input id="from" type="date" name="from" value="{{from}}"></p>
        <p><label for="to">{{t.to}}</label><input id="to" type="date" name="to" value="{{to}}"></p>
        <p><button type="submit">{{t.show}}</button>{{#personId}} <a href="/desk/audit">{{t.auditEveryone}}</a>{{/personId}}</p>
        </form>{{/typed}}
        <p><a class="button quiet" href="{{csvLink}}" download>{{t.auditCSV}}</a></p>
        {{#hasEntries}}{{> auditRows}}{{/hasEntries}}{{^hasEntries}}<p>{{t.auditNone}}</p>{{/hasEntries}}
        {{#nextLink}}<p><a href="{{nextLink}}">{{t.older}}</a></p>{{/nextLink}}
        """

    static let auditRows = """
        <table class="rows"><thead><tr><th scope="col">{{t.when}}</th><th scope="col">{{t.auditWhat}}</th><th scope="col">{{t.auditAbout}}</th>\
        <th scope="col">{{t.auditBy}}</th><th scope="col">{{t.auditChanges}}</th></tr></thead><tbody>
        {{#entries}}<tr><td data-label="{{t.when}}">{{at}}</td><td data-label="{{t.auditWhat}}">{{kind}}: {{action}}</td>\
        <td data-label="{{t.auditAbout}}"><a href="/desk/audit?personId={{personId}}">{{person}}</a></td><td data-label="{{t.auditBy}}">{{actor}}</td>\
        <td data-label="{{t.auditChanges}}">{{#changes}}<div><code>{{field}}</code>: {{from}} → {{to}}</div>{{/changes}}</td></tr>
        {{/entries}}</tbody></table>
        """

    static let personHistory = """
        {{#history}}<section aria-labelledby="history"><h2 id="history">{{t.auditHistory}}</h2>
        {{#hasEntries}}{{> auditRows}}{{/hasEntries}}{{^hasEntries}}<p>{{t.auditNone}}</p>{{/hasEntries}}
        <p><a href="{{all}}">{{t.auditAllOfPerson}}</a></p></section>{{/history}}
        """
}
