import Foundation
import Testing
@testable import CarouselSiteKit

/// The cache rules with the network replaced by a function and the clock moved by hand.
struct ImageStoreCacheTests {
    let site: TemporaryFolder
    let clock = ManualClock()
    let url = URL(string: "https://images.example/a.png")!

    init() throws {
        site = try TemporaryFolder()
    }

    func store(_ http: RecordingHTTPClient, configure: (inout ImageStoreOptions) -> Void = { _ in }) -> ImageStore {
        var options = ImageStoreOptions()
        configure(&options)
        let clock = clock
        return ImageStore(siteFolder: site.url, cacheFolder: site.file(".cache"), options: options,
                          progress: ProgressReporter(style: .quiet), client: http.client, now: { clock.now })
    }

    /// A server with one PNG, validators, and an optional max-age; answers conditional requests.
    func server(image: [UInt8] = TestImages.png(width: 8, height: 6), maxAge: Int? = nil) -> RecordingHTTPClient {
        RecordingHTTPClient { request in
            if request.headers["If-None-Match"] == "\"v1\"" {
                return HTTPResponse(status: 304, headers: ["etag": "\"v1\""], body: Data(), finalURL: request.url)
            }
            var headers = ["etag": "\"v1\"", "last-modified": "Sun, 01 Nov 2026 10:00:00 GMT"]
            if let maxAge { headers["cache-control"] = "public, max-age=\(maxAge)" }
            return RecordingHTTPClient.ok(image, headers: headers, for: request)
        }
    }

    @Test func downloadsVerifiesAndStoresByContentHash() async throws {
        let image = TestImages.png(width: 8, height: 6)
        let log = DiagnosticLog()
        let result = await store(server(image: image)).fetch([.remote(url)], log: log)
        let stored = try #require(result[.remote(url)])
        #expect(stored.contentHash == SHA256.hex(of: image))
        #expect(stored.info == ImageInfo(format: .png, width: 8, height: 6))
        #expect(stored.byteCount == image.count)
        #expect(try Data(contentsOf: stored.file) == Data(image))
        #expect(stored.file.lastPathComponent == stored.contentHash)
        let permissions = try FileManager.default.attributesOfItem(atPath: stored.file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o444)  // blobs are hard-linked into the output: nobody may edit them
        #expect(log.diagnostics.isEmpty)
    }

    @Test func withinTheTTLMakesNoRequest() async throws {
        let http = server()
        _ = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        clock.advance(by: 23 * 3600)
        let again = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        #expect(again[.remote(url)] != nil)
        #expect(http.requests.count == 1)
    }

    @Test func afterTheTTLRevalidatesConditionally() async throws {
        let http = server()
        let first = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        clock.advance(by: 25 * 3600)
        let log = DiagnosticLog()
        let second = await store(http).fetch([.remote(url)], log: log)
        #expect(http.requests.count == 2)
        #expect(http.requests[1].headers == ["If-None-Match": "\"v1\"", "If-Modified-Since": "Sun, 01 Nov 2026 10:00:00 GMT"])
        #expect(second[.remote(url)] == first[.remote(url)])
        #expect(log.diagnostics.isEmpty)
        // The 304 renewed the entry: within the TTL again, no request.
        clock.advance(by: 3600)
        _ = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        #expect(http.requests.count == 2)
    }

    @Test func aShorterMaxAgeWinsOverTheTTL() async throws {
        let http = server(maxAge: 60)
        _ = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        clock.advance(by: 59)
        _ = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        #expect(http.requests.count == 1)
        clock.advance(by: 2)
        _ = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        #expect(http.requests.count == 2)
    }

    @Test func refreshIgnoresTheCacheAndOfflineUsesOnlyIt() async throws {
        let http = server()
        _ = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        _ = await store(http) { $0.refresh = true }.fetch([.remote(url)], log: DiagnosticLog())
        #expect(http.requests.count == 2)
        #expect(http.requests[1].headers.isEmpty)
        clock.advance(by: 365 * 24 * 3600)
        let other = URL(string: "https://images.example/never-fetched.png")!
        let log = DiagnosticLog()
        let offline = await store(http) { $0.offline = true }.fetch([.remote(url), .remote(other)], log: log)
        #expect(http.requests.count == 2)
        #expect(offline[.remote(url)] != nil)
        #expect(offline[.remote(other)] == nil)
        #expect(log.diagnostics == [.warning("cannot use image '\(other.absoluteString)': not in the cache, and '--offline' forbids downloading it")])
    }

    @Test func aServerErrorOnRevalidationUsesTheStaleCopyWithAWarning() async throws {
        let image = TestImages.png()
        let failing = ManualSwitch()
        let http = RecordingHTTPClient { request in
            if failing.isOn { return HTTPResponse(status: 503, headers: [:], body: Data("busy".utf8), finalURL: request.url) }
            return RecordingHTTPClient.ok(image, headers: ["etag": "\"v1\""], for: request)
        }
        _ = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        failing.isOn = true
        clock.advance(by: 2 * 24 * 3600)
        let log = DiagnosticLog()
        let result = await store(http).fetch([.remote(url)], log: log)
        #expect(result[.remote(url)]?.contentHash == SHA256.hex(of: image))
        #expect(log.diagnostics == [.warning("using a cached copy of image '\(url.absoluteString)': revalidation failed: HTTP 503")])
    }

    @Test func aNotFoundOnRevalidationDropsTheImage() async throws {
        let gone = ManualSwitch()
        let http = RecordingHTTPClient { request in
            if gone.isOn { return HTTPResponse(status: 404, headers: [:], body: Data(), finalURL: request.url) }
            return RecordingHTTPClient.ok(TestImages.png(), for: request)
        }
        _ = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        gone.isOn = true
        clock.advance(by: 2 * 24 * 3600)
        let log = DiagnosticLog()
        let result = await store(http).fetch([.remote(url)], log: log)
        #expect(result.isEmpty)
        #expect(log.diagnostics == [.warning("cannot use image '\(url.absoluteString)': HTTP 404")])
    }

    @Test func eachDistinctURLIsRequestedOnce() async throws {
        let http = RecordingHTTPClient { request in RecordingHTTPClient.ok(TestImages.png(), for: request) }
        let urls = (0..<20).map { URL(string: "https://images.example/\($0).png")! }
        let sources = (urls + urls + urls).map(ImageSource.remote)
        let result = await store(http).fetch(sources, log: DiagnosticLog())
        #expect(result.count == 20)
        #expect(http.requests.count == 20)
        #expect(Set(http.requests.map(\.url)) == Set(urls))
    }

    @Test func passesTheLimitsToTheTransport() async throws {
        let http = server()
        _ = await store(http) {
            $0.maxDownloadBytes = 1234
            $0.timeout = 7
            $0.maxRedirects = 2
        }.fetch([.remote(url)], log: DiagnosticLog())
        let request = try #require(http.requests.first)
        #expect(request.maxBytes == 1234 && request.timeout == 7 && request.maxRedirects == 2)
    }

    @Test func rejectsTooManyPixels() async throws {
        let log = DiagnosticLog()
        let result = await store(server(image: TestImages.png(width: 20_000, height: 10_000))) { $0.maxPixels = 100_000_000 }
            .fetch([.remote(url)], log: log)
        #expect(result.isEmpty)
        #expect(log.diagnostics == [.warning("cannot use image '\(url.absoluteString)': too many pixels (20000×10000 is more than the limit of 100 megapixels)")])
    }

    @Test func warningsCarryTheSlideLocationAndFollowSourceOrder() async throws {
        let http = RecordingHTTPClient { request in
            HTTPResponse(status: 404, headers: [:], body: Data(), finalURL: request.url)
        }
        let urls = (0..<5).map { URL(string: "https://images.example/\($0).png")! }
        let location = SourceLocation(file: "feed.json", line: 3, column: 14)
        let log = DiagnosticLog()
        _ = await store(http).fetch(urls.map(ImageSource.remote), log: log, locations: [.remote(urls[2]): location])
        #expect(log.diagnostics.map(\.message) == urls.map { "cannot use image '\($0.absoluteString)': HTTP 404" })
        #expect(log.diagnostics[2].location == location)
    }

    @Test func ignoresDamagedMetadataAndCleansAbandonedTemporaryFiles() async throws {
        let http = server()
        _ = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        // What a SIGKILL mid-write could leave if writes were not atomic: a cut-off entry, plus
        // the temporary file of a writer that no longer exists (pid 2^22 + 1 is above Linux's
        // pid_max default of 2^22).
        let entries = site.file(".cache/urls")
        let entryFile = try #require(FileManager.default.contentsOfDirectory(at: entries, includingPropertiesForKeys: nil).first)
        let entry = try Data(contentsOf: entryFile)
        try entry.prefix(entry.count / 2).write(to: entryFile)
        let abandoned = site.file(".cache/tmp/4194305-abandoned.tmp")
        try Data("half a blob".utf8).write(to: abandoned)
        let live = site.file(".cache/tmp/\(getpid())-live.tmp")
        try Data("being written".utf8).write(to: live)

        let log = DiagnosticLog()
        let result = await store(http).fetch([.remote(url)], log: log)
        #expect(result[.remote(url)] != nil)
        #expect(http.requests.count == 2)  // the damaged entry counted as absent
        #expect(log.diagnostics.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
        // The entry was rewritten whole: the next store uses it without a request.
        _ = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        #expect(http.requests.count == 2)
    }

    @Test func anEntryWhoseBlobIsMissingIsRefetched() async throws {
        let http = server()
        let first = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        try FileManager.default.removeItem(at: try #require(first[.remote(url)]).file)
        let second = await store(http).fetch([.remote(url)], log: DiagnosticLog())
        #expect(http.requests.count == 2)
        #expect(http.requests[1].headers.isEmpty)
        #expect(FileManager.default.fileExists(atPath: try #require(second[.remote(url)]).file.path))
    }

    @Test func fetchesDocumentsThroughTheSameCache() async throws {
        let feed = URL(string: "https://feeds.example/feed.json")!
        let moved = URL(string: "https://feeds.example/v2/feed.json")!
        let http = RecordingHTTPClient { _ in
            HTTPResponse(status: 200, headers: ["etag": "\"f\""], body: Data(#"{"items": []}"#.utf8), finalURL: moved)
        }
        let (data, finalURL) = try await store(http).fetchDocument(feed)
        #expect(String(decoding: data, as: UTF8.self) == #"{"items": []}"#)
        #expect(finalURL == moved)
        let (offlineData, offlineURL) = try await store(http) { $0.offline = true }.fetchDocument(feed)
        #expect(offlineData == data && offlineURL == moved)
        #expect(http.requests.count == 1)
        await #expect(throws: Diagnostic.error("cannot fetch 'https://feeds.example/other.json': not in the cache, and '--offline' forbids downloading it")) {
            try await store(http) { $0.offline = true }.fetchDocument(URL(string: "https://feeds.example/other.json")!)
        }
    }
}

/// A flag a test flips while a fake server reads it.
final class ManualSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isOn: Bool {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
