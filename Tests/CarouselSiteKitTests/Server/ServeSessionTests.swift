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

    func build() -> Result<Void, DiagnosticError> {
        lock.withLock {
            running += 1
            builds += 1
            mostAtOnce = max(mostAtOnce, running)
        }
        defer { lock.withLock { running -= 1 } }
        // Long enough that edits made during a build arrive while it runs.
        Thread.sleep(forTimeInterval: 0.05)
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
            return .success(())
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
    let site: TemporaryFolder
    let builder: CaptionBuilder
    let log = EventLog()
    let session: ServeSession
    let port: UInt16

    init() throws {
        site = try TemporaryFolder()
        try site.write("caption.txt", "Sunrise")
        builder = CaptionBuilder(site: site.path)
        let builder = builder
        let log = log
        session = ServeSession(site: site.path, output: builder.output, rebuild: { builder.build() }, onEvent: { log.append($0) })
        port = try session.start().port
    }

    func page() throws -> String {
        let client = try RawHTTPClient(port: port)
        client.get("/")
        return try client.readResponse().text
    }

    func status(_ stream: RawHTTPClient) throws -> LiveReload.Status {
        let event = try stream.readEvent()
        return try JSONDecoder().decode(LiveReload.Status.self, from: Data(event.data.utf8))
    }

    @Test func buildsFirstAndServesWithTheScriptInjectedOnlyInResponses() throws {
        #expect(log.all == [.building(changed: []), .built])
        let html = try page()
        #expect(html.contains("<p>Sunrise</p>"))
        #expect(html.contains("<script src=\"/__carousel/reload.js?v=\(session.reloads.version)\" defer></script></head>"))
        #expect(try !site.read("_site/index.html").contains("__carousel"))
    }

    @Test func rebuildsOnEditsKeepsTheLastGoodSiteOnErrorsAndRecovers() throws {
        let stream = try RawHTTPClient(port: port)
        stream.get(LiveReload.eventsPath)
        _ = try stream.readResponse(forHEAD: true)
        let first = try status(stream)
        #expect(first.errors.isEmpty)

        try site.write("caption.txt", "Sunset")
        let edited = try status(stream)
        #expect(edited.version != first.version)
        #expect(edited.errors.isEmpty)
        #expect(try page().contains("<p>Sunset</p>"))

        try site.write("caption.txt", "Sunset {{caption")
        let broken = try status(stream)
        #expect(broken.version == edited.version)
        #expect(broken.errors.hasPrefix("caption.txt:1:8: error: unclosed tag; expected '}}'"))
        #expect(try page().contains("<p>Sunset</p>"))

        try site.write("caption.txt", "Sunset {{caption}}")
        let fixed = try status(stream)
        #expect(fixed.version != edited.version)
        #expect(fixed.errors.isEmpty)
        #expect(try page().contains("<p>Sunset {{caption}}</p>"))

        #expect(log.all.contains { if case .failed(let diagnostics) = $0 { diagnostics.count == 1 } else { false } })
    }

    @Test func neverRunsTwoBuildsAtOnceAndCatchesEditsMadeDuringABuild() throws {
        let stream = try RawHTTPClient(port: port)
        stream.get(LiveReload.eventsPath)
        _ = try stream.readResponse(forHEAD: true)
        _ = try status(stream)
        for index in 0..<30 {
            try site.write("caption.txt", "Frame \(index)")
            Thread.sleep(forTimeInterval: 0.02)
        }
        // Whatever batches the edits fell into, the last build saw the last edit.
        var latest = try status(stream)
        while try !page().contains("<p>Frame 29</p>") {
            latest = try status(stream)
        }
        #expect(latest.errors.isEmpty)
        #expect(builder.mostAtOnce == 1)
        #expect(builder.builds < 31)
    }

    @Test func stopsCleanly() throws {
        let stream = try RawHTTPClient(port: port)
        stream.get(LiveReload.eventsPath)
        _ = try stream.readResponse(forHEAD: true)
        _ = try status(stream)
        session.stop()
        #expect(stream.isClosedByServer())
        let builds = builder.builds
        try site.write("caption.txt", "After")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(builder.builds == builds)
    }

    @Test func watchesEverythingButTheOutputAndCaches() {
        let filter = ServeSession.watchFilter(site: "/s", output: "/s/public/")
        #expect(filter.excludedFolders == [".cache", "public"])
        #expect(ServeSession.watchFilter(site: "/s", output: "/elsewhere").excludedFolders == [".cache"])
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

    @Test func returnsTheSignalThatArrived() {
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
