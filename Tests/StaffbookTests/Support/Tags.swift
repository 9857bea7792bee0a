import Testing

extension Tag {
    /// A finding of the second outside probe (timing, Unicode, wildcards, headers, idempotency).
    @Tag static var secondProbe: Self
    /// A finding of the third outside probe (the time import's traps and sizes, account links,
    /// chat webhooks, one set of rules for every way in).
    @Tag static var thirdProbe: Self
    /// A finding of the fourth outside probe (uploads, slow clients, disk, tokens after a
    /// reactivation): its test lives with the area it is about and carries this tag.
    @Tag static var fourthProbe: Self
    /// Found by the fifth outside probe (issue 63).
    @Tag static var fifthProbe: Self
}
