import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Mustache
import NIOCore
import StaffbookCore
import StaffbookHTTP

/// The desk: pages under `/desk` for people in a browser. Every page that reads or changes
/// something asks the API's access policy about the operation it stands for and calls the same
/// services and repositories the operation calls, so the desk allows and refuses exactly what the
/// API does, in the same words. Every change is a plain form (POST, then a redirect to a GET);
/// a refused form is shown again with what was typed.
package struct Desk: PageArea {
    let services: Services
    let library: DeskLibraries
    let forms: FormToken
    let secureCookies: Bool

    package init(services: Services) throws {
        self.services = services
        library = try DeskLibraries()
        forms = FormToken(key: services.auth.formKey())
        secureCookies = services.config.http.publicBaseURL.lowercased().hasPrefix("https://")
    }

    static let sessionCookie = "sb_desk"
    static let signInCookie = "sb_desk_form"
    /// A password sign-in waiting for its second step: the challenge's secret, for five minutes.
    static let challengeCookie = "sb_desk_challenge"
    static let languageCookie = "sb_lang"
    /// A form is a few fields and a reason of at most a thousand characters.
    static let maxFormBytes = 16 * 1024

    package func register(on router: Router<AppRequestContext>) {
        router.get("/desk/assets/:name") { _, context in
            let path = context.parameters.get("name").map { "/desk/assets/" + $0 }
            let (type, body) =
                switch path {
                case DeskStyle.path: ("text/css; charset=utf-8", DeskStyle.css)
                case DeskStyle.iconPath: ("image/svg+xml", DeskStyle.icon)
                case DeskStyle.scriptPath: ("text/javascript; charset=utf-8", DeskStyle.script)
                default: ("", "")
                }
            guard !body.isEmpty else { return Response(status: .notFound) }
            return Response(
                status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=31536000, immutable"],
                body: .init(byteBuffer: ByteBuffer(string: body)))
        }
        router.get("/desk") { request, _ in await page(request) { try await home($0) } }
        router.get("/desk/language") { request, _ in switchLanguage(request) }
        router.get("/desk/sign-in") { request, _ in await page(request) { try await signInForm($0, request: request) } }
        router.post("/desk/sign-in") { request, _ in await page(request) { try await signIn($0, request: request) } }
        router.get("/desk/sign-in/code") { request, _ in await page(request) { try await secondStepForm($0, request: request) } }
        router.post("/desk/sign-in/code") { request, _ in await page(request) { try await completeSecondStep($0, request: request) } }
        router.get("/desk/sign-in/google") { request, _ in await page(request) { try startGoogle($0, request: request) } }
        router.post("/desk/sign-in/google") { request, _ in await page(request) { try await googleAnswered($0, request: request) } }
        router.post("/desk/sign-in/google/continue") { request, _ in await page(request) { try await continueGoogle($0, request: request) } }
        router.post("/desk/sign-out") { request, _ in await page(request) { try await signOut($0, request: request) } }
        router.get("/desk/invoices") { request, _ in await page(request) { try await month($0, request: request) } }
        router.post("/desk/invoices/approve-clean") { request, _ in await page(request) { try await approveClean($0, request: request) } }
        router.get("/desk/invoices/missing") { request, _ in await page(request) { try await missing($0, request: request) } }
        router.post("/desk/invoices/missing/:id/remind") { request, context in
            await page(request) { try await remind($0, id: context.parameters.get("id"), request: request) }
        }
        router.get("/desk/invoices/:id") { request, context in
            await page(request) { try await invoice($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/invoices/:id") { request, context in
            await page(request) { try await act($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/invoices/:id/bank-account") { request, context in
            await page(request) { try await confirmAccount($0, id: context.parameters.get("id"), request: request) }
        }
        router.get("/desk/invoices/:id/file") { request, context in
            await page(request) { try await file($0, id: context.parameters.get("id"), request: request) }
        }
        router.get("/desk/payment-runs") { request, _ in await page(request) { try await paymentRuns($0, request: request) } }
        router.post("/desk/payment-runs") { request, _ in await page(request) { try await createPaymentRun($0, request: request) } }
        router.get("/desk/payment-runs/statements") { request, _ in await page(request) { try await statementForm($0, request: request) } }
        router.post("/desk/payment-runs/statements") { request, _ in await page(request) { try await importStatement($0, request: request) } }
        router.get("/desk/payment-runs/:id") { request, context in
            await page(request) { try await paymentRun($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/payment-runs/:id/file") { request, context in
            await page(request) { try await paymentRunFile($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/payment-runs/:id/approve") { request, context in
            await page(request) { try await approvePaymentRun($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/payment-runs/:id/cancel") { request, context in
            await page(request) { try await cancelPaymentRun($0, id: context.parameters.get("id"), request: request) }
        }
        router.get("/desk/people") { request, _ in await page(request) { try await people($0, request: request) } }
        router.get("/desk/people/:id") { request, context in
            await page(request) { try await person($0, id: context.parameters.get("id"), request: request) }
        }
        router.get("/desk/people/:id/export") { request, context in
            await page(request) { try await exportPerson($0, id: context.parameters.get("id")) }
        }
        router.get("/desk/people/:id/edit") { request, context in
            await page(request) { try await editProfile($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/people/:id/edit") { request, context in
            await page(request) { try await saveProfile($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/people/:id/rates") { request, context in
            await page(request) { try await addRate($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/people/:id/pending/:change/agree") { request, context in
            await page(request) {
                try await agreeToChange($0, id: context.parameters.get("id"), changeId: context.parameters.get("change"), request: request)
            }
        }
        router.post("/desk/people/:id/pending/:change/withdraw") { request, context in
            await page(request) {
                try await withdrawChange($0, id: context.parameters.get("id"), changeId: context.parameters.get("change"), request: request)
            }
        }
        router.post("/desk/people/:id/second-factor/reset") { request, context in
            await page(request) { try await resetSecondFactor($0, id: context.parameters.get("id"), request: request) }
        }
        router.get("/desk/time") { request, _ in await page(request) { try await time($0, request: request) } }
        router.post("/desk/time/timer") { request, _ in await page(request) { try await pressTimer($0, request: request) } }
        router.post("/desk/time/entries") { request, _ in await page(request) { try await addEntry($0, request: request) } }
        router.post("/desk/time/timesheet") { request, _ in await page(request) { try await submitTimesheet($0, request: request) } }
        router.get("/desk/time/entries/:id") { request, context in
            await page(request) { try await editEntry($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/time/entries/:id") { request, context in
            await page(request) { try await saveEntry($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/time/entries/:id/delete") { request, context in
            await page(request) { try await deleteEntry($0, id: context.parameters.get("id"), request: request) }
        }
        router.get("/desk/time-off") { request, _ in await page(request) { try await timeOff($0, request: request) } }
        router.post("/desk/time-off") { request, _ in await page(request) { try await requestTimeOff($0, request: request) } }
        router.post("/desk/time-off/:id/cancel") { request, context in
            await page(request) { try await cancelTimeOff($0, id: context.parameters.get("id"), request: request) }
        }
        router.get("/desk/team") { request, _ in await page(request) { try await team($0, request: request) } }
        router.get("/desk/team/calendar") { request, _ in await page(request) { try await teamCalendar($0, request: request) } }
        router.post("/desk/team/timesheets/:id") { request, context in
            await page(request) { try await decideTimesheet($0, personId: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/team/absences/:id") { request, context in
            await page(request) { try await decideTimeOff($0, id: context.parameters.get("id"), request: request) }
        }
        router.get("/desk/months") { request, _ in await page(request) { try await months($0, request: request) } }
        router.get("/desk/months/:period") { request, context in
            await page(request) { try await monthOfMine($0, period: context.parameters.get("period"), request: request) }
        }
        router.post("/desk/months/:period") { request, context in
            await page(request) { try await upload($0, period: context.parameters.get("period"), request: request) }
        }
        router.get("/desk/audit") { request, _ in await page(request) { try await auditLog($0, request: request) } }
        router.get("/desk/integrations") { request, _ in await page(request) { try await integrations($0, request: request) } }
        router.post("/desk/integrations") { request, _ in await page(request) { try await createIntegration($0, request: request) } }
        router.get("/desk/integrations/:id") { request, context in
            await page(request) { try await integration($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/integrations/:id") { request, context in
            await page(request) { try await updateIntegration($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/integrations/:id/delete") { request, context in
            await page(request) { try await deleteIntegration($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/integrations/:id/deliveries/:delivery/replay") { request, context in
            await page(request) {
                try await replayDelivery($0, id: context.parameters.get("id"), delivery: context.parameters.get("delivery"), request: request)
            }
        }
        router.get("/desk/me") { request, _ in await page(request) { try await me($0, request: request) } }
        router.get("/desk/me/export") { request, _ in await page(request) { try await exportMine($0) } }
        router.post("/desk/me/billing") { request, _ in await page(request) { try await saveBilling($0, request: request) } }
        router.post("/desk/me/preferences") { request, _ in await page(request) { try await savePreferences($0, request: request) } }
        router.get("/desk/me/second-factor") { request, _ in await page(request) { try await secondFactorEnrolment($0, request: request) } }
        router.post("/desk/me/second-factor") { request, _ in await page(request) { try await startSecondFactor($0, request: request) } }
        router.post("/desk/me/second-factor/confirm") { request, _ in await page(request) { try await confirmSecondFactor($0, request: request) } }
        router.post("/desk/me/second-factor/disable") { request, _ in await page(request) { try await disableSecondFactor($0, request: request) } }
        router.post("/desk/me/push") { request, _ in await page(request) { try await subscribeBrowser($0, request: request) } }
        router.post("/desk/me/push/:id/remove") { request, context in
            await page(request) { try await unsubscribeBrowser($0, id: context.parameters.get("id"), request: request) }
        }
        router.get("/desk/sw.js") { _, _ in
            // The service worker shows a push message; not cached long, so a changed one reaches browsers.
            Response(
                status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: DeskStyle.serviceWorker)))
        }
        router.post("/desk/me/password") { request, _ in await page(request) { try await sendPasswordLink($0, request: request) } }
        router.post("/desk/me/sessions/:id/end") { request, context in
            await page(request) { try await endSession($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/me/tokens") { request, _ in await page(request) { try await createToken($0, request: request) } }
        router.post("/desk/me/tokens/:id/revoke") { request, context in
            await page(request) { try await revokeToken($0, id: context.parameters.get("id"), request: request) }
        }
        router.post("/desk/time-off/feeds") { request, _ in await page(request) { try await makeFeed($0, request: request) } }
        router.post("/desk/time-off/feeds/:id/revoke") { request, context in
            await page(request) { try await revokeFeed($0, id: context.parameters.get("id"), request: request) }
        }
        router.get("/desk/company") { request, _ in await page(request) { try await company($0, request: request) } }
        router.get("/desk/reports/time") { request, _ in await page(request) { try await timeReport($0, request: request) } }
        router.get("/desk/month-end") { request, _ in await page(request) { try await monthEnd($0, request: request) } }
        router.post("/desk/month-end/run") { request, _ in await page(request) { try await runJobNow($0, request: request) } }
        router.get("/desk/**") { request, _ in await page(request) { _ in throw DeskRefusal.notFound } }
        router.post("/desk/**") { request, _ in await page(request) { _ in throw DeskRefusal.notFound } }
    }
}
