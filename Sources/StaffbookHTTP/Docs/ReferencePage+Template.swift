extension ReferencePage {
    /// Readable on a phone and in print; system fonts only. Hashed into the page's
    /// `Content-Security-Policy`, so it must stay exactly what the `<style>` element holds.
    static let style = """
        :root{color-scheme:light;--ink:#1d2430;--muted:#5b6576;--line:#dde2ea;--soft:#f5f7fa;--accent:#1f5fbf}
        *{box-sizing:border-box}
        body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff}
        header,main{max-width:60rem;margin:0 auto;padding:0 1rem}
        header{border-bottom:1px solid var(--line);padding-bottom:1rem}
        h1{font-size:1.6rem;margin:1.2rem 0 .3rem}h1 small{color:var(--muted);font-size:1rem;font-weight:400}
        h2{font-size:1.35rem;margin:2rem 0 .3rem;padding-top:.5rem;border-top:2px solid var(--ink)}
        h3{font-size:1.05rem;margin:0;word-break:break-all}h4{font-size:.95rem;margin:.8rem 0 .2rem}
        nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.4rem 1rem}
        a{color:var(--accent)}
        code,pre{font:.85rem/1.45 ui-monospace,"DejaVu Sans Mono",Menlo,monospace}
        pre{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.6rem;overflow-x:auto;white-space:pre}
        .op{border:1px solid var(--line);border-radius:8px;padding:.8rem 1rem;margin:1rem 0}
        .method{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;padding:0 .3em;color:#fff;font-size:.8rem;font-weight:700;vertical-align:.1em}
        .get{background:#2f7d32}.post{background:#1f5fbf}.put{background:#8a5a00}.patch{background:#6a3fb0}.delete{background:#b3261e}
        .id,.roles{margin:.2rem 0;color:var(--muted);font-size:.9rem}
        .role{display:inline-block;border:1px solid var(--line);border-radius:999px;padding:0 .5em;margin:0 .2em .2em 0;color:var(--ink)}
        .text{white-space:pre-wrap}
        table{border-collapse:collapse;width:100%;font-size:.9rem;display:block;overflow-x:auto}
        th,td{text-align:left;border-bottom:1px solid var(--line);padding:.25rem .5rem .25rem 0;vertical-align:top}
        ul.plain{padding-left:1.1rem;margin:.2rem 0}
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
        <code>Accept-Language</code> (<code>cs</code> or <code>en</code>). The contract itself: \
        <a href="/openapi.yaml">/openapi.yaml</a>. In the <code>curl</code> lines, <code>$API</code> is the \
        server's address and <code>$TOKEN</code> an access token from <code>POST /v1/auth/password</code>.</p>
        <nav><ul>{{#tags}}<li><a href="#tag-{{name}}">{{name}}</a> ({{count}})</li>{{/tags}}</ul></nav>
        </header>
        <main>
        {{#tags}}
        <section id="tag-{{name}}">
        <h2>{{name}}</h2>
        <p>{{description}}</p>
        {{#operations}}
        <article class="op" id="{{id}}" data-operation="{{id}}">
        <h3><span class="method {{methodClass}}">{{method}}</span> <code>{{path}}</code></h3>
        <p class="id"><code>{{id}}</code> — {{summary}}</p>
        <p class="roles">Who may call it: {{#roles}}<span class="role">{{.}}</span>{{/roles}}</p>
        {{#description}}<p class="text">{{description}}</p>{{/description}}
        {{#hasParameters}}
        <h4>Parameters</h4>
        <table><thead><tr><th>name</th><th>in</th><th>type</th><th>required</th><th>meaning</th></tr></thead><tbody>
        {{#parameters}}<tr><td><code>{{name}}</code></td><td>{{location}}</td><td>{{type}}</td><td>{{#required}}yes{{/required}}{{^required}}no{{/required}}</td><td>{{description}}</td></tr>{{/parameters}}
        </tbody></table>
        {{/hasParameters}}
        {{#request}}
        <h4>Request body</h4>
        <p><code>{{contentType}}</code> {{schema}}</p>
        {{#example}}<pre>{{example}}</pre>{{/example}}
        {{/request}}
        <h4>Responses</h4>
        <ul class="plain">
        {{#responses}}<li><b>{{status}}</b> {{description}}{{#bodies}} <code>{{contentType}}</code> {{schema}}{{/bodies}}
        {{#bodies}}{{#example}}<pre>{{example}}</pre>{{/example}}{{/bodies}}</li>
        {{/responses}}
        </ul>
        <h4>Problem types</h4>
        <ul class="plain">{{#problems}}<li><code>{{type}}</code> {{status}}</li>{{/problems}}</ul>
        <h4>Try it</h4>
        <pre>{{curl}}</pre>
        </article>
        {{/operations}}
        </section>
        {{/tags}}
        </main>
        </body>
        </html>
        """
}
