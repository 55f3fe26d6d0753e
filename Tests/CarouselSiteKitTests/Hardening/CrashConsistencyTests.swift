import Foundation
import Testing
@testable import CarouselSiteKit

/// Builds killed with SIGKILL at random moments — while images download from a slow loopback
/// server, while pages are written, while the output is swapped — leave the published site
/// either exactly as it was or exactly the new one, never a mixture, and the cache without a
/// partial file; the next build succeeds.
@Suite struct CrashConsistencyTests {
    /// Kills per run: enough to land in every stage several times, few enough for seconds.
    static let kills = 20
    static let limit = 60.0

    @Test func killedBuildsNeverDamageTheSiteOrTheCache() throws {
        // 50 ms per request, so downloads take a noticeable part of each build.
        let server = try FaultServer(arguments: ["--latency-ms", "50"])
        let site = try ScratchSite()
        // The published site: built from the local photos only.
        try site.write("carousel.json", #"{"feed": "photos/slides.json"}"#)
        #expect(try BoundedRun(["build", "site", "--no-resize"], in: site.root, limit: Self.limit).exited(0))
        let published = try site.files(under: "_site")

        // The new site: the same photos and twelve remote images, downloaded again by every build.
        let remote = (0..<12).map { #"{"image": "\#(server.url("/png/crash-\($0).png"))", "title": "remote \#($0)"}"# }
        try site.write("feed.json", "[" + (remote + [#"{"image": "photos/0.jpg", "title": "local"}"#]).joined(separator: ",") + "]")
        try site.write("carousel.json", #"{"feed": "feed.json"}"#)
        let measured = try BoundedRun(["build", "site", "--no-resize", "--refresh", "--output", site.root.appendingPathComponent("reference").path], in: site.root, limit: Self.limit)
        #expect(measured.exited(0), "\(measured.stderr)")
        let reference = try site.files(under: "../reference")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("reference"))
        #expect(reference != published)

        // Builds run without resizing: a first build's resizing would make `measured` far longer
        // than the later builds, which find the resized copies cached, and most kills would land
        // after they had finished.
        var generator = SystemRandomNumberGenerator()
        var killedMidway = 0
        for _ in 0..<Self.kills {
            // Anywhere from the start to a little past a whole build's duration.
            let moment = Double.random(in: 0...(measured.seconds * 1.1), using: &generator)
            let run = try BoundedRun(["build", "site", "--no-resize", "--refresh", "--quiet"], in: site.root, limit: Self.limit, killAfter: moment)
            #expect(!run.timedOut)
            if run.signal == SIGKILL { killedMidway += 1 } else { #expect(run.status == 0, "\(run.stderr)") }
            let current = try site.files(under: "_site")
            #expect(current == published || current == reference, "the published site is a mixture after a kill at \(moment) s")
            try expectCompleteCache(site)
        }
        // A test whose kills all came too late would prove nothing.
        #expect(killedMidway >= Self.kills / 2, "only \(killedMidway) of \(Self.kills) kills landed during a build")

        let final = try BoundedRun(["build", "site", "--no-resize", "--refresh"], in: site.root, limit: Self.limit)
        #expect(final.exited(0), "\(final.stderr)")
        #expect(try site.files(under: "_site") == reference)
        let temporary = try FileManager.default.contentsOfDirectory(atPath: site.site.appendingPathComponent(".cache/tmp").path)
        #expect(temporary.isEmpty, "abandoned temporary files stay: \(temporary)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.site.path).filter { $0.contains("staging") }
        #expect(leftovers.isEmpty, "abandoned staging folders stay: \(leftovers)")
    }

    /// Every blob holds exactly the bytes its name is the hash of, and every entry is whole JSON:
    /// temporary files may be cut short, but nothing under a final name ever is.
    private func expectCompleteCache(_ site: ScratchSite) throws {
        let cache = site.site.appendingPathComponent(".cache")
        let blobs = cache.appendingPathComponent("blobs"), entries = cache.appendingPathComponent("urls")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: blobs.path)) ?? [] {
            let bytes = try Data(contentsOf: blobs.appendingPathComponent(name))
            #expect(SHA256.hex(of: bytes) == name, "blob \(name) is not whole")
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: entries.path)) ?? [] {
            let data = try Data(contentsOf: entries.appendingPathComponent(name))
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "entry \(name) is not whole")
        }
    }
}
