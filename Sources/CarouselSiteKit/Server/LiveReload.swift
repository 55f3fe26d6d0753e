import Foundation

/// Tells open pages about builds over server-sent events: a new version makes them reload, a
/// failed build makes them show its diagnostics over the page.
///
/// Every message is one `status` event whose data is JSON: `{"version": "...", "errors": "..."}`.
/// `version` names the last good build (a random per-process prefix and a counter, so pages
/// also reload when the server was restarted); `errors` is the failed build's diagnostics as
/// plain text, or empty. A new stream receives the current status at once.
public final class LiveReload: @unchecked Sendable {
    /// Where pages listen for events.
    public static let eventsPath = "/__carousel/events"
    /// Where the injected script is served from: a file of the same origin, as the pages' strict
    /// Content-Security-Policy (`script-src 'self'`) forbids inline scripts.
    public static let scriptPath = "/__carousel/reload.js"

    struct Status: Codable, Equatable {
        var version: String
        var errors: String
    }

    private let lock = NSLock()
    private let instance: String
    private var build = 0
    private var status: Status
    private var streams: [ObjectIdentifier: EventStream] = [:]

    public init() {
        // 32 random bits tell this server process apart from an earlier one on the same port.
        instance = String(UInt32.random(in: .min ... .max), radix: 36)
        status = Status(version: "\(instance).0", errors: "")
    }

    /// The version of the last good build, which pages are stamped with when served.
    public var version: String {
        lock.withLock { status.version }
    }

    /// How many pages are listening now.
    public var listenerCount: Int {
        lock.withLock { streams.count }
    }

    /// A build succeeded: pages reload, and any error overlay goes away with the reload.
    public func buildSucceeded() {
        publish {
            build += 1
            status = Status(version: "\(instance).\(build)", errors: "")
        }
    }

    /// A build failed: pages keep the last good site and show `errors` over it.
    public func buildFailed(_ diagnostics: [Diagnostic]) {
        let printer = DiagnosticPrinter(colored: false)
        let text = diagnostics.map(printer.format).joined()
        publish { status.errors = text.isEmpty ? "the build failed" : text }
    }

    /// The response for `eventsPath`: an event stream that gets the current status, then every change.
    public func eventsResponse() -> ServerResponse {
        ServerResponse(
            status: .ok,
            headers: HTTPHeaders([("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")]),
            body: .eventStream { [self] stream in subscribe(stream) }
        )
    }

    /// The response for `scriptPath`.
    public func scriptResponse() -> ServerResponse {
        ServerResponse(
            status: .ok,
            headers: HTTPHeaders([("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-cache")]),
            body: .bytes(Array(ReloadScript.source.utf8))
        )
    }

    /// `html` with the reload script added, stamped with the current version.
    public func inject(into html: [UInt8]) -> [UInt8] {
        ReloadScript.inject(into: html, version: version)
    }

    /// Ends every stream, as when the server stops.
    public func finishAll() {
        let open = lock.withLock { Array(streams.values) }
        open.forEach { $0.finish() }
    }

    private func subscribe(_ stream: EventStream) {
        let id = ObjectIdentifier(stream)
        let current = lock.withLock {
            streams[id] = stream
            return status
        }
        stream.onClose { [weak self] in
            self?.lock.withLock { _ = self?.streams.removeValue(forKey: id) }
        }
        // Reconnect quickly after the server restarts; 500 ms is below a person's reaction time.
        stream.sendRetry(milliseconds: 500)
        stream.send(event: "status", data: Self.encode(current))
    }

    private func publish(_ change: () -> Void) {
        let (current, open) = lock.withLock {
            change()
            return (status, Array(streams.values))
        }
        let data = Self.encode(current)
        open.forEach { $0.send(event: "status", data: data) }
    }

    private static func encode(_ status: Status) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding two strings cannot fail.
        return String(decoding: (try? encoder.encode(status)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
