import Testing

extension Tag {
    /// A finding of the fourth outside probe (uploads, slow clients, disk, tokens after a
    /// reactivation): its test lives with the area it is about and carries this tag.
    @Tag static var fourthProbe: Self
}
