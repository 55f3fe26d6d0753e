import Foundation
import Testing
@testable import CarouselSiteKit

/// `serve` with the real builder and a remote feed on a loopback server: the download cache is
/// written by every build, yet only a refresh by somebody else rebuilds the preview.
@Suite struct RemoteFeedServeTests {
    final class BuildCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    let remote: ScratchFolder
    let feedServer: HTTPServer
    let site: ScratchFolder
    let builds = BuildCount()
    let session: ServeSession
    let port: UInt16

    init() async throws {
        remote = try ScratchFolder()
        try remote.write("0.jpg", Data(contentsOf: ToolRun.repository.appendingPathComponent("site/photos/0.jpg")))
        try remote.write("feed.json", #"[{"image": "0.jpg", "title": "Remote", "caption": "First remote caption"}]"#)
        let files = StaticFileServer(root: remote.path)
        feedServer = HTTPServer { files.respond(to: $0) }
        let feedPort = try feedServer.start().port

        site = try ScratchFolder()
        try site.write("carousel.json", #"{"title": "Remote feed", "feed": "http://127.0.0.1:\#(feedPort)/feed.json"}"#)
        let siteURL = URL(fileURLWithPath: site.path)
        let builds = builds
        session = ServeSession(site: siteURL, output: siteURL.appendingPathComponent("_site"), rebuild: {
            builds.increment()
            do throws(DiagnosticError) {
                return .success(try await SiteBuilder(siteFolder: siteURL).build().outputFolder)
            } catch {
                return .failure(error)
            }
        }, onEvent: { _ in })
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

    @Test func rebuildsWhenAnotherBuildRefreshesTheFeedButNotForItsOwnCacheWrites() async throws {
        #expect(try await page().contains("First remote caption"))
        let port = port
        let stream = try await offThePool {
            let stream = try RawHTTPClient(port: port, timeout: 30)
            stream.get(LiveReload.eventsPath)
            _ = try stream.readResponse(forHEAD: true)
            _ = try stream.readEvent()
            return stream
        }
        // The first build filled the cache; a second of quiet (ten debounce periods) shows that
        // those writes started no build of their own.
        try await Task.sleep(nanoseconds: 1_000_000_000)
        #expect(builds.value == 1)

        try remote.write("feed.json", #"[{"image": "0.jpg", "title": "Remote", "caption": "Refreshed remote caption"}]"#)
        // Another build of the same site, as from another terminal, writing its output outside
        // the site: only its refresh of the download cache reaches the watched folder.
        let elsewhere = try ScratchFolder()
        var options = BuildOptions()
        options.refresh = true
        options.output = URL(fileURLWithPath: elsewhere.path + "/out")
        _ = try await SiteBuilder(siteFolder: URL(fileURLWithPath: site.path), options: options).build()

        _ = try await offThePool { try stream.readEvent() }
        #expect(try await page().contains("Refreshed remote caption"))
    }
}
