import Crypto
import Foundation

/// The desk's one stylesheet, served at a path named by its hash and cached for ever: a new
/// look is a new path. System fonts, no framework. Nothing scrolls sideways at 412 px: long
/// words break, tables turn into labelled rows under 48rem, and a wide grid scrolls in a region
/// of its own that also holds its visually hidden texts (`position:relative`: an absolutely
/// positioned text in a cell far right widened the page). Colours pass WCAG AA contrast, and a
/// check's state is a word as well as a colour.
enum DeskStyle {
    static let css = """
        :root{color-scheme:light;--ink:#17202c;--muted:#4f5b6b;--line:#d5dbe3;--soft:#f3f5f8;--accent:#1a56a8;--bad:#a3211a;--ok:#1d6b2a;--warn:#7a4b00}
        *{box-sizing:border-box}
        body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff;overflow-wrap:anywhere}
        .skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.3rem .6rem;z-index:2}
        .top{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem 1rem;padding:.6rem 1rem;border-bottom:1px solid var(--line);background:var(--soft)}
        .brand{font-weight:700;color:var(--ink);text-decoration:none;margin-right:auto}
        .top nav{display:flex;flex-wrap:wrap;gap:.2rem 1rem}.top nav a{white-space:nowrap}.who{color:var(--muted);font-size:.9rem}
        main{max-width:72rem;margin:0 auto;padding:0 1rem 3rem}
        h1{font-size:1.5rem;margin:1.2rem 0 .6rem}h2{font-size:1.2rem;margin:1.6rem 0 .4rem}
        a{color:var(--accent)}
        form.inline{display:inline}
        .bar{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:.6rem 0}
        label{display:block;font-size:.9rem;color:var(--muted)}
        fieldset{border:1px solid var(--line);border-radius:6px;margin:.6rem 0}
        input,select,textarea,button{font:inherit}
        input[type=text],input[type=email],input[type=tel],input[type=url],input[type=password],input[type=search],input[type=month],select,textarea{
        padding:.35rem .5rem;border:1px solid #8a94a3;border-radius:6px;max-width:100%;background:#fff;color:var(--ink)}
        textarea{width:100%;min-height:4.5rem}
        button,.button{display:inline-block;padding:.4rem .9rem;border:1px solid var(--accent);border-radius:6px;background:var(--accent);color:#fff;cursor:pointer;text-decoration:none}
        button.quiet,.button.quiet{background:#fff;color:var(--accent)}button.danger{background:var(--bad);border-color:var(--bad)}
        button:focus-visible,a:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
        .panel{border:1px solid var(--line);border-radius:8px;padding:.8rem 1rem;margin:1rem 0}
        .notice{border-left:4px solid var(--accent);background:var(--soft);padding:.6rem .9rem;margin:1rem 0}
        .notice.bad{border-color:var(--bad)}
        svg.chart{width:100%;height:auto;max-width:40rem;display:block;margin:.5rem 0}
        form.dropping{outline:3px dashed var(--accent);outline-offset:4px}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
        .fielderror{color:var(--bad);font-size:.9rem;margin:.2rem 0}
        table{border-collapse:collapse;width:100%}
        th,td{text-align:left;border-bottom:1px solid var(--line);padding:.35rem .5rem .35rem 0;vertical-align:top}
        th,td{overflow-wrap:break-word}td.num,th.num{text-align:right;white-space:nowrap}
        .state{font-weight:600}
        .check-pass{color:var(--ok)}.check-fail{color:var(--bad);font-weight:600}.check-needs_confirmation{color:var(--warn);font-weight:600}
        .check-pass::before{content:"✓ "}.check-fail::before{content:"✗ "}.check-needs_confirmation::before{content:"? "}
        dl.data{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.2rem 1rem;margin:0}
        dl.data dt{color:var(--muted)}dl.data dd{margin:0}
        .columns{display:grid;grid-template-columns:1fr;gap:1rem}
        @media (min-width:64rem){.columns{grid-template-columns:1fr 1fr}}
        iframe.pdf{width:100%;height:70vh;border:1px solid var(--line);border-radius:6px}
        ul.plain{padding-left:1.1rem}
        .scroll{overflow-x:auto;max-width:100%;position:relative}
        .qr svg{display:block;width:min(15rem,100%);height:auto;margin:.5rem 0}code.secret{word-break:break-all;font-size:1.05rem}
        ol.codes{columns:2;font-size:1.1rem}ol.codes code{letter-spacing:.05em}
        table.grid th,table.grid td{text-align:center;padding:.2rem .15rem;min-width:1.6rem;border:1px solid var(--line)}
        table.grid th[scope=row]{text-align:left;white-space:nowrap;padding-right:.5rem}table.grid caption{text-align:left;color:var(--muted)}
        table.grid .wk{background:var(--soft)}table.grid .today{outline:2px solid var(--accent)}table.grid td.asked{font-style:italic;color:var(--warn)}
        @media (max-width:48rem){
        table.rows,table.rows tbody,table.rows tr,table.rows td{display:block;width:100%}table.rows thead{display:none}
        table.rows tr{border-bottom:1px solid var(--line);padding:.4rem 0}table.rows td{border:0;padding:.05rem 0;text-align:left}
        table.rows td::before{content:attr(data-label) ": ";color:var(--muted)}
        }
        """

    /// The desk's icon (the browser asks for one on every page): a blue square with an S.
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1a56a8"/>\
        <text x="16" y="23" font-family="sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">S</text></svg>
        """

    static let iconPath = "/desk/assets/icon-" + hash(icon) + ".svg"

    /// The desk's only script, where it saves real effort and nothing depends on it: a file dropped
    /// on an upload form becomes the form's file (the picker works without it); a copy button puts
    /// a field's text (a token, a calendar link) on the clipboard (without it, the field is there
    /// to select and copy); and on **Me**, where the browser can take push messages, a button asks
    /// it for a subscription and sends that as the form (Web Push cannot work without a script).
    static let script = """
        "use strict";
        for (const form of document.querySelectorAll("form[data-drop]")) {
          const input = form.querySelector("input[type=file]");
          if (!input) continue;
          form.addEventListener("dragover", (event) => { event.preventDefault(); form.classList.add("dropping"); });
          form.addEventListener("dragleave", () => form.classList.remove("dropping"));
          form.addEventListener("drop", (event) => {
            event.preventDefault();
            form.classList.remove("dropping");
            if (event.dataTransfer && event.dataTransfer.files.length > 0) input.files = event.dataTransfer.files;
          });
        }
        for (const button of document.querySelectorAll("button[data-copy]")) {
          const field = document.getElementById(button.dataset.copy);
          if (!field || !navigator.clipboard) continue;
          button.addEventListener("click", () => {
            field.select();
            navigator.clipboard.writeText(field.value).then(() => { button.textContent = button.dataset.copied || button.textContent; }, () => {});
          });
        }
        const push = document.querySelector("form[data-push-key]");
        if (push && "serviceWorker" in navigator && "PushManager" in window) {
          push.querySelector("button").hidden = false;
          push.querySelector("[data-push-unsupported]").hidden = true;
          push.addEventListener("submit", (event) => {
            event.preventDefault();
            const key = push.dataset.pushKey.replace(/-/g, "+").replace(/_/g, "/");
            const raw = atob(key + "=".repeat((4 - key.length % 4) % 4));
            const applicationServerKey = Uint8Array.from(raw, (c) => c.charCodeAt(0));
            navigator.serviceWorker.register("/desk/sw.js")
              .then((registration) => registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }))
              .then((subscription) => {
                const json = subscription.toJSON();
                push.elements.endpoint.value = json.endpoint;
                push.elements.p256dh.value = json.keys.p256dh;
                push.elements.auth.value = json.keys.auth;
                push.submit();
              })
              .catch(() => { push.querySelector("[data-push-failed]").hidden = false; });
          });
        }
        """

    /// The service worker: shows a push message as a notification, and opens the desk on a click.
    static let serviceWorker = """
        "use strict";
        self.addEventListener("push", (event) => {
          const message = event.data ? event.data.json() : {};
          event.waitUntil(self.registration.showNotification(message.title || "Staffbook",
            { body: message.body || "", tag: message.kind, data: { url: message.url || "/desk" } }));
        });
        self.addEventListener("notificationclick", (event) => {
          event.notification.close();
          event.waitUntil(clients.openWindow(event.notification.data.url));
        });
        """

    static let scriptPath = "/desk/assets/desk." + hash(script) + ".js"

    /// The stylesheet's path: its content's hash, so a browser may keep it for a year.
    static let path = "/desk/assets/desk." + hash(css) + ".css"

    private static func hash(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}
