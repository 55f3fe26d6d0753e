import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One client connection: reads requests, answers them in order, and enforces the timeouts.
///
/// Invariants: all state is touched only on `queue` (serial), so it needs no lock. The socket is
/// non-blocking and driven by dispatch sources, so a slow client costs a descriptor and a few
/// buffers but never a thread. At most one response is in flight: the next pipelined request is
/// parsed only once the previous response has been handed to the kernel, which bounds memory.
final class HTTPConnection: @unchecked Sendable {
    typealias Handler = @Sendable (ServerRequest) -> ServerResponse

    /// What the single timer is counting down to.
    private enum Deadline {
        case idle, head, write, heartbeat, linger
    }

    private let socket: Int32
    private let queue: DispatchQueue
    private let configuration: HTTPServerConfiguration
    private let parser: ServerRequestParser
    private let handler: Handler
    private var onClose: ((HTTPConnection) -> Void)?

    private var readSource: DispatchSourceRead?
    private var writeSource: DispatchSourceWrite?
    private var isReading = false
    private var isWaitingToWrite = false
    private let timer: DispatchSourceTimer
    private var deadline: Deadline?
    /// Both sources must have finished cancelling before the descriptor may be closed, or
    /// dispatch could watch a number the kernel has already handed to another file.
    private var sourcesLeftToCancel = 0

    private var input: [UInt8] = []
    private var output: [UInt8] = []
    private var outputSent = 0
    private var closeWhenFlushed = false
    private var peerFinishedSending = false
    /// After the last response of a connection the server stops writing but keeps reading for a
    /// moment: closing with unread bytes would make the kernel send a reset, and the client could
    /// lose the response it has not read yet (the "lingering close" of RFC 9112 §9.6).
    private var isLingering = false
    private var stream: EventStream?
    private var isClosed = false
    private var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)

    /// Bytes an event stream may have waiting for a client that does not read before it is
    /// dropped; 1 MiB is thousands of reload events.
    private static let maxStreamBacklog = 1 << 20
    /// How long a closing connection keeps draining what the client still sends.
    private static let lingerSeconds = 2.0

    init(socket: Int32, queue: DispatchQueue, configuration: HTTPServerConfiguration, handler: @escaping Handler, onClose: @escaping (HTTPConnection) -> Void) {
        self.socket = socket
        self.queue = queue
        self.configuration = configuration
        self.parser = ServerRequestParser(limits: configuration.limits)
        self.handler = handler
        self.onClose = onClose
        self.timer = DispatchSource.makeTimerSource(queue: queue)
        // Active from the start, unscheduled until `arm`: dispatch traps when a source that was
        // never activated is released, and a connection can be dropped before `start` runs.
        timer.setEventHandler { [weak self] in self?.deadlinePassed() }
        timer.activate()
    }

    func start() {
        queue.async { [self] in
            // The server stopped between admitting this connection and starting it: `close` has
            // already closed the socket, whose number may now belong to another file.
            guard !isClosed else { return }
            let read = DispatchSource.makeReadSource(fileDescriptor: socket, queue: queue)
            read.setEventHandler { [weak self] in self?.readAvailable() }
            read.setCancelHandler { [self] in sourceCancelled() }
            readSource = read
            sourcesLeftToCancel += 1
            arm(.head)
            resumeReading()
        }
    }

    /// Closes the connection from outside, as when the server stops.
    func shutDown() {
        queue.async { [self] in close() }
    }

    // MARK: Reading

    private func readAvailable() {
        while !isClosed {
            let count = readBuffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                if stream == nil, !isLingering { input.append(contentsOf: readBuffer[0..<count]) }
                // A client that pipelines faster than it reads responses waits in the kernel's buffers.
                if input.count > configuration.limits.maxHeadBytes, !isOutputEmpty {
                    pauseReading()
                    break
                }
                continue
            }
            if count == 0 {
                peerFinishedSending = true
                pauseReading()
                break
            }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { break }
            close()
            return
        }
        if isClosed { return }
        if isLingering || stream != nil {
            if peerFinishedSending { close() }
            return
        }
        processInput()
    }

    private func processInput() {
        guard !isClosed, stream == nil, !isLingering, isOutputEmpty else { return }
        switch parser.parse(input[...]) {
        case .incomplete:
            if peerFinishedSending {
                close()
                return
            }
            if input.isEmpty {
                arm(.idle)
            } else if deadline != .head {
                // The head timeout runs from a request's first byte, not from its latest one,
                // so a client trickling a byte at a time is still cut off.
                arm(.head)
            }
            resumeReading()
        case .failure(let status, let reason):
            input = []
            respond(with: .text(status, reason), to: nil, keepAlive: false)
        case .request(let request, let consumed):
            input.removeFirst(consumed)
            let response = handler(request)
            // Content the request announced is never read, so the connection cannot be reused.
            respond(with: response, to: request, keepAlive: request.wantsKeepAlive && !request.hasContent)
        }
    }

    // MARK: Writing

    private var isOutputEmpty: Bool { outputSent == output.count }

    private func respond(with response: ServerResponse, to request: ServerRequest?, keepAlive: Bool) {
        switch response.body {
        case .bytes(let bytes):
            output = response.serializedHead(keepAlive: keepAlive, date: HTTPDate.now())
            if request?.method != "HEAD", !response.status.forbidsContent { output += bytes }
            outputSent = 0
            closeWhenFlushed = !keepAlive
            flush()
        case .eventStream(let start):
            output = response.serializedHead(keepAlive: false, date: HTTPDate.now())
            outputSent = 0
            guard request?.method != "HEAD" else {
                closeWhenFlushed = true
                flush()
                return
            }
            let stream = EventStream(
                write: { [weak self] bytes in
                    guard let self else { return }
                    queue.async { self.appendToStream(bytes) }
                },
                close: { [weak self] in
                    guard let self else { return }
                    queue.async { self.close() }
                }
            )
            self.stream = stream
            input = []
            flush()
            // Reading goes on only to notice when the client goes away.
            resumeReading()
            start(stream)
        }
    }

    private func appendToStream(_ bytes: [UInt8]) {
        guard !isClosed else { return }
        if output.count - outputSent + bytes.count > Self.maxStreamBacklog {
            close()
            return
        }
        output.removeFirst(outputSent)
        outputSent = 0
        output += bytes
        flush()
    }

    private func flush() {
        let flags: Int32
        #if os(Linux)
        flags = Int32(MSG_NOSIGNAL)  // a client that hung up must not kill the server with SIGPIPE
        #else
        flags = 0
        #endif
        var madeProgress = false
        while outputSent < output.count {
            let count = output.withUnsafeBytes { send(socket, $0.baseAddress! + outputSent, $0.count - outputSent, flags) }
            if count > 0 {
                outputSent += count
                madeProgress = true
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                if madeProgress || deadline != .write { arm(.write) }
                resumeWriting()
                return
            }
            close()
            return
        }
        output = []
        outputSent = 0
        pauseWriting()
        if closeWhenFlushed {
            startLingering()
        } else if stream != nil {
            arm(.heartbeat)
        } else {
            processInput()
        }
    }

    private func startLingering() {
        isLingering = true
        input = []
        if peerFinishedSending {
            close()
            return
        }
        shutdown(socket, Int32(SHUT_WR))
        arm(.linger)
        resumeReading()
    }

    // MARK: Timeouts

    private func arm(_ kind: Deadline) {
        deadline = kind
        let timeouts = configuration.timeouts
        let seconds = switch kind {
        case .idle: timeouts.idle
        case .head: timeouts.head
        case .write: timeouts.write
        case .heartbeat: timeouts.eventStreamHeartbeat
        case .linger: Self.lingerSeconds
        }
        timer.schedule(deadline: .now() + seconds)
    }

    private func deadlinePassed() {
        guard !isClosed else { return }
        switch deadline {
        case .head:
            respond(with: .text(.requestTimeout, "the request head did not arrive in time"), to: nil, keepAlive: false)
        case .heartbeat:
            stream?.sendComment("heartbeat")
        case .idle, .write, .linger, nil:
            close()
        }
    }

    // MARK: Sources

    private func resumeReading() {
        guard let readSource, !isReading, !isClosed, !peerFinishedSending else { return }
        isReading = true
        readSource.resume()
    }

    private func pauseReading() {
        guard let readSource, isReading else { return }
        isReading = false
        readSource.suspend()
    }

    private func resumeWriting() {
        guard !isWaitingToWrite, !isClosed else { return }
        if writeSource == nil {
            let write = DispatchSource.makeWriteSource(fileDescriptor: socket, queue: queue)
            write.setEventHandler { [weak self] in self?.flush() }
            write.setCancelHandler { [self] in sourceCancelled() }
            writeSource = write
            sourcesLeftToCancel += 1
        }
        isWaitingToWrite = true
        writeSource?.resume()
    }

    private func pauseWriting() {
        guard let writeSource, isWaitingToWrite else { return }
        isWaitingToWrite = false
        writeSource.suspend()
    }

    private func close() {
        guard !isClosed else { return }
        isClosed = true
        timer.cancel()
        // A suspended source never runs its cancel handler, so each is resumed before cancelling.
        if let readSource {
            if !isReading { readSource.resume() }
            readSource.cancel()
        }
        if let writeSource {
            if !isWaitingToWrite { writeSource.resume() }
            writeSource.cancel()
        }
        if sourcesLeftToCancel == 0 { closeDescriptor(socket) }
        input = []
        output = []
        stream?.didClose()
        stream = nil
        onClose?(self)
        onClose = nil
    }

    private func sourceCancelled() {
        sourcesLeftToCancel -= 1
        if sourcesLeftToCancel == 0 { closeDescriptor(socket) }
    }
}
