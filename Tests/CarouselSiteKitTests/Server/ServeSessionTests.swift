import Foundation
import Testing
@testable import CarouselSiteKit

/// A stand-in builder for the session: turns `site/caption.txt` into `site/_site/index.html`,
/// and fails with a located error when the caption holds an unclosed `{{`. It writes like the
/// real builder does (a new file renamed over the old), and notes how many builds overlap.
final class CaptionBuilder: @unchecked Sendable {
    let site: String
    private let lock = NSLock()
    private var running = 0
    private(set) var mostAtOnce = 0
    private(set) var builds = 0

    init(site: String) {
        self.site = site
    }

    var output: String { site + "/_site" }

    func build() async -> Result<URL, DiagnosticError> {
        lock.withLock {
            running += 1
            builds += 1
            mostAtOnce = max(mostAtOnce, running)
        }
        defer { lock.withLock { running -= 1 } }
        // Long enough that edits made during a build arrive while it runs.
        try? await Task.sleep(nanoseconds: 50_000_000)
        let caption = (try? String(contentsOfFile: site + "/caption.txt", encoding: .utf8)) ?? ""
        if let open = caption.range(of: "{{"), !caption[open.upperBound...].contains("}}") {
            let text = SourceText(name: "caption.txt", text: caption)
            let offset = caption.utf8.distance(from: caption.startIndex, to: open.lowerBound)
            return .failure(DiagnosticError([text.error("unclosed tag; expected '}}'", atByteOffset: offset)]))
        }
        let page = "<!doctype html><html><head><title>t</title></head><body><p>\(caption)</p></body></html>"
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            try Data(page.utf8).write(to: URL(fileURLWithPath: output + "/index.html"), options: .atomic)
            return .success(URL(fileURLWithPath: output))
        } catch {
            return .failure(DiagnosticError([.error("cannot write: \(error)")]))
        }
    }
}

final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [ServeSession.Event] = []

    func append(_ event: ServeSession.Event) {
        lock.withLock { events.append(event) }
    }

    var all: [ServeSession.Event] { lock.withLock { events } }
}

@Suite struct ServeSessionTests {
    let site: ScratchFolder
    let builder: CaptionBuilder
    let log = EventLog()
    let session: ServeSession
    let port: UInt16

    init() async throws {
        site = try ScratchFolder()
        try site.write("caption.txt", "Sunrise")
        builder = CaptionBuilder(site: site.path)
        let builder = builder
        let log = log
        session = ServeSession(
            site: URL(fileURLWithPath: site.path), output: URL(fileURLWithPath: builder.output),
            rebuild: { await builder.build() }, onEvent: { log.append($0) })
        port = try await session.start().port
    }

    func page() async throws -> String {
        let port = port
        return try await offThePool {
            let client = try RawHTTPClient(port: port)
            client.get("/")
            return try client.readResponse().text
        }
    }

    /// Opens the event stream and reads its first status.
    func listen() async throws -> (RawHTTPClient, LiveReload.Status) {
        let port = port
        let stream = try await offThePool {
            let stream = try RawHTTPClient(port: port, timeout: 20)
            stream.get(LiveReload.eventsPath)
            _ = try stream.readResponse(forHEAD: true)
            return stream
        }
        return (stream, try await status(stream))
    }

    func status(_ stream: RawHTTPClient) async throws -> LiveReload.Status {
        let event = try await offThePool { try stream.readEvent() }
        return try JSONDecoder().decode(LiveReload.Status.self, from: Data(event.data.utf8))
    }

    @Test func buildsFirstAndServesWithTheScriptInjectedOnlyInResponses() async throws {
        #expect(log.all == [.building(changed: []), .built(output: URL(fileURLWithPath: builder.output))])
        let html = try await page()
        #expect(html.contains("<p>Sunrise</p>"))
        #expect(html.contains("<script src=\"/__carousel/reload.js?v=\(session.reloads.version)\" defer></script></head>"))
        #expect(try !site.read("_site/index.html").contains("__carousel"))
    }

    @Test func rebuildsOnEditsKeepsTheLastGoodSiteOnErrorsAndRecovers() async throws {
        let (stream, first) = try await listen()
        #expect(first.errors.isEmpty)

        try site.write("caption.txt", "Sunset")
        let edited = try await status(stream)
        #expect(edited.version != first.version)
        #expect(edited.errors.isEmpty)
        #expect(try await page().contains("<p>Sunset</p>"))

        try site.write("caption.txt", "Sunset {{caption")
        let broken = try await status(stream)
        #expect(broken.version == edited.version)
        #expect(broken.errors.hasPrefix("caption.txt:1:8: error: unclosed tag; expected '}}'"))
        #expect(try await page().contains("<p>Sunset</p>"))

        try site.write("caption.txt", "Sunset {{caption}}")
        let fixed = try await status(stream)
        #expect(fixed.version != edited.version)
        #expect(fixed.errors.isEmpty)
        #expect(try await page().contains("<p>Sunset {{caption}}</p>"))

        #expect(log.all.contains { if case .failed(let diagnostics) = $0 { diagnostics.count == 1 } else { false } })
    }

    @Test func neverRunsTwoBuildsAtOnceAndCatchesEditsMadeDuringABuild() async throws {
        let (stream, _) = try await listen()
        for index in 0..<30 {
            try site.write("caption.txt", "Frame \(index)")
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        // Whatever batches the edits fell into, the last build saw the last edit.
        var latest = try await status(stream)
        while try await !page().contains("<p>Frame 29</p>") {
            latest = try await status(stream)
        }
        #expect(latest.errors.isEmpty)
        #expect(builder.mostAtOnce == 1)
        #expect(builder.builds < 31)
    }

    @Test func stopsCleanly() async throws {
        let (stream, _) = try await listen()
        await session.stop()
        #expect(try await offThePool { stream.isClosedByServer() })
        let builds = builder.builds
        try site.write("caption.txt", "After")
        // Half a second is five debounce periods: a build would have started by then.
        try await Task.sleep(nanoseconds: 500_000_000)
        #expect(builder.builds == builds)
    }

    @Test func watchesEverythingButTheOutputAndCaches() {
        let site = URL(fileURLWithPath: "/s")
        let filter = ServeSession.watchFilter(site: site, output: URL(fileURLWithPath: "/s/public/"))
        #expect(filter.excludedFolders == [".cache", "public"])
        #expect(filter.ignores(".public.staging-12-34/index.html"))
        #expect(ServeSession.watchFilter(site: site, output: URL(fileURLWithPath: "/s/out/www")).ignores("out/.www.staging-1-2"))
        #expect(ServeSession.watchFilter(site: site, output: URL(fileURLWithPath: "/elsewhere")).excludedFolders == [".cache"])
    }
}

@Suite struct ShutdownSignalTests {
    final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var signal: Int32?
        var value: Int32? {
            get { lock.withLock { signal } }
            set { lock.withLock { signal = newValue } }
        }
    }

    @Test func returnsTheSignalThatArrived() async throws {
        try await offThePool {
            // Ignored from the start, so a signal sent before the waiter listens cannot end the tests.
            signal(SIGUSR2, SIG_IGN)
            let received = Received()
            Thread { received.value = ShutdownSignal.wait(for: [SIGUSR2]) }.start()
            // The waiter listens once its thread runs; signals sent before that are lost, so retry.
            for _ in 0..<50 where received.value == nil {
                kill(getpid(), SIGUSR2)
                Thread.sleep(forTimeInterval: 0.1)
            }
            #expect(received.value == SIGUSR2)
        }
    }
}
