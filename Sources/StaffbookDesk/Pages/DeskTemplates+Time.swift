/// The templates of a person's own time.
extension DeskTemplates {
    static let time = """
        <h1>{{t.myTime}}</h1>
        {{#done}}<p class="notice" role="status">{{done}}</p>{{/done}}
        {{> problem}}
        <section class="panel" aria-labelledby="timer-heading">
        <h2 id="timer-heading">{{t.timer}}</h2>
        {{#running}}<p>{{t.runningSince}} <strong>{{since}}</strong> ({{elapsed}}): {{project}}{{#description}} · {{description}}{{/description}}</p>
        <form class="inline" method="post" action="/desk/time/timer"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="week" value="{{week}}">\
        <button type="submit" name="press" value="stop">{{t.stopTimer}}</button> <button type="submit" class="quiet" name="press" value="cancel">{{t.cancelTimer}}</button></form>{{/running}}
        {{^running}}{{#hasProjects}}<form method="post" action="/desk/time/timer">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="week" value="{{week}}"><input type="hidden" name="press" value="start">
        <p><label for="timer-project">{{t.projectId}}</label><select id="timer-project" name="projectId" required>\
        {{#timerProjects}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/timerProjects}}</select></p>
        <p><label for="timer-description">{{t.description}}</label><input id="timer-description" type="text" name="description" value="{{timerDescription}}" maxlength="1000"></p>
        <p><button type="submit">{{t.startTimer}}</button></p>
        </form>{{/hasProjects}}{{^hasProjects}}<p>{{t.noProjects}}</p>{{/hasProjects}}{{/running}}
        </section>
        <section aria-labelledby="week-heading">
        <h2 id="week-heading">{{t.week}} {{weekLabel}}</h2>
        <p><a href="/desk/time?week={{previousWeek}}">{{t.previousWeek}}</a> · <a href="/desk/time?week={{nextWeek}}">{{t.nextWeek}}</a></p>
        <p>{{t.weekTotal}}: <strong>{{weekHours}} h</strong>{{#capacity}} {{t.ofCapacity}} {{capacity}} h{{/capacity}}</p>
        {{#days}}<h3>{{weekday}} {{label}}{{#isToday}} ({{t.today}}){{/isToday}}: {{hours}} h</h3>
        {{#hasEntries}}<table class="rows"><thead><tr><th scope="col">{{t.when}}</th><th scope="col">{{t.projectId}}</th>\
        <th scope="col">{{t.description}}</th><th scope="col" class="num">{{t.duration}}</th><th scope="col">{{t.actions}}</th></tr></thead><tbody>
        {{#entries}}<tr><td data-label="{{t.when}}">{{from}}–{{to}}</td><td data-label="{{t.projectId}}">{{project}}</td>\
        <td data-label="{{t.description}}">{{description}}</td><td class="num" data-label="{{t.duration}}">{{duration}}</td>\
        <td data-label="{{t.actions}}">{{#isRunning}}{{t.timerRunning}}{{/isRunning}}{{^isRunning}}{{#isLocked}}{{t.locked}}{{/isLocked}}\
        {{^isLocked}}<a href="/desk/time/entries/{{id}}">{{t.edit}}<span class="visually-hidden"> {{from}}–{{to}}</span></a>{{/isLocked}}{{/isRunning}}</td></tr>
        {{/entries}}</tbody></table>{{/hasEntries}}{{/days}}
        </section>
        {{#hasProjects}}<section class="panel" aria-labelledby="add-heading">
        <h2 id="add-heading">{{t.addEntry}}</h2>
        <form method="post" action="/desk/time/entries">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="week" value="{{week}}">
        <p><label for="entry-day">{{t.day}}</label><input id="entry-day" type="date" name="day" value="{{typed.day}}" required></p>
        <p><label for="entry-start">{{t.start}}</label><input id="entry-start" type="time" name="start" value="{{typed.start}}" required></p>
        <p><label for="entry-end">{{t.end}}</label><input id="entry-end" type="time" name="end" value="{{typed.end}}" required></p>
        <p><label for="entry-project">{{t.projectId}}</label><select id="entry-project" name="projectId" required>\
        {{#entryProjects}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/entryProjects}}</select></p>
        <p><label for="entry-description">{{t.description}}</label><input id="entry-description" type="text" name="description" value="{{typed.description}}" maxlength="1000"></p>
        <p><button type="submit">{{t.add}}</button></p>
        </form>
        </section>{{/hasProjects}}
        <section aria-labelledby="sheets-heading">
        <h2 id="sheets-heading">{{t.timesheets}}</h2>
        <table class="rows"><thead><tr><th scope="col">{{t.period}}</th><th scope="col">{{t.state}}</th><th scope="col">{{t.actions}}</th></tr></thead><tbody>
        {{#timesheets}}<tr><td data-label="{{t.period}}">{{label}}</td><td data-label="{{t.state}}"><span class="state">{{state}}</span>{{#reason}} ({{reason}}){{/reason}}</td>\
        <td data-label="{{t.actions}}">{{#canSubmit}}<form class="inline" method="post" action="/desk/time/timesheet"><input type="hidden" name="csrf" value="{{csrf}}">\
        <input type="hidden" name="week" value="{{week}}"><input type="hidden" name="month" value="{{month}}">\
        <button type="submit">{{t.submitTimesheet}}<span class="visually-hidden"> {{label}}</span></button></form>{{/canSubmit}}</td></tr>
        {{/timesheets}}</tbody></table>
        </section>
        """

    static let timeEntry = """
        <p><a href="/desk/time?week={{week}}">{{t.backToTime}}</a></p>
        <h1>{{t.editEntry}}</h1>
        {{#stale}}<div class="notice bad" role="alert"><strong>{{t.staleEntryTitle}}</strong><p>{{t.staleEntry}}</p></div>{{/stale}}
        {{> problem}}
        {{#isRunning}}<p>{{t.timerRunning}}</p>{{/isRunning}}
        {{^isRunning}}<form class="panel" method="post" action="/desk/time/entries/{{id}}">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="version" value="{{version}}">
        <p><label for="entry-day">{{t.day}}</label><input id="entry-day" type="date" name="day" value="{{typed.day}}" required></p>
        <p><label for="entry-start">{{t.start}}</label><input id="entry-start" type="time" name="start" value="{{typed.start}}" required></p>
        <p><label for="entry-end">{{t.end}}</label><input id="entry-end" type="time" name="end" value="{{typed.end}}" required></p>
        <p><label for="entry-project">{{t.projectId}}</label><select id="entry-project" name="projectId" required>\
        {{#projects}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/projects}}</select></p>
        <p><label for="entry-description">{{t.description}}</label><input id="entry-description" type="text" name="description" value="{{typed.description}}" maxlength="1000"></p>
        <p><button type="submit">{{t.save}}</button></p>
        </form>
        <form class="panel" method="post" action="/desk/time/entries/{{id}}/delete">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="version" value="{{version}}">
        <p><button type="submit" class="quiet">{{t.deleteEntry}}</button></p>
        </form>{{/isRunning}}
        """

    static let timeOff = """
        <h1>{{t.myTimeOff}}</h1>
        {{#done}}<p class="notice" role="status">{{done}}</p>{{/done}}
        {{> problem}}
        {{#balance}}<section class="panel" aria-labelledby="balance-heading">
        <h2 id="balance-heading">{{t.vacation}} {{year}}</h2>
        {{#unlimited}}<p>{{t.vacationUnlimited}}</p>{{/unlimited}}
        {{^unlimited}}<dl class="data"><dt>{{t.entitlement}}</dt><dd>{{entitlement}}</dd><dt>{{t.carried}}</dt><dd>{{carried}}</dd>\
        <dt>{{t.taken}}</dt><dd>{{approved}}</dd><dt>{{t.asked}}</dt><dd>{{requested}}</dd><dt>{{t.left}}</dt><dd><strong>{{left}}</strong></dd></dl>{{/unlimited}}
        </section>{{/balance}}
        <section class="panel" aria-labelledby="ask-heading">
        <h2 id="ask-heading">{{t.askTimeOff}}</h2>
        <form method="post" action="/desk/time-off">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <p><label for="kind">{{t.kind}}</label><select id="kind" name="kind">{{#kinds}}<option value="{{code}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/kinds}}</select></p>
        <p><label for="firstDay">{{t.firstDay}}</label><input id="firstDay" type="date" name="firstDay" value="{{typed.firstDay}}" required></p>
        <p><label for="lastDay">{{t.lastDay}}</label><input id="lastDay" type="date" name="lastDay" value="{{typed.lastDay}}" aria-describedby="lastDayHint"> \
        <small id="lastDayHint">{{t.lastDayHint}}</small></p>
        <p><label for="part">{{t.part}}</label><select id="part" name="part">{{#parts}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/parts}}</select></p>
        <p><label for="hours">{{t.hours}}</label><input id="hours" type="text" name="hours" value="{{typed.hours}}" inputmode="decimal" maxlength="10" aria-describedby="hoursHint"> \
        <small id="hoursHint">{{t.hoursHint}}</small></p>
        <p><label for="note">{{t.note}}</label><input id="note" type="text" name="note" value="{{typed.note}}" maxlength="1000"></p>
        <p><button type="submit">{{t.ask}}</button></p>
        </form>
        </section>
        <section aria-labelledby="requests-heading">
        <h2 id="requests-heading">{{t.myRequests}}</h2>
        {{#hasRequests}}<table class="rows"><thead><tr><th scope="col">{{t.kind}}</th><th scope="col">{{t.days}}</th><th scope="col" class="num">{{t.workingDays}}</th>\
        <th scope="col">{{t.state}}</th><th scope="col">{{t.actions}}</th></tr></thead><tbody>
        {{#requests}}<tr><td data-label="{{t.kind}}">{{kind}}</td><td data-label="{{t.days}}">{{days}}{{#part}} ({{part}}){{/part}}</td>\
        <td class="num" data-label="{{t.workingDays}}">{{workingDays}}</td><td data-label="{{t.state}}"><span class="state">{{state}}</span>{{#reason}} ({{reason}}){{/reason}}</td>\
        <td data-label="{{t.actions}}">{{#canCancel}}<form class="inline" method="post" action="/desk/time-off/{{id}}/cancel"><input type="hidden" name="csrf" value="{{csrf}}">\
        <button type="submit" class="quiet">{{t.cancelRequest}}<span class="visually-hidden"> {{kind}} {{days}}</span></button></form>{{/canCancel}}</td></tr>
        {{/requests}}</tbody></table>{{/hasRequests}}
        {{^hasRequests}}<p>{{t.noRequests}}</p>{{/hasRequests}}
        </section>
        <section aria-labelledby="feeds-heading">
        <h2 id="feeds-heading">{{t.calendarFeeds}}</h2>
        <p>{{t.calendarFeedsWhat}}</p>
        {{#feeds}}<p><label for="{{field}}">{{t.calendarLink}} ({{createdAt}})</label><input id="{{field}}" type="text" value="{{url}}" readonly size="60"> \
        <button type="button" class="quiet" data-copy="{{field}}" data-copied="{{t.copied}}">{{t.copy}}</button> \
        <form class="inline" method="post" action="/desk/time-off/feeds/{{id}}/revoke"><input type="hidden" name="csrf" value="{{csrf}}">\
        <button type="submit" class="quiet">{{t.revoke}}<span class="visually-hidden"> {{createdAt}}</span></button></form></p>{{/feeds}}
        <form method="post" action="/desk/time-off/feeds"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="quiet">{{t.makeCalendarLink}}</button></form>
        </section>
        """

    static let team = """
        <h1>{{t.teamMonth}}: {{teamName}}, {{monthLabel}}</h1>
        {{#done}}<p class="notice" role="status">{{done}}</p>{{/done}}
        {{> problem}}
        <form class="bar" method="get" action="/desk/team">
        {{#manyTeams}}<p><label for="team">{{t.team}}</label><select id="team" name="team">{{#teams}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/teams}}</select></p>{{/manyTeams}}\
        {{^manyTeams}}<input type="hidden" name="team" value="{{team}}">{{/manyTeams}}
        <p><label for="month">{{t.period}}</label><input id="month" type="month" name="month" value="{{month}}" pattern="[0-9]{4}-[0-9]{2}"></p>
        <p><button type="submit">{{t.filter}}</button></p>
        </form>
        <p><a href="/desk/team?team={{team}}&amp;month={{previousMonth}}">{{t.previousMonth}}</a> · <a href="/desk/team?team={{team}}&amp;month={{nextMonth}}">{{t.nextMonth}}</a>\
         · <a href="/desk/team/calendar?team={{team}}&amp;month={{month}}">{{t.teamCalendar}}</a></p>
        <table class="rows"><thead><tr><th scope="col">{{t.person}}</th><th scope="col" class="num">{{t.hoursOfCapacity}}</th><th scope="col" class="num">{{t.billableShare}}</th>\
        <th scope="col" class="num">{{t.daysWithout}}</th><th scope="col" class="num">{{t.daysAway}}</th><th scope="col">{{t.timerNow}}</th><th scope="col">{{t.timesheet}}</th></tr></thead><tbody>
        {{{memberRows}}}</tbody></table>
        <section aria-labelledby="waiting-heading">
        <h2 id="waiting-heading">{{t.timeOffWaiting}}</h2>
        {{#hasWaiting}}<table class="rows"><thead><tr><th scope="col">{{t.person}}</th><th scope="col">{{t.kind}}</th><th scope="col">{{t.days}}</th>\
        <th scope="col" class="num">{{t.workingDays}}</th><th scope="col">{{t.actions}}</th></tr></thead><tbody>
        {{{waitingRows}}}</tbody></table>{{/hasWaiting}}
        {{^hasWaiting}}<p>{{t.nothingWaiting}}</p>{{/hasWaiting}}
        </section>
        """

    static let teamCalendar = """
        <p><a href="/desk/team?team={{team}}&amp;month={{month}}">{{t.teamMonth}}</a></p>
        <h1>{{t.teamCalendar}}: {{teamName}}, {{monthLabel}}</h1>
        <form class="bar" method="get" action="/desk/team/calendar">
        {{#manyTeams}}<p><label for="team">{{t.team}}</label><select id="team" name="team">{{#teams}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/teams}}</select></p>{{/manyTeams}}\
        {{^manyTeams}}<input type="hidden" name="team" value="{{team}}">{{/manyTeams}}
        <p><label for="month">{{t.period}}</label><input id="month" type="month" name="month" value="{{month}}" pattern="[0-9]{4}-[0-9]{2}"></p>
        <p><button type="submit">{{t.filter}}</button></p>
        </form>
        <p><a href="/desk/team/calendar?team={{team}}&amp;month={{previousMonth}}">{{t.previousMonth}}</a> · \
        <a href="/desk/team/calendar?team={{team}}&amp;month={{nextMonth}}">{{t.nextMonth}}</a></p>
        <div class="scroll" role="region" tabindex="0" aria-labelledby="grid-caption">
        <table class="grid"><caption id="grid-caption">{{t.whoIsAway}}</caption><thead><tr><th scope="col">{{t.person}}</th>\
        {{#days}}<th scope="col" class="{{#weekend}}wk{{/weekend}}{{#today}} today{{/today}}">{{day}}</th>{{/days}}</tr></thead><tbody>
        {{#rows}}<tr><th scope="row">{{name}}</th>{{#cells}}<td class="{{#weekend}}wk{{/weekend}}{{#asked}} asked{{/asked}}">\
        {{#mark}}<span title="{{title}}" aria-hidden="true">{{mark}}</span><span class="visually-hidden">{{title}}</span>{{/mark}}</td>{{/cells}}</tr>
        {{/rows}}</tbody></table></div>
        {{#hasLegend}}<ul class="plain legend">{{#legend}}<li><strong>{{mark}}</strong> {{name}}</li>{{/legend}}<li><strong>?</strong> {{t.waitingDecision}}</li>\
        <li><strong>½</strong> {{t.halfDay}}</li></ul>{{/hasLegend}}
        {{^hasLegend}}<p>{{t.nobodyAway}}</p>{{/hasLegend}}
        """

    /// A member's row of the team's month (`RowTemplate`: plain values only); `decide` is the
    /// `teamDecide` form when the timesheet waits for the leader.
    static let teamRow = """
        <tr><td data-label="{{t.person}}"><a href="/desk/people/{{id}}">{{name}}</a></td><td class="num" data-label="{{t.hoursOfCapacity}}">{{hours}}</td>\
        <td class="num" data-label="{{t.billableShare}}">{{billable}}</td><td class="num" data-label="{{t.daysWithout}}">{{daysWithout}}</td>\
        <td class="num" data-label="{{t.daysAway}}">{{daysAway}}</td><td data-label="{{t.timerNow}}">{{running}}</td>\
        <td data-label="{{t.timesheet}}"><span class="state">{{sheet}}</span>{{{decide}}}</td></tr>

        """

    static let teamDecide = """
        <form class="inline" method="post" action="/desk/team/timesheets/{{id}}"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="team" value="{{team}}">\
        <input type="hidden" name="month" value="{{month}}"><button type="submit" name="action" value="approve">{{t.approve}}<span class="visually-hidden"> {{name}}</span></button>\
        <label for="{{reasonId}}" class="visually-hidden">{{t.reason}}: {{name}}</label><input id="{{reasonId}}" type="text" name="reason" value="{{reason}}" maxlength="1000" placeholder="{{t.reason}}">\
        <button type="submit" class="quiet" name="action" value="return">{{t.return}}<span class="visually-hidden"> {{name}}</span></button></form>
        """

    /// A request for time off waiting for the leader, with its decision.
    static let teamWaiting = """
        <tr><td data-label="{{t.person}}">{{name}}</td><td data-label="{{t.kind}}">{{kind}}{{note}}</td><td data-label="{{t.days}}">{{days}}</td>\
        <td class="num" data-label="{{t.workingDays}}">{{workingDays}}</td><td data-label="{{t.actions}}">\
        <form class="inline" method="post" action="/desk/team/absences/{{id}}"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="team" value="{{team}}">\
        <input type="hidden" name="month" value="{{month}}"><button type="submit" name="action" value="approve">{{t.approve}}<span class="visually-hidden"> {{name}} {{days}}</span></button>\
        <label for="{{reasonId}}" class="visually-hidden">{{t.reason}}: {{name}}</label><input id="{{reasonId}}" type="text" name="reason" value="{{reason}}" maxlength="1000" placeholder="{{t.reason}}">\
        <button type="submit" class="quiet" name="action" value="reject">{{t.reject}}<span class="visually-hidden"> {{name}} {{days}}</span></button></form></td></tr>

        """
}
