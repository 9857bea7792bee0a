/// The template of a person's own account.
extension DeskTemplates {
    static let me = """
        <h1>{{t.me}}: {{name}}</h1>
        {{#done}}<p class="notice" role="status">{{done}}</p>{{/done}}
        {{#created}}<div class="notice" role="status"><strong>{{t.tokenCreated}}: {{name}}</strong><p>{{t.tokenOnce}}</p>
        <p><label for="new-token">{{t.tokenSecret}}</label><input id="new-token" type="text" value="{{secret}}" readonly size="50"> \
        <button type="button" class="quiet" data-copy="new-token" data-copied="{{t.copied}}">{{t.copy}}</button></p></div>{{/created}}
        <div class="columns">
        <section class="panel" aria-labelledby="profile-heading"><h2 id="profile-heading">{{t.profileHeading}}</h2>
        <dl class="data"><dt>{{t.email}}</dt><dd>{{email}}</dd><dt>{{t.position}}</dt><dd>{{position}}</dd><dt>{{t.phone}}</dt><dd>{{phone}}</dd>
        <dt>{{t.personalEmail}}</dt><dd>{{personalEmail}}</dd><dt>{{t.capacity}}</dt><dd>{{capacity}}</dd><dt>{{t.teams}}</dt><dd>{{teams}}</dd>
        <dt>{{t.rolesLabel}}</dt><dd>{{roles}}</dd></dl>
        <p><small>{{t.profileByAdmins}}</small></p>
        </section>
        {{#billing}}<section class="panel" aria-labelledby="billing-heading"><h2 id="billing-heading">{{t.billing}}</h2>
        {{> problem}}
        <form method="post" action="/desk/me/billing"><input type="hidden" name="csrf" value="{{csrf}}">
        <p><label for="ico">IČO</label><input id="ico" type="text" name="ico" value="{{ico}}" maxlength="20" inputmode="numeric" autocomplete="off"></p>
        <p><label for="dic">DIČ</label><input id="dic" type="text" name="dic" value="{{dic}}" maxlength="20" autocomplete="off"></p>
        <p><label for="bankAccount">{{t.bankAccount}}</label><input id="bankAccount" type="text" name="bankAccount" value="{{bankAccount}}" maxlength="50" \
        autocomplete="off" aria-describedby="account-warning"></p>
        <p id="account-warning" class="notice"><small>{{t.accountWarning}}</small></p>
        <p><button type="submit">{{t.save}}</button></p></form>
        </section>{{/billing}}
        </div>
        {{#preferences}}<section class="panel" aria-labelledby="preferences-heading"><h2 id="preferences-heading">{{t.languageAndNotifications}}</h2>
        {{> problem}}
        <form method="post" action="/desk/me/preferences"><input type="hidden" name="csrf" value="{{csrf}}">
        <fieldset><legend>{{t.personLanguage}}</legend>
        <label><input type="radio" name="language" value="cs"{{#lang_cs}} checked{{/lang_cs}}> Čeština</label>
        <label><input type="radio" name="language" value="en"{{#lang_en}} checked{{/lang_en}}> English</label>
        </fieldset>
        <table class="rows"><thead><tr><th scope="col">{{t.notification}}</th><th scope="col">{{t.channel}}</th></tr></thead><tbody>
        {{#kinds}}<tr><td data-label="{{t.notification}}"><label for="channel-{{kind}}">{{label}}</label></td><td data-label="{{t.channel}}">\
        <select id="channel-{{kind}}" name="channel.{{kind}}">{{#channels}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/channels}}</select></td></tr>
        {{/kinds}}</tbody></table>
        <p><label for="chatWebhookUrl">{{t.chatWebhookUrl}}</label><input id="chatWebhookUrl" type="url" name="chatWebhookUrl" value="{{chatWebhookUrl}}" maxlength="500" size="50"></p>
        <p><button type="submit">{{t.save}}</button></p></form>
        </section>{{/preferences}}
        {{> meSecondFactor}}
        {{#push}}<section aria-labelledby="push-heading"><h2 id="push-heading">{{t.pushHeading}}</h2>
        <p>{{t.pushWhat}}</p>
        {{> problem}}
        {{#hasBrowsers}}<table class="rows"><thead><tr><th scope="col">{{t.pushService}}</th><th scope="col">{{t.since}}</th>        <th scope="col">{{t.actions}}</th></tr></thead><tbody>
        {{#browsers}}<tr><td data-label="{{t.pushService}}">{{service}}</td><td data-label="{{t.since}}">{{createdAt}}</td>        <td data-label="{{t.actions}}"><form class="inline" method="post" action="/desk/me/push/{{id}}/remove"><input type="hidden" name="csrf" value="{{csrf}}">        <button type="submit" class="quiet">{{t.pushOff}}<span class="visually-hidden"> {{service}} {{createdAt}}</span></button></form></td></tr>
        {{/browsers}}</tbody></table>{{/hasBrowsers}}
        <form method="post" action="/desk/me/push" data-push-key="{{key}}"><input type="hidden" name="csrf" value="{{csrf}}">        <input type="hidden" name="endpoint" value=""><input type="hidden" name="p256dh" value=""><input type="hidden" name="auth" value="">
        <p data-push-unsupported>{{t.pushUnsupported}}</p>
        <p><button type="submit" hidden>{{t.pushOn}}</button></p><p data-push-failed hidden role="alert">{{t.pushFailed}}</p></form>
        </section>{{/push}}
        {{#password}}<section class="panel" aria-labelledby="password-heading"><h2 id="password-heading">{{t.password}}</h2>
        {{> problem}}
        <p>{{t.passwordHow}}</p>
        <form method="post" action="/desk/me/password"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="quiet">{{t.sendPasswordLink}}</button></form>
        </section>{{/password}}
        <section aria-labelledby="data-heading"><h2 id="data-heading">{{t.personalData}}</h2><p>{{t.personalDataMine}}</p>
        <p><a class="button quiet" href="/desk/me/export" download>{{t.personalDataDownload}}</a></p></section>
        <section aria-labelledby="sessions-heading"><h2 id="sessions-heading">{{t.sessions}}</h2>
        <table class="rows"><thead><tr><th scope="col">{{t.client}}</th><th scope="col">{{t.signedIn}}</th><th scope="col">{{t.lastUsed}}</th>\
        <th scope="col">{{t.actions}}</th></tr></thead><tbody>
        {{#sessions}}<tr><td data-label="{{t.client}}">{{client}}{{#current}} <strong>({{t.thisOne}})</strong>{{/current}}</td><td data-label="{{t.signedIn}}">{{createdAt}}</td>\
        <td data-label="{{t.lastUsed}}">{{lastUsedAt}}</td><td data-label="{{t.actions}}"><form class="inline" method="post" action="/desk/me/sessions/{{id}}/end">\
        <input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="quiet">{{t.endSession}}<span class="visually-hidden"> {{client}} {{createdAt}}</span></button></form></td></tr>
        {{/sessions}}</tbody></table>
        </section>
        <section aria-labelledby="tokens-heading"><h2 id="tokens-heading">{{t.personalTokens}}</h2>
        <p>{{t.tokensWhat}}</p>
        {{#hasTokens}}<table class="rows"><thead><tr><th scope="col">{{t.tokenName}}</th><th scope="col">{{t.scopes}}</th><th scope="col">{{t.expires}}</th>\
        <th scope="col">{{t.lastUsed}}</th><th scope="col">{{t.actions}}</th></tr></thead><tbody>
        {{#tokens}}<tr><td data-label="{{t.tokenName}}">{{name}}</td><td data-label="{{t.scopes}}">{{scopes}}</td><td data-label="{{t.expires}}">{{expiresAt}}</td>\
        <td data-label="{{t.lastUsed}}">{{lastUsedAt}}</td><td data-label="{{t.actions}}"><form class="inline" method="post" action="/desk/me/tokens/{{id}}/revoke">\
        <input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="quiet">{{t.revoke}}<span class="visually-hidden"> {{name}}</span></button></form></td></tr>
        {{/tokens}}</tbody></table>{{/hasTokens}}
        {{#tokenForm}}<div class="panel"><h3>{{t.newToken}}</h3>
        {{> problem}}
        <form method="post" action="/desk/me/tokens"><input type="hidden" name="csrf" value="{{csrf}}">
        <p><label for="token-name">{{t.tokenName}}</label><input id="token-name" type="text" name="name" value="{{tokenName}}" maxlength="100" required></p>
        <fieldset><legend>{{t.scopes}}</legend>
        {{#scopes}}<label for="{{id}}"><input id="{{id}}" type="checkbox" name="scope.{{value}}"{{#checked}} checked{{/checked}}> {{label}}</label>{{/scopes}}
        </fieldset>
        <p><label for="token-expires">{{t.expiresOn}}</label><input id="token-expires" type="date" name="expiresOn" value="{{expiresOn}}" aria-describedby="expires-hint"> \
        <small id="expires-hint">{{t.expiresHint}}</small></p>
        <p><button type="submit">{{t.createToken}}</button></p></form></div>{{/tokenForm}}
        <details><summary>{{t.shortcutsRecipe}}</summary>
        <p>{{t.shortcutsHow}}</p>
        <dl class="data"><dt>URL</dt><dd><code>{{timerStartURL}}</code> ({{t.orStop}} <code>{{timerStopURL}}</code>)</dd><dt>{{t.method}}</dt><dd>POST</dd>
        <dt>{{t.headers}}</dt><dd><code>Authorization: Bearer sbp_…</code></dd><dt>{{t.requestBody}}</dt><dd>{{t.shortcutsBody}}</dd></dl>
        </details>
        </section>
        """
}
