import Foundation
import Testing
@testable import CarouselSiteKit

/// The image store against a real HTTP server on loopback that injects faults
/// (Tests/servers/fault_server.py), through the real URLSession transport.
struct ImageStoreLoopbackTests {
    let server: FaultServer
    let site: TemporaryFolder

    init() throws {
        server = try FaultServer()
        site = try TemporaryFolder()
    }

    func store(_ configure: (inout ImageStoreOptions) -> Void = { _ in }) -> ImageStore {
        var options = ImageStoreOptions()
        configure(&options)
        return ImageStore(siteFolder: site.url, cacheFolder: site.file(".cache"), options: options)
    }

    /// Fetches one path and returns the warning text (nil when the image was stored).
    func warning(for path: String, _ configure: (inout ImageStoreOptions) -> Void = { _ in }) async -> String? {
        let log = DiagnosticLog()
        let source = ImageSource.remote(server.url(path))
        let result = await store(configure).fetch([source], log: log)
        #expect((result[source] == nil) == !log.diagnostics.isEmpty)
        return log.diagnostics.first?.message
    }

    @Test func downloadsARealImage() async throws {
        let log = DiagnosticLog()
        let source = ImageSource.remote(server.url("/png/a.png"))
        let stored = try #require(await store().fetch([source], log: log)[source])
        #expect(stored.info == ImageInfo(format: .png, width: 4, height: 3))
        #expect(stored.contentHash == SHA256.hex(of: try Data(contentsOf: stored.file)))
        #expect(log.diagnostics.isEmpty)
    }

    @Test func reportsHTTPErrors() async {
        let url404 = server.url("/status/404").absoluteString
        #expect(await warning(for: "/status/404") == "cannot use image '\(url404)': HTTP 404")
        #expect(await warning(for: "/status/500") == "cannot use image '\(server.url("/status/500").absoluteString)': HTTP 500")
    }

    @Test func rejectsAnHTMLPageServedWithStatus200() async {
        #expect(await warning(for: "/html") == "cannot use image '\(server.url("/html").absoluteString)': not an image (looks like HTML)")
    }

    @Test func trustsBytesNotTheContentType() async {
        #expect(await warning(for: "/wrong-type/b.png") == nil)
    }

    @Test func timesOutSlowServers() async {
        let slowHeaders = server.url("/slow-headers/5000").absoluteString
        #expect(await warning(for: "/slow-headers/5000") { $0.timeout = 1 } == "cannot use image '\(slowHeaders)': timed out after 1 s")
        let slowBody = server.url("/slow-body").absoluteString
        #expect(await warning(for: "/slow-body") { $0.timeout = 1.5 } == "cannot use image '\(slowBody)': timed out after 1.5 s")
    }

    @Test func rejectsTruncatedBodies() async throws {
        let message = try #require(await warning(for: "/truncated"))
        #expect(message.hasPrefix("cannot use image '\(server.url("/truncated").absoluteString)': "))
    }

    @Test func followsRedirectsUpToTheBound() async {
        #expect(await warning(for: "/redirect/3/r.png") { $0.maxRedirects = 3 } == nil)
        let chain = server.url("/redirect/3/s.png").absoluteString
        #expect(await warning(for: "/redirect/3/s.png") { $0.maxRedirects = 2 } == "cannot use image '\(chain)': more than 2 redirects")
        let loop = server.url("/redirect-loop").absoluteString
        #expect(await warning(for: "/redirect-loop") == "cannot use image '\(loop)': more than 5 redirects")
    }

    /// A redirect to `file:///etc/passwd` must never read a local file, and says why.
    /// (FoundationNetworking on Linux would quietly ask the same host for `/etc/passwd`; the
    /// transport reads the `Location` header itself to see the scheme.)
    @Test func neverFollowsRedirectsToLocalFiles() async throws {
        let url = server.url("/redirect-to-file").absoluteString
        #expect(await warning(for: "/redirect-to-file") == "cannot use image '\(url)': unsupported URL scheme 'file' (expected 'http' or 'https')")
        #expect(try await server.stats().requests("/etc/passwd") == 0)
    }

    @Test func refusesNonHTTPSources() async {
        let log = DiagnosticLog()
        _ = await store().fetch([.remote(URL(string: "ftp://example.com/a.png")!)], log: log)
        #expect(log.diagnostics.map(\.message) == ["cannot use image 'ftp://example.com/a.png': unsupported URL scheme 'ftp' (expected 'http' or 'https')"])
    }

    @Test func abortsHugeBodiesEarly() async throws {
        let declared = server.url("/huge-declared").absoluteString
        #expect(await warning(for: "/huge-declared") { $0.maxDownloadBytes = 1_000_000 } == "cannot use image '\(declared)': larger than 1 MB")
        let streamed = server.url("/huge-undeclared").absoluteString
        #expect(await warning(for: "/huge-undeclared") { $0.maxDownloadBytes = 1_000_000 } == "cannot use image '\(streamed)': larger than 1 MB")
        // The server meant to send 1 GB each time, at about 30 MB/s. Aborting at the limit stops
        // it within the time the cancellation takes to reach the socket: well under a second on an
        // idle machine (about 1 MB), up to a second or so on a loaded one. 50 MB is far beyond
        // either and far below a download that was never aborted.
        try await Task.sleep(for: .milliseconds(200))
        let stats = try await server.stats()
        #expect(stats.bodyBytes("/huge-declared") < 50_000_000)
        #expect(stats.bodyBytes("/huge-undeclared") < 50_000_000)
    }

    @Test func revalidationTransfersNoImageBytes() async throws {
        let sources = (0..<10).map { ImageSource.remote(server.url("/png/\($0).png")) }
        let first = await store().fetch(sources, log: DiagnosticLog())
        #expect(first.count == 10)
        try await server.control("reset")
        // A TTL of zero makes every entry stale: each is revalidated and answered with 304.
        let log = DiagnosticLog()
        let second = await store { $0.cacheTTL = 0 }.fetch(sources, log: log)
        let stats = try await server.stats()
        #expect(second == first)
        #expect(log.diagnostics.isEmpty)
        #expect(stats.totalRequests == 10)
        #expect(stats.body_bytes.values.reduce(0, +) == 0)
    }

    @Test func picksUpAChangedImage() async throws {
        let source = ImageSource.remote(server.url("/versioned/v.png"))
        let before = try #require(await store().fetch([source], log: DiagnosticLog())[source])
        try await server.control("bump/v.png")
        let after = try #require(await store { $0.cacheTTL = 0 }.fetch([source], log: DiagnosticLog())[source])
        #expect(before.contentHash != after.contentHash)
        #expect(after.info.width == before.info.width + 1)
        #expect(FileManager.default.fileExists(atPath: before.file.path))  // blobs are write-once
    }

    @Test func usesTheStaleCopyWhenTheServerFails() async throws {
        let source = ImageSource.remote(server.url("/flaky/f.png"))
        let before = try #require(await store().fetch([source], log: DiagnosticLog())[source])
        try await server.control("fail/f.png")
        let log = DiagnosticLog()
        let after = await store { $0.cacheTTL = 0 }.fetch([source], log: log)
        #expect(after[source] == before)
        #expect(log.diagnostics == [.warning("using a cached copy of image '\(server.url("/flaky/f.png").absoluteString)': revalidation failed: HTTP 503")])
    }

    @Test func fetchesEachURLOnceAndManyAtOnce() async throws {
        let urls = (0..<60).map { server.url("/png/\($0).png") }
        let sources = (urls + urls.reversed()).map(ImageSource.remote)
        let log = DiagnosticLog()
        let result = await store().fetch(sources, log: log)
        let stats = try await server.stats()
        #expect(result.count == 60)
        #expect(log.diagnostics.isEmpty)
        #expect(stats.totalRequests == 60)
        #expect(urls.allSatisfy { stats.requests($0.path) == 1 })
    }

    @Test func twoBuildsSharingOneCacheBothSucceed() async throws {
        let sources = (0..<30).map { ImageSource.remote(server.url("/png/\($0).png")) }
        let logA = DiagnosticLog(), logB = DiagnosticLog()
        async let a = store { $0.refresh = true }.fetch(sources, log: logA)
        async let b = store { $0.refresh = true }.fetch(sources, log: logB)
        let (resultA, resultB) = await (a, b)
        #expect(resultA.count == 30 && resultA == resultB)
        #expect(logA.diagnostics.isEmpty && logB.diagnostics.isEmpty)
        let temporaries = try FileManager.default.contentsOfDirectory(atPath: site.file(".cache/tmp").path)
        #expect(temporaries.isEmpty)
        // A third build trusts what both left behind: no request at all.
        try await server.control("reset")
        #expect(await store().fetch(sources, log: DiagnosticLog()) == resultA)
        #expect(try await server.stats().totalRequests == 0)
    }

    @Test func fetchesDocumentsWithRevalidation() async throws {
        let url = server.url("/doc/feed.json")
        let (data, finalURL) = try await store().fetchDocument(url)
        #expect(String(decoding: data, as: UTF8.self) == #"{"name": "feed.json", "items": [1, 2, 3]}"#)
        #expect(finalURL == url)
        let (again, _) = try await store { $0.cacheTTL = 0 }.fetchDocument(url)
        #expect(again == data)
        let stats = try await server.stats()
        #expect(stats.requests("/doc/feed.json") == 2)
        #expect(stats.bodyBytes("/doc/feed.json") == data.count)
        await #expect(throws: Diagnostic.error("cannot fetch '\(server.url("/status/404").absoluteString)': HTTP 404")) {
            try await store().fetchDocument(server.url("/status/404"))
        }
    }
}
