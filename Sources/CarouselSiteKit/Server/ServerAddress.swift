/// Where a started server listens.
public struct ServerAddress: Sendable, Hashable, CustomStringConvertible {
    /// The numeric host, such as `127.0.0.1` or `::1`.
    public var host: String
    public var port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// The site's root URL, such as `http://127.0.0.1:8000/` or `http://[::1]:8000/`.
    public var url: String {
        let bracketed = host.contains(":") ? "[\(host)]" : host
        return "http://\(bracketed):\(port)/"
    }

    public var description: String { url }
}
