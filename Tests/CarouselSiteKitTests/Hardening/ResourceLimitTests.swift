import Foundation
import Testing

/// Inputs built to exhaust time or memory end with a clear message within their limit, through
/// the real binary against a real loopback server. Limits are set small in the site's config.
@Suite struct ResourceLimitTests {
    /// Seconds after which a run counts as hung: far above what each case needs when it works.
    static let limit = 60.0

    @Test func feedWithAMillionItemsIsRefused() throws {
        let site = try ScratchSite()
        let item = #"{"image": "photos/0.jpg", "title": "t"}"#
        try site.write("million.json", "[" + Array(repeating: item, count: 1_000_000).joined(separator: ",") + "]")
        try site.write("carousel.json", #"{"feed": "million.json"}"#)
        let run = try BoundedRun(["build", "site"], in: site.root, limit: Self.limit)
        #expect(run.exited(1), "status \(String(describing: run.status)): \(run.stderr.prefix(500))")
        #expect(run.stderr.contains("error: the feed has 1000000 items, more than the 10000 a slideshow may hold"))
        #expect(run.stderr.utf8.count < 2_000)
        // The 41 MB feed is parsed once; nothing per item is kept.
        #expect(run.peakMemory < 1 << 30, "peak memory \(run.peakMemory >> 20) MB")
    }

    /// The server streams 1 GB (declared, and without a length) at about 30 MB/s; the download
    /// stops at the configured 1 MB with a clear message. A declared length is refused before
    /// the body is read, an undeclared one cut as soon as the delegate sees 1 MB, so the memory
    /// high-water mark stays that of the runtime (38 MB under `/usr/bin/time -f %M`), far from the stream's size.
    @Test(arguments: ["/huge-undeclared", "/huge-declared"])
    func hugeResponseStopsAtTheSizeLimit(_ path: String) throws {
        let server = try FaultServer()
        let site = try ScratchSite()
        try site.write("feed.json", #"[{"image": "\#(server.url(path))"}, {"image": "photos/0.jpg"}]"#)
        try site.write("carousel.json", #"{"feed": "feed.json", "images": {"maxDownloadBytes": 1048576}}"#)
        let run = try BoundedRun(["build", "site"], in: site.root, limit: Self.limit)
        #expect(run.exited(0), "\(run.stderr)")
        #expect(run.stderr.contains("warning: cannot use image '\(server.url(path))': larger than"))
        #expect(run.peakMemory < 160 << 20, "peak memory \(run.peakMemory >> 20) MB")
        try expectCacheHoldsNoPartialFile(site)
    }

    /// One byte per second for 1,000 seconds: the 2-second `images.timeout` ends it.
    @Test func tricklingServerTimesOut() throws {
        let server = try FaultServer()
        let site = try ScratchSite()
        try site.write("feed.json", #"[{"image": "\#(server.url("/slow-body"))"}, {"image": "photos/0.jpg"}]"#)
        try site.write("carousel.json", #"{"feed": "feed.json", "images": {"timeout": 2}}"#)
        let run = try BoundedRun(["build", "site"], in: site.root, limit: Self.limit)
        #expect(run.exited(0), "\(run.stderr)")
        #expect(run.stderr.contains("warning: cannot use image '\(server.url("/slow-body"))': timed out after 2"))
        // Well under the server's 1,000 s: the deadline is total, not per byte.
        #expect(run.seconds < 30, "took \(run.seconds) s")
        try expectCacheHoldsNoPartialFile(site)
    }

    @Test(arguments: ["/redirect/100/chain.png", "/redirect-loop", "/redirect-to-file"])
    func redirectsAreBounded(_ path: String) throws {
        let server = try FaultServer()
        let site = try ScratchSite()
        try site.write("feed.json", #"[{"image": "\#(server.url(path))"}, {"image": "photos/0.jpg"}]"#)
        try site.write("carousel.json", #"{"feed": "feed.json"}"#)
        let run = try BoundedRun(["build", "site"], in: site.root, limit: Self.limit)
        #expect(run.exited(0), "\(run.stderr)")
        let reason = path == "/redirect-to-file" ? "unsupported URL scheme 'file'" : "more than 5 redirects"
        #expect(run.stderr.contains("warning: cannot use image '\(server.url(path))': \(reason)"), "\(run.stderr)")
        #expect(try !site.files(under: "_site").values.contains { String(decoding: $0, as: UTF8.self).contains("root:") })
        #expect(try server.requestCount() <= 6)
    }

    /// `--jobs` past the number of images starts one task per image, not one per job (a loop to
    /// Int.max once hung here).
    @Test func hugeJobCountIsBoundedByTheImages() throws {
        let site = try ScratchSite()
        let run = try BoundedRun(["build", "site", "--no-resize", "--jobs", String(Int.max)], in: site.root, limit: Self.limit)
        #expect(run.exited(0), "\(run.stderr)")
        #expect(run.seconds < 30)
    }

    private func expectCacheHoldsNoPartialFile(_ site: ScratchSite) throws {
        let cache = site.site.appendingPathComponent(".cache")
        let temporary = (try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("tmp").path)) ?? []
        let blobs = (try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("blobs").path)) ?? []
        #expect(temporary.isEmpty, "\(temporary)")
        #expect(blobs.isEmpty, "\(blobs)")
    }
}
