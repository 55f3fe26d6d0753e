import Foundation

/// One GET request as the image store makes it, with the limits the transport must enforce.
struct HTTPRequest: Sendable {
    var url: URL
    /// Extra request headers, such as `If-None-Match` for a revalidation.
    var headers: [String: String] = [:]
    /// The body may not exceed this many bytes; the transfer is aborted as soon as it does.
    var maxBytes: Int
    /// The whole exchange, redirects included, must finish within this many seconds.
    var timeout: TimeInterval
    /// At most this many redirects are followed.
    var maxRedirects: Int
    /// Called with the size of each piece of body as it arrives, for the progress display.
    var onBytes: (@Sendable (Int) -> Void)?
}

/// A complete response: status, headers (names lowercased) and the whole body.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
    /// The URL that answered, after redirects.
    var finalURL: URL
}

/// The way the image store talks HTTP, as a value holding a closure so tests can replace the
/// network with a function while the real tests use `urlSession` against a loopback server.
struct HTTPClient: Sendable {
    /// Performs the request; throws an `HTTPFailure` when no complete response arrives.
    var get: @Sendable (HTTPRequest) async throws -> HTTPResponse
    /// Releases the client's resources; the client is not used afterwards.
    var shutdown: @Sendable () -> Void = {}
}

/// Why a request produced no usable response; the description goes into a warning.
enum HTTPFailure: Error, Hashable, Sendable, CustomStringConvertible {
    case timedOut(seconds: TimeInterval)
    case tooLarge(limit: Int)
    case tooManyRedirects(limit: Int)
    case unsupportedScheme(String)
    case network(String)

    var description: String {
        switch self {
        case .timedOut(let seconds): "timed out after \(ByteCountText.seconds(seconds))"
        case .tooLarge(let limit): "larger than \(ByteCountText.bytes(limit))"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .unsupportedScheme(let scheme): "unsupported URL scheme '\(scheme)' (expected 'http' or 'https')"
        case .network(let reason): reason
        }
    }
}
