/// The templates of the admins' integrations pages.
extension DeskTemplates {
    static let integrations = """
        <h1>{{t.integrations}}</h1>
        <p>{{t.integrationsLead}}</p>
        {{#created}}<div class="notice" role="status"><strong>{{t.endpointCreated}}: {{url}}</strong><p>{{t.endpointSecretOnce}}</p>
        <p><label for="new-secret">{{t.endpointSecret}}</label><input id="new-secret" type="text" value="{{secret}}" readonly size="50"> \
        <button type="button" class="quiet" data-copy="new-secret" data-copied="{{t.copied}}">{{t.copy}}</button></p></div>{{/created}}
        {{#hasEndpoints}}<table class="rows"><thead><tr><th scope="col">{{t.endpointUrl}}</th><th scope="col">{{t.endpointDescription}}</th>\
        <th scope="col">{{t.endpointTypes}}</th><th scope="col">{{t.endpointState}}</th></tr></thead><tbody>
        {{#endpoints}}<tr><td data-label="{{t.endpointUrl}}"><a href="/desk/integrations/{{id}}">{{url}}</a></td>\
        <td data-label="{{t.endpointDescription}}">{{description}}</td><td data-label="{{t.endpointTypes}}">{{types}}</td>\
        <td data-label="{{t.endpointState}}">{{state}}</td></tr>
        {{/endpoints}}</tbody></table>{{/hasEndpoints}}{{^hasEndpoints}}<p>{{t.noEndpoints}}</p>{{/hasEndpoints}}
        <section class="panel" aria-labelledby="new-endpoint"><h2 id="new-endpoint">{{t.newEndpoint}}</h2>
        {{> problem}}
        {{#form}}<form method="post" action="/desk/integrations"><input id="new-endpoint-csrf" type="hidden" name="csrf" value="{{csrf}}">
        {{> endpointFields}}
        <p><button type="submit">{{t.registerEndpoint}}</button></p></form>{{/form}}</section>
        """

    static let endpointFields = """
        <p><label for="endpoint-url">{{t.endpointUrl}}</label><input id="endpoint-url" type="url" name="url" value="{{url}}" maxlength="500" required></p>
        <p><label for="endpoint-description">{{t.endpointDescription}}</label>\
        <input id="endpoint-description" type="text" name="description" value="{{description}}" maxlength="500"></p>
        <fieldset><legend>{{t.endpointTypes}}</legend>
        {{#types}}<label for="{{id}}"><input id="{{id}}" type="checkbox" name="type.{{value}}"{{#checked}} checked{{/checked}}> <code>{{value}}</code></label>{{/types}}
        </fieldset>
        """

    static let integration = """
        <p><a href="/desk/integrations">{{t.allIntegrations}}</a></p>
        <h1>{{url}}</h1>
        {{#done}}<div class="notice" role="status"><p>{{done}}</p></div>{{/done}}
        <dl class="data"><dt>{{t.endpointState}}</dt><dd>{{state}}{{#disabledReason}} ({{disabledReason}}){{/disabledReason}}</dd>\
        {{#failingSince}}<dt>{{t.endpointFailingSince}}</dt><dd>{{failingSince}}</dd>{{/failingSince}}</dl>
        <section aria-labelledby="log"><h2 id="log">{{t.deliveryLog}}</h2>
        {{#hasDeliveries}}<table class="rows"><thead><tr><th scope="col">{{t.when}}</th><th scope="col">{{t.deliveryEvent}}</th>\
        <th scope="col">{{t.endpointState}}</th><th scope="col">{{t.deliveryAttempts}}</th><th scope="col">{{t.deliveryStatus}}</th>\
        <th scope="col">{{t.deliveryLatency}}</th><th scope="col">{{t.actions}}</th></tr></thead><tbody>
        {{#deliveries}}<tr><td data-label="{{t.when}}">{{at}}</td><td data-label="{{t.deliveryEvent}}"><code>{{type}}</code></td>\
        <td data-label="{{t.endpointState}}">{{state}}{{#next}} ({{t.deliveryNext}}: {{next}}){{/next}}{{#error}}<div>{{error}}</div>{{/error}}</td>\
        <td data-label="{{t.deliveryAttempts}}">{{attempts}}</td><td data-label="{{t.deliveryStatus}}">{{status}}</td>\
        <td data-label="{{t.deliveryLatency}}">{{latency}}</td><td data-label="{{t.actions}}">\
        <form class="inline" method="post" action="/desk/integrations/{{endpointId}}/deliveries/{{id}}/replay">\
        <input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="quiet">{{t.replay}}<span class="visually-hidden"> {{type}} {{at}}</span></button></form></td></tr>
        {{/deliveries}}</tbody></table>{{/hasDeliveries}}{{^hasDeliveries}}<p>{{t.noDeliveries}}</p>{{/hasDeliveries}}</section>
        <section class="panel" aria-labelledby="settings"><h2 id="settings">{{t.endpointSettings}}</h2>
        {{> problem}}
        {{#form}}<form method="post" action="/desk/integrations/{{id}}"><input type="hidden" name="csrf" value="{{csrf}}">
        {{> endpointFields}}
        <p><label for="endpoint-active"><input id="endpoint-active" type="checkbox" name="active"{{#active}} checked{{/active}}> {{t.endpointActive}}</label></p>
        <p><button type="submit">{{t.save}}</button></p></form>{{/form}}
        <form method="post" action="/desk/integrations/{{id}}/delete"><input type="hidden" name="csrf" value="{{csrf}}">\
        <p><button type="submit" class="quiet">{{t.deleteEndpoint}}</button></p></form></section>
        """
}
