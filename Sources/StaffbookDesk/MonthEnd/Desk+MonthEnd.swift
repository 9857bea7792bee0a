import Foundation
import HTTPTypes
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// The month-end's machinery for admins: the queue's recent jobs (the failures first to find),
/// the reminder schedule, and a scheduled job run now. The operations are `GET /v1/jobs`,
/// `GET /v1/settings/reminders` and `POST /v1/jobs/{kind}/run`.
extension Desk {
    /// The jobs one page lists: the month-end's runs and the deliveries of a busy day.
    static let jobsShown = 50

    func monthEnd(_ view: DeskView, request: Request) async throws -> Response {
        _ = try require(view, "listJobs")
        let state = query(request, "state").flatMap(JobState.init(rawValue:))
        let jobs = try await services.jobs.list(kind: nil, state: state, page: PageRequest(limit: Self.jobsShown))
        let settings = try await services.monthEndStore.reminderSettings()
        let format = view.format
        let model: [String: Any] = [
            "csrf": view.formToken, "done": view.doneText(query(request, "done")),
            "states": JobState.allCases.map { ["value": $0.rawValue, "label": view.text("job." + $0.rawValue), "selected": $0 == state] },
            "runnable": JobKind.runnableByAdmins.map { ["kind": $0.rawValue, "label": view.text("jobKind." + $0.rawValue)] },
            "settings": ["first": settings.first, "every": settings.every, "max": settings.max],
            "hasJobs": !jobs.isEmpty,
            "jobs": jobs.map { job in
                [
                    "kind": view.text("jobKind." + job.kind.rawValue), "state": view.text("job." + job.state.rawValue),
                    "failed": job.state == .failed, "created": format.instant(job.createdAt),
                    "finished": job.finishedAt.map { format.instant($0) } ?? "—", "attempts": "\(job.attempts) / \(job.maxAttempts)",
                    "error": job.lastError ?? "", "day": job.payload["day"] ?? "", "manual": job.payload["manual"] == "true",
                ] as [String: Any]
            },
        ]
        return DeskPage(title: view.text("monthEnd"), template: "monthEnd", model: model).response(view, library: library)
    }

    func runJobNow(_ view: DeskView, request: Request) async throws -> Response {
        _ = try require(view, "runJob")
        let fields = try await form(request, view: view)
        guard let kind = fields["kind"].flatMap(JobKind.init(rawValue:)), JobKind.runnableByAdmins.contains(kind) else {
            throw DeskRefusal.notFound
        }
        let now = services.clock.now()
        _ = try await services.jobs.enqueue(NewJob.runNow(kind, on: TimeRules.day(of: now), at: now), now: now)
        return DeskPage.redirect("/desk/month-end?done=jobQueued")
    }
}
