import Foundation

/// Where webhooks may go, as the deployment allows.
package struct WebhookPolicy: Sendable, Equatable {
    /// Plain `http` targets: for development only.
    package var allowHTTP: Bool
    /// Targets inside a network (loopback, private, link-local…): for development and tests only.
    package var allowPrivateAddresses: Bool

    package init(allowHTTP: Bool = false, allowPrivateAddresses: Bool = false) {
        self.allowHTTP = allowHTTP
        self.allowPrivateAddresses = allowPrivateAddresses
    }

    /// Whether a webhook may connect to `address`.
    package func allows(_ address: IPAddress) -> Bool {
        allowPrivateAddresses || address.isPublic
    }
}

/// A chat webhook's URL, checked before it is stored and again before each delivery. The host's
/// addresses are checked once more after resolution, at connect time, by the delivery.
package struct WebhookURL: Sendable, Equatable {
    package enum Problem: String, Error, Sendable, Equatable {
        /// Not an absolute http(s) URL with a host, or longer than 500 characters.
        case malformed
        /// `http` where `https` is required.
        case insecure
        /// User name or password in the URL.
        case credentials
        /// A loopback, private, link-local, multicast or unspecified address, `localhost`, or a
        /// number that is not a usual address (`0x7f000001`, `2130706433`).
        case internalAddress = "internal_address"
    }

    package let url: URL
    package let host: String
    package let port: Int
    /// The host when it is an address literal (then nothing is resolved).
    package let address: IPAddress?

    package static let maximumLength = 500

    /// Checks `text`; throws why it cannot be a webhook.
    package init(_ text: String, policy: WebhookPolicy) throws(Problem) {
        guard TextInput.length(text) <= Self.maximumLength, !TextInput.hasControlCharacters(text), !text.contains(where: \.isWhitespace),
            let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let rawHost = components.host, !rawHost.isEmpty, let url = components.url
        else { throw .malformed }
        switch scheme {
        case "https": break
        case "http": guard policy.allowHTTP else { throw .insecure }
        default: throw .malformed
        }
        guard components.user == nil, components.password == nil else { throw .credentials }
        var host = rawHost.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        guard !host.isEmpty, !host.contains("%") else { throw .malformed }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        guard (1...65535).contains(port) else { throw .malformed }
        let address = IPAddress(host)
        if let address {
            guard policy.allows(address) else { throw .internalAddress }
        } else {
            // A name: it must look like one. All-numeric labels (`2130706433`, `0x7f.1`) are
            // addresses to the C library's resolver, and names under localhost are loopback.
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
            guard labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 && $0.allSatisfy(allowed.contains) }) else { throw .malformed }
            let numeric = labels.allSatisfy { label in
                label.allSatisfy(\.isASCIIDigit) || (label.hasPrefix("0x") && label.dropFirst(2).allSatisfy(\.isHexDigit))
            }
            let local = host == "localhost" || host.hasSuffix(".localhost") || labels.last == "internal" || labels.last == "local"
            if !policy.allowPrivateAddresses, numeric || local { throw .internalAddress }
        }
        self.url = url
        self.host = host
        self.port = port
        self.address = address
    }
}
