/// The templates of people: the list, a person, their profile's form.
extension DeskTemplates {
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
        {{#done}}<p class="notice" role="status">{{done}}</p>{{/done}}
        {{#hasPending}}<section class="notice" aria-labelledby="pending-heading"><h2 id="pending-heading">{{t.waitingSecondAdmin}}</h2>
        <ul class="plain">{{#pending}}<li><strong>{{what}}</strong>: {{t.askedByLabel}} {{askedBy}}, {{at}} · {{t.lapses}} {{until}}
        {{#mine}}<br><small>{{t.ownRequestWaits}}</small>{{/mine}}
        {{^mine}}<form class="inline" method="post" action="/desk/people/{{personId}}/pending/{{changeId}}/agree"><input type="hidden" name="csrf" value="{{csrf}}">\
        <button type="submit">{{t.agreeAsSecond}}</button></form>{{/mine}}
        <form class="inline" method="post" action="/desk/people/{{personId}}/pending/{{changeId}}/withdraw"><input type="hidden" name="csrf" value="{{csrf}}">\
        <button type="submit" class="quiet">{{#mine}}{{t.withdrawRequest}}{{/mine}}{{^mine}}{{t.declineRequest}}{{/mine}}</button></form></li>{{/pending}}</ul>
        </section>{{/hasPending}}
        <div class="columns">
        <section class="panel" aria-labelledby="profile"><h2 id="profile">{{t.profileHeading}}</h2>
        <dl class="data"><dt>{{t.email}}</dt><dd>{{email}}</dd><dt>{{t.position}}</dt><dd>{{position}}</dd><dt>{{t.phone}}</dt><dd>{{phone}}</dd>
        <dt>{{t.capacity}}</dt><dd>{{capacity}}</dd><dt>{{t.teams}}</dt><dd>{{teams}}</dd><dt>{{t.activeLabel}}</dt><dd>{{active}}</dd></dl>
        {{#canEdit}}<p><a class="button quiet" href="/desk/people/{{id}}/edit">{{t.editProfile}}</a></p>{{/canEdit}}
        <h2>{{t.contracts}}</h2>
        <ul class="plain">{{#contracts}}<li>{{type}}: {{from}} – {{to}}</li>{{/contracts}}</ul>
        {{#canResetFactor}}<form method="post" action="/desk/people/{{id}}/second-factor/reset"><input type="hidden" name="csrf" value="{{csrf}}">
        <p><small>{{t.resetFactorHint}}</small></p><p><button type="submit" class="quiet">{{t.resetFactor}}</button></p></form>{{/canResetFactor}}
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
        {{> personHistory}}
        {{#canExport}}<section aria-labelledby="data-heading"><h2 id="data-heading">{{t.personalData}}</h2><p>{{t.personalDataAdmin}}</p>
        <p><a class="button quiet" href="/desk/people/{{id}}/export" download>{{t.personalDataDownload}}</a></p></section>{{/canExport}}
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
}
