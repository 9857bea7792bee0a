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
        <td data-label="{{t.actions}}">{{#isRunning}}{{t.timerRunning}}{{/isRunning}}{{^isRunning}}<a href="/desk/time/entries/{{id}}">{{t.edit}}<span class="visually-hidden"> {{from}}–{{to}}</span></a>{{/isRunning}}</td></tr>
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
}
