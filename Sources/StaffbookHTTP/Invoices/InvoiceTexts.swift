import Foundation
import StaffbookCore

/// The invoices area's texts, in English and Czech.
enum InvoiceTexts {
    static func tooManyVersions(_ limit: Int) -> LocalizedText {
        LocalizedText(
            en: "This invoice already keeps \(limit) file versions, the most it may; ask an admin to return it if it must change again.",
            cs: "Tato faktura už má \(limit) verzí souboru, víc jich mít nemůže; má-li se znovu změnit, požádejte administrátora o vrácení.")
    }
    static func uploadQuota(files: Int, bytes: Int) -> LocalizedText {
        LocalizedText(
            en: "You have uploaded as much as one person may in 24 hours (\(files) files or \(bytes >> 20) MiB); try again later.",
            cs: "Nahráli jste tolik, kolik jeden člověk smí za 24 hodin (\(files) souborů nebo \(bytes >> 20) MiB); zkuste to později.")
    }
    static let idsOrFilter = LocalizedText(en: "Give either ids or filter.", cs: "Zadejte buď ids, nebo filter.")
    static let atMostThousandIds = LocalizedText(en: "At most 1000 ids.", cs: "Nejvýše 1000 identifikátorů.")
    static let statementHours = LocalizedText(en: "0 to 744 hours, at most 2 decimals.", cs: "0 až 744 hodin, nejvýše 2 desetinná místa.")
    static let returnReason = LocalizedText(en: "Say why the invoice is returned.", cs: "Uveďte, proč se faktura vrací.")
    static let notAnInvoiceId = LocalizedText(en: "This is not an invoice id.", cs: "Toto není identifikátor faktury.")
    static let noSuchInvoice = LocalizedText(en: "There is no such invoice.", cs: "Taková faktura neexistuje.")
    static let overrideReason = LocalizedText(
        en: "Say why the invoice is approved although its checks need attention.",
        cs: "Uveďte, proč se faktura schvaluje, přestože její kontroly vyžadují pozornost.")
    static let actionReason = LocalizedText(en: "Say why, for the history and the person to read.", cs: "Uveďte důvod pro historii a pro dotyčného.")
    static let linkLifetime = LocalizedText(en: "From 60 seconds to 7 days (604800).", cs: "Od 60 sekund do 7 dnů (604800).")
    static let multipart = LocalizedText(
        en: "Send multipart/form-data with exactly one part 'file' (the PDF) and one part 'amount'.",
        cs: "Pošlete multipart/form-data s právě jednou částí 'file' (PDF) a jednou částí 'amount'."
    )
    static let bothParts = LocalizedText(en: "A part 'file' is required.", cs: "Část 'file' je povinná.")
    static let amountRequired = LocalizedText(
        en: "Give the amount (or send an ISDOC that has the total).", cs: "Zadejte částku (nebo pošlete ISDOC, který má celkovou částku)."
    )
    static let variableSymbol = LocalizedText(en: "At most 10 digits.", cs: "Nejvýše 10 číslic.")
    static let ico = LocalizedText(en: "An IČO: 8 digits with their check digit.", cs: "IČO: 8 číslic s kontrolní číslicí.")
    static let dic = LocalizedText(en: "A DIČ: CZ and 8 to 10 digits.", cs: "DIČ: CZ a 8 až 10 číslic.")
    static let vatRate = LocalizedText(en: "A VAT rate in percent, e.g. 21.", cs: "Sazba DPH v procentech, např. 21.")
    static let currency = LocalizedText(en: "CZK or EUR.", cs: "CZK nebo EUR.")
    static let bankAccountNotOnFile = LocalizedText(en: "The invoice has no bank account to confirm.", cs: "Faktura nemá bankovní účet k potvrzení.")

    static func bankAccount(_ problem: BankAccount.Problem) -> LocalizedText {
        switch problem {
        case .format:
            LocalizedText(
                en: "A Czech account as [prefix-]number/bank code, or an IBAN.", cs: "Český účet jako [předčíslí-]číslo/kód banky, nebo IBAN.")
        case .checkDigit:
            LocalizedText(en: "The account number's check digits do not match.", cs: "Kontrolní číslice čísla účtu nesedí.")
        case .unknownBank:
            LocalizedText(en: "No Czech bank has this code.", cs: "Žádná česká banka nemá tento kód.")
        case .iban:
            LocalizedText(en: "The IBAN's check digits do not match.", cs: "Kontrolní číslice IBAN nesedí.")
        }
    }

    static func isdoc(_ code: ISDOCReader.Problem.Code) -> LocalizedText {
        switch code {
        case .notISDOC: LocalizedText(en: "Not an ISDOC invoice that can be read.", cs: "Nejde o čitelnou fakturu ISDOC.")
        case .tooLarge:
            LocalizedText(
                en: "The ISDOC is too large, or its archive would expand far beyond its size.",
                cs: "ISDOC je příliš velký, nebo by se jeho archiv rozbalil na mnohem víc, než kolik měří.")
        case .declarations:
            LocalizedText(en: "A document type or entity declaration is not accepted.", cs: "Deklarace typu dokumentu ani entit nepřijímáme.")
        case .invalid: LocalizedText(en: "This value cannot be read.", cs: "Tuto hodnotu nelze přečíst.")
        case .inconsistent: LocalizedText(en: "The totals do not add up.", cs: "Součty nesedí.")
        case .notOurs: LocalizedText(en: "The customer is not our company.", cs: "Odběratelem není naše společnost.")
        }
    }

    static func checksNeedAttention(_ checks: [InvoiceCheck]) -> LocalizedText {
        let kinds = checks.map(\.kind.rawValue).joined(separator: ", ")
        return LocalizedText(
            en: "These checks fail or wait for confirmation: \(kinds). Approve with override and a reason, or return the invoice.",
            cs: "Tyto kontroly neprošly nebo čekají na potvrzení: \(kinds). Schvalte s override a důvodem, nebo fakturu vraťte."
        )
    }

    /// What a check that does not pass asks of the admin.
    static func check(_ kind: InvoiceCheck.Kind) -> LocalizedText {
        switch kind {
        case .amount:
            LocalizedText(
                en: "The amount differs from what the month should cost by more than the tolerance.",
                cs: "Částka se od toho, kolik měsíc má stát, liší víc, než dovoluje tolerance.")
        case .supplier: LocalizedText(en: "The supplier's IČO is not the person's.", cs: "IČO dodavatele není IČO této osoby.")
        case .customer: LocalizedText(en: "The invoice is not addressed to our company.", cs: "Faktura není vystavena na naši společnost.")
        case .bankAccount:
            LocalizedText(
                en: "The bank account is not the one on file: confirm it first.", cs: "Bankovní účet není ten evidovaný: nejdřív ho potvrďte.")
        case .duplicate:
            LocalizedText(
                en: "Another invoice of this supplier has the same number or variable symbol.",
                cs: "Jiná faktura tohoto dodavatele má stejné číslo nebo variabilní symbol.")
        case .dates:
            LocalizedText(en: "A date is missing or out of order.", cs: "Některé datum chybí nebo nesedí.")
        case .vat:
            LocalizedText(
                en: "The VAT does not fit the supplier's VAT status or rate.", cs: "DPH neodpovídá tomu, zda je dodavatel plátce, ani sazbě.")
        }
    }

    static func lockedNow(_ state: InvoiceState) -> LocalizedText {
        LocalizedText(
            en: "The invoice is \(state.rawValue) and can no longer be replaced.", cs: "Faktura je ve stavu \(state.rawValue) a už ji nelze nahradit."
        )
    }

    static func locked(_ period: CalendarMonth, _ state: InvoiceState) -> LocalizedText {
        LocalizedText(
            en: "The invoice for \(period.iso) is \(state.rawValue) and can no longer be replaced.",
            cs: "Faktura za \(period.iso) je ve stavu \(state.rawValue) a už ji nelze nahradit."
        )
    }

    static func invalidTransition(_ action: InvoiceAction, _ state: InvoiceState, allowed: [InvoiceAction]) -> LocalizedText {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return LocalizedText(
            en: "The invoice is \(state.rawValue); '\(action.rawValue)' is not allowed. Allowed now: \(allowed.isEmpty ? "none" : list).",
            cs: "Faktura je ve stavu \(state.rawValue); akce '\(action.rawValue)' není povolena. Povolené akce: \(allowed.isEmpty ? "žádné" : list)."
        )
    }

    static func noStatementContract(_ personId: UUID, _ month: CalendarMonth) -> LocalizedText {
        LocalizedText(
            en: "Person \(personId.lowercasedString) had no HPP, DPP or DPC contract in \(month.iso).",
            cs: "Osoba \(personId.lowercasedString) neměla v \(month.iso) smlouvu HPP, DPP ani DPC."
        )
    }

    static func notMissing(_ period: CalendarMonth) -> LocalizedText {
        LocalizedText(
            en: "Nothing to remind of: this person is not missing an invoice for \(period.iso) "
                + "(it is uploaded, or they had no contractor contract then, or they are deactivated).",
            cs: "Není co připomínat: této osobě nechybí faktura za \(period.iso) "
                + "(je nahraná, nebo tehdy neměla živnostenskou smlouvu, nebo je deaktivovaná)."
        )
    }
}
