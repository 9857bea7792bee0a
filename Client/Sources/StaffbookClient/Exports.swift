// `import StaffbookClient` alone names every type an app uses: the runtime's `HTTPBody`,
// `ClientTransport`, `ClientMiddleware` and `MultipartPart`, HTTP types for middlewares, and
// the URLSession transport.
@_exported import HTTPTypes
@_exported import OpenAPIRuntime
@_exported import OpenAPIURLSession
