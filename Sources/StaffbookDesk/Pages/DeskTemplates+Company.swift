/// The templates of an admin's company-wide pages: time, the time report and the month-end.
extension DeskTemplates {
    static let company = """
        <h1>{{t.company}}: {{monthLabel}}</h1>
        {{#done}}<p class="notice" role="status">{{done}}</p>{{/done}}
        <p><a href="/desk/reports/time">{{t.timeReport}}</a> · <a href="/desk/month-end">{{t.monthEnd}}</a></p>
        <p><a href="/desk/company?month={{previousMonth}}">{{t.previousMonth}}</a> · <a href="/desk/company?month={{nextMonth}}">{{t.nextMonth}}</a></p>
        <div class="columns">
        <section class="panel" aria-labelledby="sheets-heading"><h2 id="sheets-heading">{{t.timesheets}}</h2>
        <dl class="data">{{#sheets}}<dt>{{state}}</dt><dd>{{count}}</dd>{{/sheets}}</dl>
        </section>
        <section class="panel" aria-labelledby="teams-heading"><h2 id="teams-heading">{{t.teams}}</h2>
        <ul class="plain">{{#teams}}<li>{{name}}: <a href="/desk/team?team={{id}}&amp;month={{month}}">{{t.teamMonth}}<span class="visually-hidden"> {{name}}</span></a> · \
        <a href="/desk/team/calendar?team={{id}}&amp;month={{month}}">{{t.teamCalendar}}<span class="visually-hidden"> {{name}}</span></a></li>{{/teams}}</ul>
        </section>
        </div>
        <section aria-labelledby="waiting-heading">
        <h2 id="waiting-heading">{{t.timeOffWaiting}}</h2>
        {{#hasWaiting}}<table class="rows"><thead><tr><th scope="col">{{t.person}}</th><th scope="col">{{t.kind}}</th><th scope="col">{{t.days}}</th>\
        <th scope="col" class="num">{{t.workingDays}}</th><th scope="col">{{t.actions}}</th></tr></thead><tbody>
        {{#waiting}}<tr><td data-label="{{t.person}}">{{name}}</td><td data-label="{{t.kind}}">{{kind}}{{#note}} ({{note}}){{/note}}</td><td data-label="{{t.days}}">{{days}}</td>\
        <td class="num" data-label="{{t.workingDays}}">{{workingDays}}</td><td data-label="{{t.actions}}">\
        <form class="inline" method="post" action="/desk/team/absences/{{id}}"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="back" value="{{back}}">\
        <button type="submit" name="action" value="approve">{{t.approve}}<span class="visually-hidden"> {{name}} {{days}}</span></button>\
        <label for="{{reasonId}}" class="visually-hidden">{{t.reason}}: {{name}}</label><input id="{{reasonId}}" type="text" name="reason" maxlength="1000" placeholder="{{t.reason}}">\
        <button type="submit" class="quiet" name="action" value="reject">{{t.reject}}<span class="visually-hidden"> {{name}} {{days}}</span></button></form></td></tr>
        {{/waiting}}</tbody></table>{{/hasWaiting}}
        {{^hasWaiting}}<p>{{t.nothingWaiting}}</p>{{/hasWaiting}}
        </section>
        """

    static let timeReport = """
        <p><a href="/desk/company">{{t.company}}</a></p>
        <h1>{{t.timeReport}}</h1>
        {{> problem}}
        <form class="bar" method="get" action="/desk/reports/time">
        <p><label for="from">{{t.fromDay}}</label><input id="from" type="date" name="from" value="{{from}}" required></p>
        <p><label for="to">{{t.toDay}}</label><input id="to" type="date" name="to" value="{{to}}" required></p>
        <p><label for="groupBy">{{t.groupBy}}</label><select id="groupBy" name="groupBy">{{#groupings}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/groupings}}</select></p>
        <p><button type="submit">{{t.filter}}</button></p>
        </form>
        {{#report}}<h2>{{t.hoursBy}} {{grouping}}, {{range}}</h2>
        {{#freshness}}<p class="notice" role="status">{{t.reportAsOf}} {{freshness}}</p>{{/freshness}}
        <p><a class="button quiet" href="{{csv}}" download>CSV</a> <a class="button quiet" href="{{xlsx}}" download>XLSX</a></p>
        {{#hasRows}}{{{chart}}}
        <table class="rows"><thead><tr><th scope="col">{{grouping}}</th><th scope="col" class="num">{{t.hours}}</th><th scope="col" class="num">{{t.billableHours}}</th>\
        <th scope="col" class="num">{{t.billableAmount}}</th><th scope="col" class="num">{{t.capacityHours}}</th><th scope="col" class="num">{{t.utilisation}}</th></tr></thead><tbody>
        {{#rows}}<tr><td data-label="{{grouping}}">{{label}}</td><td class="num" data-label="{{t.hours}}">{{hours}}</td><td class="num" data-label="{{t.billableHours}}">{{billable}}</td>\
        <td class="num" data-label="{{t.billableAmount}}">{{amount}}</td><td class="num" data-label="{{t.capacityHours}}">{{capacity}}</td>\
        <td class="num" data-label="{{t.utilisation}}">{{utilisation}}</td></tr>
        {{/rows}}</tbody><tfoot><tr><th scope="row">{{t.total}}</th><td class="num" data-label="{{t.hours}}">{{hours}}</td><td class="num" data-label="{{t.billableHours}}">{{billable}}</td>\
        <td class="num" data-label="{{t.billableAmount}}">{{amount}}</td><td class="num" data-label="{{t.capacityHours}}">{{capacity}}</td>\
        <td class="num" data-label="{{t.utilisation}}">{{utilisation}}</td></tr></tfoot></table>{{/hasRows}}
        {{^hasRows}}<p>{{t.noTime}}</p>{{/hasRows}}{{/report}}
        """

    static let monthEnd = """
        <p><a href="/desk/company">{{t.company}}</a></p>
        <h1>{{t.monthEnd}}</h1>
        {{#done}}<p class="notice" role="status">{{done}}</p>{{/done}}
        <div class="columns">
        <section class="panel" aria-labelledby="run-heading"><h2 id="run-heading">{{t.runNow}}</h2>
        <p>{{t.runNowWhat}}</p>
        {{#runnable}}<form class="inline" method="post" action="/desk/month-end/run"><input type="hidden" name="csrf" value="{{csrf}}">\
        <input type="hidden" name="kind" value="{{kind}}"><button type="submit" class="quiet">{{label}}</button></form> {{/runnable}}
        </section>
        {{#settings}}<section class="panel" aria-labelledby="schedule-heading"><h2 id="schedule-heading">{{t.reminderSchedule}}</h2>
        <dl class="data"><dt>{{t.reminderFirst}}</dt><dd>{{first}}</dd><dt>{{t.reminderEvery}}</dt><dd>{{every}}</dd><dt>{{t.reminderMax}}</dt><dd>{{max}}</dd></dl>
        </section>{{/settings}}
        </div>
        <section aria-labelledby="jobs-heading"><h2 id="jobs-heading">{{t.recentJobs}}</h2>
        <form class="bar" method="get" action="/desk/month-end">
        <p><label for="state">{{t.state}}</label><select id="state" name="state"><option value="">{{t.anyState}}</option>\
        {{#states}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/states}}</select></p>
        <p><button type="submit">{{t.filter}}</button></p>
        </form>
        {{#hasJobs}}<table class="rows"><thead><tr><th scope="col">{{t.job}}</th><th scope="col">{{t.state}}</th><th scope="col">{{t.queued}}</th>\
        <th scope="col">{{t.finished}}</th><th scope="col" class="num">{{t.attempts}}</th><th scope="col">{{t.error}}</th></tr></thead><tbody>
        {{#jobs}}<tr><td data-label="{{t.job}}">{{kind}}{{#day}} ({{day}}){{/day}}{{#manual}} · {{t.byHand}}{{/manual}}</td>\
        <td data-label="{{t.state}}"><span class="state{{#failed}} check-fail{{/failed}}">{{state}}</span></td><td data-label="{{t.queued}}">{{created}}</td>\
        <td data-label="{{t.finished}}">{{finished}}</td><td class="num" data-label="{{t.attempts}}">{{attempts}}</td><td data-label="{{t.error}}">{{error}}</td></tr>
        {{/jobs}}</tbody></table>{{/hasJobs}}
        {{^hasJobs}}<p>{{t.noJobs}}</p>{{/hasJobs}}
        </section>
        """
}
