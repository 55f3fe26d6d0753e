/// One parsed HTTP/1.x request head. The dev server never reads request content: a request that
/// announces some is answered and its connection closed, so leftover bytes cannot be misread as
/// the next request.
public struct ServerRequest: Sendable, Equatable {
    public var method: String
    /// The request target as sent, such as `/photos/1.jpg?v=2` (origin form).
    public var target: String
    /// The minor version of HTTP/1.x: 0 or 1.
    public var minorVersion: Int
    public var headers: HTTPHeaders
    /// Whether the request announced content (`Content-Length` above 0 or `Transfer-Encoding`).
    public var hasContent: Bool

    public init(method: String, target: String, minorVersion: Int = 1, headers: HTTPHeaders = HTTPHeaders(), hasContent: Bool = false) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
        self.hasContent = hasContent
    }

    /// The target without its query, still percent-encoded.
    public var path: Substring {
        target.prefix { $0 != "?" && $0 != "#" }
    }

    /// The query with its leading `?`, or an empty string.
    public var query: Substring {
        guard let mark = target.firstIndex(of: "?") else { return "" }
        return target[mark...].prefix { $0 != "#" }
    }

    /// Whether the client wants the connection kept open after the response (RFC 9112 §9.3):
    /// HTTP/1.1 unless it says `close`, HTTP/1.0 only when it says `keep-alive`.
    public var wantsKeepAlive: Bool {
        let connection = headers.values(for: "Connection").joined(separator: ",")
        if minorVersion >= 1 { return !connection.containsToken("close") }
        return connection.containsToken("keep-alive")
    }
}
