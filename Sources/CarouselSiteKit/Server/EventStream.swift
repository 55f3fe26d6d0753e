import Foundation

/// An open server-sent-events response (the `text/event-stream` format of the HTML standard),
/// to which events can be written from any thread until the client goes away.
public final class EventStream: @unchecked Sendable {
    private let write: @Sendable ([UInt8]) -> Void
    private let close: @Sendable () -> Void
    private let lock = NSLock()
    private var isClosed = false
    private var closeHandlers: [@Sendable () -> Void] = []

    init(write: @escaping @Sendable ([UInt8]) -> Void, close: @escaping @Sendable () -> Void) {
        self.write = write
        self.close = close
    }

    /// Sends one event. `data` may hold line breaks: each line becomes its own `data:` field and
    /// the browser joins them with `\n` again, so no text can end the event early.
    public func send(event: String? = nil, data: String) {
        var message = ""
        if let event { message += "event: \(Self.singleLine(event))\n" }
        for line in data.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            message += "data: \(line)\n"
        }
        message += "\n"
        write(Array(message.utf8))
    }

    /// Tells the browser how many milliseconds to wait before reconnecting after a drop.
    public func sendRetry(milliseconds: Int) {
        write(Array("retry: \(milliseconds)\n\n".utf8))
    }

    /// A comment line, which clients ignore; used as a heartbeat.
    func sendComment(_ text: String) {
        write(Array(": \(Self.singleLine(text))\n\n".utf8))
    }

    /// Ends the response and closes the connection.
    public func finish() {
        close()
    }

    /// Runs `handler` once the stream has ended, whichever side ended it; at once if it already has.
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow = lock.withLock {
            if !isClosed { closeHandlers.append(handler) }
            return isClosed
        }
        if runNow { handler() }
    }

    /// Called by the connection when it closes.
    func didClose() {
        let handlers = lock.withLock {
            isClosed = true
            defer { closeHandlers = [] }
            return closeHandlers
        }
        handlers.forEach { $0() }
    }

    private static func singleLine(_ text: String) -> String {
        String(text.filter { !$0.isNewline })
    }
}
