import StaffbookCore

/// The payments area's texts, in English and Czech.
enum PaymentTexts {
    static let notAwaitingApproval = LocalizedText(
        en: "This run waits for no approval: it was approved already, made without the four-eyes rule, sent or cancelled.",
        cs: "Tato dávka na schválení nečeká: už je schválená, vznikla bez pravidla čtyř očí, je odeslaná nebo zrušená."
    )
    static let dueByOrIds = LocalizedText(en: "Give dueBy or invoiceIds, not both.", cs: "Zadejte dueBy nebo invoiceIds, ne obojí.")
    static let atMostThousandIds = LocalizedText(en: "At most 1000 ids.", cs: "Nejvýše 1000 identifikátorů.")
    static let name = LocalizedText(en: "1 to 70 characters.", cs: "1 až 70 znaků.")
    static let bic = LocalizedText(en: "A BIC: 8 or 11 letters and digits.", cs: "BIC: 8 nebo 11 písmen a číslic.")
    static let affirmCancel = LocalizedText(
        en: "This run is at the bank: cancel it only when the bank did not pay what it still waits for; say so (bankDidNotPay) and why.",
        cs: "Tato dávka je v bance: zrušte ji, jen když banka nezaplatila, co ještě čeká; potvrďte to (bankDidNotPay) a uveďte proč.")
    static let aboNeedsCzechAccount = LocalizedText(
        en: "An ABO file pays from a Czech account: give one, or choose pain.001 for a foreign one.",
        cs: "Soubor ABO platí z českého účtu: zadejte český účet, nebo pro zahraniční zvolte pain.001.")
    static let unmatchedAfterDays = LocalizedText(en: "From 1 to 60 days.", cs: "Od 1 do 60 dnů.")

    static func inPaymentRun(_ run: Int) -> LocalizedText {
        LocalizedText(
            en: "The invoice waits in payment run \(run); the run pays it, or cancel the run first.",
            cs: "Faktura čeká v platebním běhu \(run); běh ji zaplatí, nebo běh nejprve zrušte."
        )
    }

    static func exclusion(_ reason: PaymentExclusion.Reason, run: Int?) -> LocalizedText {
        switch reason {
        case .notFound: LocalizedText(en: "No such invoice.", cs: "Taková faktura neexistuje.")
        case .notApproved: LocalizedText(en: "The invoice is not approved.", cs: "Faktura není schválena.")
        case .notAContractorInvoice:
            LocalizedText(en: "A generated statement is paid through payroll.", cs: "Vygenerovaný výkaz se platí ve mzdách.")
        case .checksNeedAttention:
            LocalizedText(en: "A check fails or waits for confirmation.", cs: "Kontrola neprošla nebo čeká na potvrzení.")
        case .noBankAccount: LocalizedText(en: "No bank account to pay to.", cs: "Chybí bankovní účet, na který platit.")
        case .inOpenRun:
            LocalizedText(
                en: "Already in open payment run\(run.map { " \($0)" } ?? "").", cs: "Už je v otevřeném platebním běhu\(run.map { " \($0)" } ?? "")."
            )
        case .nothingToPay: LocalizedText(en: "The amount is zero.", cs: "Částka je nulová.")
        case .leftOut: LocalizedText(en: "Left out of this run, as asked.", cs: "Vynecháno z tohoto běhu, jak bylo požádáno.")
        }
    }

    static let notAnInvoiceId = LocalizedText(en: "Not an invoice's id.", cs: "Toto není id faktury.")
    static let leftOutTwice = LocalizedText(en: "This invoice is listed twice.", cs: "Tato faktura je uvedena dvakrát.")
    static let payOnOutOfRange = LocalizedText(
        en: "The bank pays from today to a year ahead: give a day in that range.",
        cs: "Banka platí od dneška do roka dopředu: zadejte den v tomto rozmezí.")

    static func refused(_ state: PaymentRunState) -> LocalizedText {
        LocalizedText(
            en: "The run is \(state.rawValue.replacingOccurrences(of: "_", with: " ")): this is not possible now.",
            cs: "Běh je ve stavu \(state.rawValue): to teď nelze."
        )
    }

    static func unwritable(_ problem: PaymentFileProblem) -> LocalizedText {
        switch problem {
        case .notDomestic, .payerNotDomestic:
            LocalizedText(
                en: "ABO carries only CZK to Czech accounts, from a Czech account; download this run as pain001.",
                cs: "ABO nese jen platby v CZK na české účty z českého účtu; stáhněte tento běh jako pain001."
            )
        case .amount:
            LocalizedText(en: "An amount does not fit the format.", cs: "Částka se do formátu nevejde.")
        }
    }

    static func statement(_ problem: BankStatementProblem) -> LocalizedText {
        let line = problem.line.map { " (line \($0))" } ?? ""
        let lineCs = problem.line.map { " (řádek \($0))" } ?? ""
        switch problem.code {
        case .declarations:
            return LocalizedText(
                en: "The XML has a DTD or entities; a bank statement has neither.", cs: "XML obsahuje DTD nebo entity; bankovní výpis nemá ani jedno."
            )
        case .notAStatement:
            return LocalizedText(en: "The file is not a camt.053 or GPC statement.", cs: "Soubor není výpis camt.053 ani GPC.")
        case .invalid:
            return LocalizedText(en: "The statement cannot be read\(line).", cs: "Výpis nelze přečíst\(lineCs).")
        case .tooLarge:
            return LocalizedText(en: "The statement has too many lines.", cs: "Výpis má příliš mnoho řádků.")
        case .notOurAccount:
            return ProblemType.bankStatementOfAnotherAccount.defaultDetail
        }
    }
}
