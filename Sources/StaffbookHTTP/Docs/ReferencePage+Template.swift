extension ReferencePage {
    /// Readable on a phone and in print; system fonts only. Nothing scrolls sideways: long words
    /// (paths, patterns, ids) break anywhere, code blocks wrap, and under 40rem a table's rows
    /// stack with each cell labelled. In a table, prose and the names in the first column wrap
    /// between words and only other code breaks anywhere: text that may break anywhere lets the
    /// table squeeze its column until words split. Hashed into the page's
    /// `Content-Security-Policy`, so it must stay exactly what the `<style>` element holds.
    static let style = """
        :root{color-scheme:light;--ink:#1d2430;--muted:#5b6576;--line:#dde2ea;--soft:#f5f7fa;--accent:#1f5fbf}
        *{box-sizing:border-box}
        body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff;overflow-wrap:anywhere}
        header,main{max-width:60rem;margin:0 auto;padding:0 1rem}
        header{border-bottom:1px solid var(--line);padding-bottom:1rem}
        h1{font-size:1.6rem;margin:1.2rem 0 .3rem}h1 small{color:var(--muted);font-size:1rem;font-weight:400}
        h2{font-size:1.35rem;margin:2rem 0 .3rem;padding-top:.5rem;border-top:2px solid var(--ink)}
        h3{font-size:1.05rem;margin:0}h4{font-size:.95rem;margin:.8rem 0 .2rem}
        nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.4rem 1rem}
        a{color:var(--accent)}
        code,pre{font:.85rem/1.45 ui-monospace,"DejaVu Sans Mono",Menlo,monospace}
        pre{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.6rem;white-space:pre-wrap;overflow-wrap:anywhere}
        form{display:flex;gap:.5rem;margin:.8rem 0}
        input[type=search]{flex:1;min-width:0;font:inherit;padding:.35rem .5rem;border:1px solid var(--line);border-radius:6px}
        button{font:inherit;padding:.35rem .8rem;border:1px solid var(--accent);border-radius:6px;background:var(--accent);color:#fff}
        .op,.schema{border:1px solid var(--line);border-radius:8px;padding:.8rem 1rem;margin:1rem 0;scroll-margin-top:.5rem}
        .problem{scroll-margin-top:.5rem;margin:.6rem 0}
        .anchor{color:var(--muted);text-decoration:none;margin-left:.3rem}
        .method{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;padding:0 .3em;color:#fff;font-size:.8rem;font-weight:700;vertical-align:.1em}
        .get{background:#2f7d32}.post{background:#1f5fbf}.put{background:#8a5a00}.patch{background:#6a3fb0}.delete{background:#b3261e}
        .id,.roles,.note{margin:.2rem 0;color:var(--muted);font-size:.9rem}
        .role{display:inline-block;border:1px solid var(--line);border-radius:999px;padding:0 .5em;margin:0 .2em .2em 0;color:var(--ink)}
        .required{color:#b3261e;font-weight:700}
        table{border-collapse:collapse;width:100%;font-size:.9rem}
        th,td{text-align:left;border-bottom:1px solid var(--line);padding:.25rem .5rem .25rem 0;vertical-align:top}
        th,td{overflow-wrap:break-word}td:not(:first-child) code{overflow-wrap:anywhere}
        ul.plain{padding-left:1.1rem;margin:.2rem 0}
        @media (max-width:40rem){
        table,tbody,tr,td{display:block;width:100%}thead{display:none}
        tr{border-bottom:1px solid var(--line);padding:.3rem 0}td{border:0;padding:.05rem 0}
        td::before{content:attr(data-label) ": ";color:var(--muted)}
        }
        """

    /// The page; values are escaped by Mustache (`{{…}}`), the style is ours (`{{{…}}}`).
    static let template = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} API reference</title>
        <style>{{{style}}}</style>
        </head>
        <body>
        <header>
        <h1>{{title}} API <small>{{version}} · {{operationCount}} operations</small></h1>
        <p>Every failure answers <code>application/problem+json</code> (RFC 9457) in the language of \
        <code>Accept-Language</code> (<code>cs</code> or <code>en</code>); its <code>type</code> is one of the \
        <a href="#problems">problem types</a>. The contract itself: <a href="/openapi.yaml">/openapi.yaml</a>. \
        In the <code>curl</code> lines, <code>$API</code> is the server's address and <code>$TOKEN</code> an \
        access token from <code>POST /v1/auth/password</code>; their ids are the demo's (<code>make run</code>).</p>
        <form method="get" action="/docs" role="search"><input type="search" name="q" value="{{query}}" maxlength="100" \
        placeholder="Find an operation, a schema or a field" aria-label="Search"><button type="submit">Search</button></form>
        {{#found}}<p class="note">Found {{found}} for “{{query}}”. <a href="/docs">Everything</a></p>{{/found}}
        <nav><ul>{{#tags}}<li><a href="#tag-{{name}}">{{name}}</a> ({{count}})</li>{{/tags}}\
        <li><a href="#schemas">Schemas</a> ({{schemaCount}})</li><li><a href="#problems">Problem types</a></li></ul></nav>
        </header>
        <main>
        {{#tags}}
        <section id="tag-{{name}}">
        <h2>{{name}}</h2>
        {{{description}}}
        {{#operations}}
        <article class="op" id="{{id}}" data-operation="{{id}}">
        <h3><span class="method {{methodClass}}">{{method}}</span> <code>{{path}}</code><a class="anchor" href="#{{id}}" \
        aria-label="Link to {{id}}">#</a></h3>
        <p class="id"><code>{{id}}</code> — {{{summary}}}</p>
        <p class="roles">Who may call it: {{#roles}}<span class="role">{{.}}</span>{{/roles}}</p>
        {{#accessNote}}<p class="note">{{.}}</p>{{/accessNote}}
        {{#tokens}}<p class="note">{{.}}</p>{{/tokens}}
        {{#bodyLimit}}<p class="note">{{.}}</p>{{/bodyLimit}}
        {{#details}}<div class="text">{{{.}}}</div>{{/details}}
        {{#hasParameters}}
        <h4>Parameters</h4>
        <table><thead><tr><th>name</th><th>in</th><th>type</th><th>required</th><th>meaning</th></tr></thead><tbody>
        {{#parameters}}<tr><td data-label="name"><code>{{name}}</code></td><td data-label="in">{{location}}</td>\
        <td data-label="type">{{#type}}{{>type}}{{/type}}{{#hasValues}} — one of: {{#values}}<code>{{.}}</code> {{/values}}{{/hasValues}}\
        {{#pattern}} <code>{{.}}</code>{{/pattern}}</td>\
        <td data-label="required">{{#required}}<span class="required">required</span>{{/required}}{{^required}}no{{/required}}</td>\
        <td data-label="meaning">{{{description}}}</td></tr>{{/parameters}}
        </tbody></table>
        {{/hasParameters}}
        {{#request}}
        <h4>Request body</h4>
        <p><code>{{contentType}}</code>{{#alternatives}} or <code>{{.}}</code>{{/alternatives}} {{#schema}}{{>type}}{{/schema}}</p>
        {{#hasParts}}{{>fields}}{{/hasParts}}
        {{#example}}<pre>{{example}}</pre>{{/example}}
        {{/request}}
        <h4>Responses</h4>
        <ul class="plain">
        {{#responses}}<li><b>{{status}}</b> {{{description}}}{{#bodies}} <code>{{contentType}}</code> {{#schema}}{{>type}}{{/schema}}{{/bodies}}
        {{#bodies}}{{#example}}<pre>{{example}}</pre>{{/example}}{{/bodies}}</li>
        {{/responses}}
        </ul>
        <h4>Problem types</h4>
        <ul class="plain">{{#problems}}<li><a href="#{{anchor}}"><code>{{type}}</code></a> {{status}}</li>{{/problems}}</ul>
        <h4>Try it</h4>
        <pre>{{curl}}</pre>
        </article>
        {{/operations}}
        </section>
        {{/tags}}
        <section id="schemas">
        <h2>Schemas</h2>
        {{#schemas}}
        <article class="schema" id="schema-{{name}}">
        <h3><code>{{name}}</code><a class="anchor" href="#schema-{{name}}" aria-label="Link to {{name}}">#</a></h3>
        <p class="id">{{#type}}{{>type}}{{/type}}{{#constraints}} — {{.}}{{/constraints}}</p>
        {{#description}}<div class="text">{{{.}}}</div>{{/description}}
        {{#hasValues}}<p>One of: {{#values}}<code>{{.}}</code> {{/values}}</p>{{/hasValues}}
        {{#hasFields}}{{>fields}}{{/hasFields}}
        {{#example}}<h4>Example</h4><pre>{{.}}</pre>{{/example}}
        </article>
        {{/schemas}}
        </section>
        <section id="problems">
        <h2>Problem types</h2>
        <p>A problem's <code>title</code> and <code>detail</code> come in the caller's language; the detail below is a \
        typical one. Field errors (<code>errors</code>) name the field (<code>body.amount</code>, <code>query.limit</code>) \
        and a stable code.</p>
        {{#problems}}
        <div class="problem" id="{{anchor}}"><p><code>{{type}}</code> <b>{{status}}</b> {{title}}{{#detail}}<br>\
        <span class="note">{{.}}</span>{{/detail}}</p></div>
        {{/problems}}
        </section>
        </main>
        </body>
        </html>
        """

    /// Partials: a type with its schema linked, and a table of fields.
    static let partials = [
        "type": "{{prefix}}{{#reference}}<a href=\"#schema-{{.}}\">{{.}}</a>{{/reference}}{{suffix}}",
        "fields": """
        <table><thead><tr><th>field</th><th>type</th><th>required</th><th>meaning</th></tr></thead><tbody>
        {{#fields}}{{>field}}{{/fields}}{{#parts}}{{>field}}{{/parts}}
        </tbody></table>
        """,
        "field": """
        <tr><td data-label="field"><code>{{name}}</code></td><td data-label="type">{{#type}}{{>type}}{{/type}}\
        {{#hasValues}} — one of: {{#values}}<code>{{.}}</code> {{/values}}{{/hasValues}}</td>\
        <td data-label="required">{{#required}}<span class="required">required</span>{{/required}}{{^required}}no{{/required}}</td>\
        <td data-label="meaning">{{{description}}}{{#constraints}} <span class="note">({{.}})</span>{{/constraints}}</td></tr>
        """,
    ]
}
