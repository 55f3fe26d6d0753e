/// Where the server listens and how much it lets a client send or take before it is cut off.
public struct HTTPServerConfiguration: Sendable {
    /// Limits on what a client may send; a request over them gets 414 or 431 and is closed.
    public struct Limits: Sendable {
        /// Longest request line. 8 KiB is what RFC 9112 §3 recommends servers accept at least.
        public var maxRequestLineBytes = 8 * 1024
        /// Longest head (request line and fields). 16 KiB is double the longest cookie-laden
        /// browser request heads seen in practice, and a dev server has no cookies of its own.
        public var maxHeadBytes = 16 * 1024
        /// Most header fields. Browsers send about 15; 100 is the limit nginx and Node.js use.
        public var maxHeaderCount = 100
        /// Most open connections; more are accepted and closed at once, so the backlog keeps
        /// draining. 512 is half the usual soft limit of 1,024 descriptors per process, leaving
        /// the rest for the files being served, the watcher and the build.
        public var maxConnections = 512

        public init() {}
    }

    /// Timeouts in seconds, so a slow or silent client cannot hold a connection forever.
    public struct Timeouts: Sendable {
        /// From the first byte of a request to the end of its head (against "slowloris" clients).
        public var head: Double = 10
        /// How long a kept-alive connection may sit idle between requests.
        public var idle: Double = 30
        /// How long a response may go without any byte reaching a client that stopped reading.
        public var write: Double = 30
        /// How often an event stream sends a comment, so dead peers are noticed and proxies keep
        /// the stream open; 15 s is below every common proxy idle timeout (30–60 s).
        public var eventStreamHeartbeat: Double = 15

        public init() {}
    }

    /// The address to listen on: loopback unless the user asks for another.
    public var host: String
    /// The port; 0 lets the system pick a free one.
    public var port: UInt16
    public var limits = Limits()
    public var timeouts = Timeouts()

    public init(host: String = "127.0.0.1", port: UInt16 = 0) {
        self.host = host
        self.port = port
    }
}
