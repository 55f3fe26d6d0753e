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
