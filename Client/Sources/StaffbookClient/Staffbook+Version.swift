extension Staffbook {
    /// This client's version: the tag it is released under (see the package's README). MAJOR
    /// changes when an app's code must change, MINOR when the contract gains operations or
    /// fields, PATCH for fixes.
    public static let clientVersion = "1.0.0"
}
