import Foundation
import Testing
@testable import CarouselSiteKit

@Suite struct ReloadScriptTests {
    @Test(arguments: [
        ("<html><head><title>t</title></head><body></body></html>", "<html><head><title>t</title>TAG</head><body></body></html>"),
        ("<HTML><BODY><p>x</BODY></HTML>", "<HTML><BODY><p>xTAG</BODY></HTML>"),
        ("<p>fragment", "<p>fragmentTAG"),
    ])
    func injectsTheScriptTagOnce(_ html: String, expected: String) {
        let tag = "<script src=\"/__carousel/reload.js?v=abc.3\" defer></script>"
        let result = ReloadScript.inject(into: Array(html.utf8), version: "abc.3")
        #expect(String(decoding: result, as: UTF8.self) == expected.replacingOccurrences(of: "TAG", with: tag))
    }

    @Test func keepsTheAttributeIntactWhateverTheVersion() {
        let result = ReloadScript.inject(into: [], version: "a\"><script>alert(1)</script>")
        #expect(String(decoding: result, as: UTF8.self) == "<script src=\"/__carousel/reload.js?v=ascriptalert1script\" defer></script>")
    }
}

/// The event stream on a real server: pages get the current status at once and every change after.
@Suite struct LiveReloadTests {
    let liveReload = LiveReload()
    let server: HTTPServer
    let port: UInt16

    init() throws {
        let liveReload = liveReload
        server = HTTPServer { request in
            request.path == LiveReload.eventsPath ? liveReload.eventsResponse() : liveReload.scriptResponse()
        }
        port = try server.start().port
    }

    func status(_ event: (event: String?, data: String)) throws -> LiveReload.Status {
        #expect(event.event == "status")
        return try JSONDecoder().decode(LiveReload.Status.self, from: Data(event.data.utf8))
    }

    func waitForListeners(_ count: Int) {
        for _ in 0..<500 where liveReload.listenerCount != count { Thread.sleep(forTimeInterval: 0.01) }
    }

    @Test func streamsBuildStatusToEveryListener() async throws {
        try await offThePool {
            let pages = try (0..<3).map { _ in try RawHTTPClient(port: port) }
            for page in pages {
                page.get(LiveReload.eventsPath, extra: ["Accept: text/event-stream"])
                let head = try page.readResponse(forHEAD: true)
                #expect(head.headers["Content-Type"] == "text/event-stream")
                #expect(try status(page.readEvent()) == LiveReload.Status(version: liveReload.version, errors: ""))
            }
            waitForListeners(3)
            let first = liveReload.version

            liveReload.buildFailed([.error("unclosed section 'slides'", at: SourceLocation(file: "templates/page.mustache", line: 2, column: 1, lineText: "{{#slides}}"))])
            for page in pages {
                let failed = try status(page.readEvent())
                #expect(failed.version == first)
                #expect(failed.errors == "templates/page.mustache:2:1: error: unclosed section 'slides'\n{{#slides}}\n^\n")
            }

            liveReload.buildSucceeded()
            #expect(liveReload.version != first)
            for page in pages {
                #expect(try status(page.readEvent()) == LiveReload.Status(version: liveReload.version, errors: ""))
            }
        }
    }

    @Test func forgetsListenersThatLeave() async throws {
        try await offThePool {
            do {
                let page = try RawHTTPClient(port: port)
                page.get(LiveReload.eventsPath)
                _ = try page.readResponse(forHEAD: true)
                _ = try page.readEvent()
                waitForListeners(1)
                #expect(liveReload.listenerCount == 1)
            }
            waitForListeners(0)
            #expect(liveReload.listenerCount == 0)
        }
    }

    @Test func servesTheScript() async throws {
        try await offThePool {
            let client = try RawHTTPClient(port: port)
            client.get(LiveReload.scriptPath)
            let response = try client.readResponse()
            #expect(response.headers["Content-Type"] == "text/javascript; charset=utf-8")
            #expect(response.text.contains("new EventSource(\"/__carousel/events\")"))
            #expect(response.text.contains("textContent"))
            #expect(!response.text.contains("innerHTML"))
        }
    }
}
