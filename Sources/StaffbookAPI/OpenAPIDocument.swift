import Foundation

/// The contract this target was generated from, served as-is at `GET /openapi.yaml`.
public enum OpenAPIDocument {
    /// Bytes of `openapi.yaml`, read once from the target's resource bundle.
    public static let yaml: Data = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
            let data = try? Data(contentsOf: url)
        else {
            preconditionFailure("openapi.yaml is missing from the StaffbookAPI resource bundle")
        }
        return data
    }()
}
