import Foundation

/// A complete response: status, headers (names lowercased) and the whole body.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
    /// The URL that answered, after redirects.
    var finalURL: URL
}
