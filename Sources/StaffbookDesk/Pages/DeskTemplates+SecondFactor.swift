/// The templates of a sign-in's second step and of enrolling a second factor.
extension DeskTemplates {
    static let secondStep = """
        <h1>{{t.secondStep}}</h1>
        {{#enrol}}<p>{{t.enrolRequired}}</p>
        {{> enrolSteps}}{{/enrol}}
        {{^enrol}}<p>{{t.secondStepLead}}</p>{{/enrol}}
        {{> problem}}
        <form class="panel" method="post" action="/desk/sign-in/code">
        <input type="hidden" name="csrf" value="{{csrf}}">{{#next}}<input type="hidden" name="next" value="{{next}}">{{/next}}
        <p><label for="code">{{t.code}}</label><input id="code" type="text" name="code" autocomplete="one-time-code" inputmode="text" \
        required maxlength="40" size="14" aria-describedby="code-hint" autofocus><br><small id="code-hint">{{t.codeHint}}</small></p>
        <p><button type="submit">{{t.signIn}}</button></p>
        </form>
        <p><a href="/desk/sign-in">{{t.startOver}}</a></p>
        """

    static let enrolSteps = """
        <div class="panel enrol"><ol>
        <li>{{t.enrolScan}}<div class="qr">{{{qr}}}</div></li>
        <li>{{t.enrolType}} <code class="secret">{{secret}}</code></li>
        <li>{{t.enrolConfirm}}</li>
        </ol></div>
        """

    static let enrolment = """
        <h1>{{t.secondFactorSetUp}}</h1>
        {{#enrol}}{{> enrolSteps}}{{/enrol}}
        {{> problem}}
        <form class="panel" method="post" action="/desk/me/second-factor/confirm"><input type="hidden" name="csrf" value="{{csrf}}">
        <p><label for="code">{{t.code}}</label><input id="code" type="text" name="code" autocomplete="one-time-code" inputmode="numeric" \
        required maxlength="40" size="10" autofocus></p>
        <p><button type="submit">{{t.confirmFactor}}</button></p>
        </form>
        <p><a href="/desk/me">{{t.me}}</a></p>
        """

    static let recoveryCodes = """
        <h1>{{t.recoveryCodes}}</h1>
        <div class="notice" role="status"><p><strong>{{t.factorOn}}</strong></p><p>{{t.recoveryOnce}}</p></div>
        <ol class="codes">{{#codes}}<li><code>{{.}}</code></li>{{/codes}}</ol>
        <p><label for="all-codes" class="visually-hidden">{{t.recoveryCodes}}</label>\
        <textarea id="all-codes" readonly rows="2" cols="30" class="visually-hidden">{{all}}</textarea> \
        <button type="button" class="quiet" data-copy="all-codes" data-copied="{{t.copied}}">{{t.copy}}</button></p>
        <p><a class="button" href="{{next}}">{{t.continue}}</a></p>
        """

    static let meSecondFactor = """
        {{#secondFactor}}<section class="panel" aria-labelledby="factor-heading"><h2 id="factor-heading">{{t.secondFactor}}</h2>
        {{> problem}}
        <p>{{state}}</p>
        {{#required}}<p><small>{{t.factorRequired}}</small></p>{{/required}}
        {{#active}}<p>{{recoveryLeft}}</p>
        <form method="post" action="/desk/me/second-factor/disable"><input type="hidden" name="csrf" value="{{csrf}}">
        <p><label for="off-code">{{t.codeToTurnOff}}</label><input id="off-code" type="text" name="code" autocomplete="one-time-code" required maxlength="40" size="14"></p>
        <p><button type="submit" class="quiet">{{t.turnOff}}</button></p></form>{{/active}}
        {{#pending}}<p><a href="/desk/me/second-factor">{{t.finishSetUp}}</a></p>{{/pending}}
        {{^active}}<form method="post" action="/desk/me/second-factor"><input type="hidden" name="csrf" value="{{csrf}}">\
        <button type="submit">{{t.setUpFactor}}</button></form>{{/active}}
        </section>{{/secondFactor}}
        """
}
