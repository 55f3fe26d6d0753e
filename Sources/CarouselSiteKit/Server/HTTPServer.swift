import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server over POSIX sockets and Dispatch: keep-alive, bounded requests,
/// timeouts for slow clients, and many clients at once without a thread per client.
///
/// ```swift
/// let server = HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
///     .text(.ok, "hello")
/// }
/// let address = try server.start()
/// print("serving on \(address.url)")
/// ```
///
/// The handler runs on a connection's queue and should answer quickly (it reads files); it may
/// be called on several threads at once.
public final class HTTPServer: @unchecked Sendable {
    public typealias Handler = @Sendable (ServerRequest) -> ServerResponse

    public let configuration: HTTPServerConfiguration
    /// Answers each request; set before `start`.
    public var handler: Handler
    private let lock = NSLock()
    private var listener: ListeningSocket?
    private var acceptSource: DispatchSourceRead?
    private var isAcceptPaused = false
    /// Signalled when the listening socket has been closed.
    private let listenerClosed = DispatchSemaphore(value: 0)
    private var connections: [ObjectIdentifier: HTTPConnection] = [:]
    private let acceptQueue = DispatchQueue(label: "carousel-site.http.accept")
    /// Marks the accept queue, so `stop` can tell when it already runs there: the last reference
    /// to a server may be released by a block on that queue, and its deinit then calls `stop`.
    private let acceptQueueKey = DispatchSpecificKey<Bool>()
    /// Connection queues target this one, so connections share the cores without each owning a thread.
    private let connectionQueue = DispatchQueue(label: "carousel-site.http.connections", attributes: .concurrent)

    public init(configuration: HTTPServerConfiguration = HTTPServerConfiguration(), handler: @escaping Handler = { _ in .text(.notFound, "not found") }) {
        self.configuration = configuration
        self.handler = handler
        acceptQueue.setSpecific(key: acceptQueueKey, value: true)
    }

    /// Binds, listens and starts accepting clients; does nothing more once started.
    ///
    /// - Returns: The address it listens on, with the real port when port 0 was asked for.
    /// - Throws: `ServerError` when the address cannot be bound (busy port, foreign address).
    @discardableResult
    public func start() throws -> ServerAddress {
        if let address { return address }
        let socket = try ListeningSocket.make(host: configuration.host, port: configuration.port)
        let source = DispatchSource.makeReadSource(fileDescriptor: socket.descriptor, queue: acceptQueue)
        // Weak, not unowned: a client can arrive after the last release and before `deinit`'s
        // `stop` has cancelled the source, and reading an unowned reference then traps.
        source.setEventHandler { [weak self] in self?.acceptClients() }
        let closed = listenerClosed
        source.setCancelHandler {
            closeDescriptor(socket.descriptor)
            closed.signal()
        }
        lock.withLock {
            listener = socket
            acceptSource = source
        }
        source.activate()
        return ServerAddress(host: socket.host, port: socket.port)
    }

    /// Where the server listens, once started.
    public var address: ServerAddress? {
        lock.withLock { listener.map { ServerAddress(host: $0.host, port: $0.port) } }
    }

    /// How many client connections are open now.
    public var connectionCount: Int {
        lock.withLock { connections.count }
    }

    /// Stops listening and closes every connection, event streams included.
    public func stop() {
        let (source, open) = lock.withLock {
            defer {
                acceptSource = nil
                listener = nil
                connections = [:]
            }
            return (acceptSource, Array(connections.values))
        }
        guard let source else { return }
        let cancel = {
            if self.isAcceptPaused { source.resume() }
            self.isAcceptPaused = false
            source.cancel()
        }
        if DispatchQueue.getSpecific(key: acceptQueueKey) == true {
            // Already on the accept queue (a deinit there): syncing onto it would trap, and its
            // cancel handler, which closes the socket, can only run once this block returns.
            cancel()
        } else {
            acceptQueue.sync(execute: cancel)
            // Once stop returns the port is free: nobody can connect any more, and it can be reused.
            listenerClosed.wait()
        }
        open.forEach { $0.shutDown() }
    }

    deinit {
        stop()
    }

    private func acceptClients() {
        guard let listener = lock.withLock({ listener }) else { return }
        while true {
            let client = accept(listener.descriptor, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                if errno == EMFILE || errno == ENFILE { pauseAccepting() }
                // EAGAIN: the backlog is empty. Other errors concern only the client that left.
                return
            }
            setNonBlocking(client)
            setCloseOnExec(client)
            var one: Int32 = 1
            // Responses are written whole; Nagle's algorithm would only hold back their last segment.
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            #if canImport(Darwin)
            setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let connection = HTTPConnection(
                socket: client,
                queue: DispatchQueue(label: "carousel-site.http.connection", target: connectionQueue),
                configuration: configuration,
                handler: handler,
                onClose: { [weak self] connection in self?.forget(connection) }
            )
            let admitted = lock.withLock {
                guard listener.descriptor == self.listener?.descriptor,
                    connections.count < configuration.limits.maxConnections
                else { return false }
                connections[ObjectIdentifier(connection)] = connection
                return true
            }
            if admitted {
                connection.start()
            } else {
                closeDescriptor(client)
            }
        }
    }

    /// Out of descriptors: the listener would report the waiting client again at once, so it
    /// rests for 100 ms (long enough for responses to finish and free some) instead of spinning.
    private func pauseAccepting() {
        guard let source = lock.withLock({ acceptSource }), !isAcceptPaused else { return }
        isAcceptPaused = true
        source.suspend()
        acceptQueue.asyncAfter(deadline: .now() + 0.1) { [weak self] in
            guard let self, self.isAcceptPaused else { return }
            self.isAcceptPaused = false
            source.resume()
        }
    }

    private func forget(_ connection: HTTPConnection) {
        lock.withLock { _ = connections.removeValue(forKey: ObjectIdentifier(connection)) }
    }
}
