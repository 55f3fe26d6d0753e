/// A response status code with its reason phrase.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    public var code: Int
    public var reason: String

    public init(_ code: Int, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code) \(reason)" }

    /// Whether a response with this status never carries content (RFC 9110 §6.4.1).
    var forbidsContent: Bool { code == 204 || code == 304 || (100..<200).contains(code) }

    public static let ok = HTTPStatus(200, "OK")
    public static let movedPermanently = HTTPStatus(301, "Moved Permanently")
    public static let notModified = HTTPStatus(304, "Not Modified")
    public static let badRequest = HTTPStatus(400, "Bad Request")
    public static let notFound = HTTPStatus(404, "Not Found")
    public static let methodNotAllowed = HTTPStatus(405, "Method Not Allowed")
    public static let requestTimeout = HTTPStatus(408, "Request Timeout")
    public static let uriTooLong = HTTPStatus(414, "URI Too Long")
    public static let headerFieldsTooLarge = HTTPStatus(431, "Request Header Fields Too Large")
    public static let internalServerError = HTTPStatus(500, "Internal Server Error")
    public static let serviceUnavailable = HTTPStatus(503, "Service Unavailable")
    public static let versionNotSupported = HTTPStatus(505, "HTTP Version Not Supported")
}
