/// A response for the connection to send: status, fields, and content or a stream.
public struct ServerResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// A never-ending response (server-sent events): after the head is sent, `start` gets the
        /// stream to write to; the connection is closed when the client goes away.
        case eventStream(start: @Sendable (EventStream) -> Void)
    }

    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: Body

    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A short plain-text response, for errors.
    public static func text(_ status: HTTPStatus, _ text: String) -> ServerResponse {
        ServerResponse(
            status: status,
            headers: HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")]),
            body: .bytes(Array((text + "\n").utf8))
        )
    }

    /// The content bytes, or nothing for a stream.
    public var bodyBytes: [UInt8] {
        if case .bytes(let bytes) = body { return bytes }
        return []
    }

    /// The status line and fields as sent, with `Content-Length`, `Date` and `Connection` added.
    func serializedHead(keepAlive: Bool, date: String) -> [UInt8] {
        var head = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        head += "Date: \(date)\r\n"
        for field in headers { head += "\(field.name): \(field.value)\r\n" }
        if case .bytes(let bytes) = body, !status.forbidsContent, headers["Content-Length"] == nil {
            head += "Content-Length: \(bytes.count)\r\n"
        }
        head += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
        head += "\r\n"
        return Array(head.utf8)
    }
}
