import Foundation

/// The way the image store talks HTTP, as a value holding a closure so tests can replace the
/// network with a function while the real tests use `urlSession` against a loopback server.
struct HTTPClient: Sendable {
    /// Performs the request; throws an `HTTPFailure` when no complete response arrives.
    var get: @Sendable (HTTPRequest) async throws -> HTTPResponse
    /// Releases the client's resources; the client is not used afterwards.
    var shutdown: @Sendable () -> Void = {}
}
