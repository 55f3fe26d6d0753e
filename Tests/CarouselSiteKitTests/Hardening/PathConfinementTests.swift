import Foundation
import Testing
@testable import CarouselSiteKit

/// A config or feed cannot make the tool read outside the site folder or write outside the
/// output folder, whatever path it names: through the real binary, with a real file outside the
/// site that each attack tries to reach.
@Suite struct PathConfinementTests {
    static let limit = 60.0
    /// A name longer than any file system allows (NAME_MAX is 255 bytes).
    static let longName = String(repeating: "a", count: 5_000)

    /// Paths a config's `feed` might name to reach `outside.json`, next to the site folder.
    static let feedPaths: [String] = [
        "../outside.json",
        "photos/../../outside.json",
        "ABSOLUTE/outside.json",
        #"photos\\..\\..\\outside.json"#,
        #"slides.json\u0000../outside.json"#,
        "link.json",
        longName + ".json",
    ]

    @Test(arguments: feedPaths)
    func feedPathCannotLeaveTheSite(_ path: String) throws {
        let site = try ScratchSite()
        let outside = site.root.appendingPathComponent("outside.json")
        try Data(#"[{"image": "https://example.com/a.jpg", "title": "outside"}]"#.utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: site.site.appendingPathComponent("link.json"), withDestinationURL: outside)
        let feed = path.replacingOccurrences(of: "ABSOLUTE", with: site.root.path)
        try site.write("carousel.json", #"{"feed": "\#(feed)"}"#)
        let run = try BoundedRun(["build", "site", "--offline"], in: site.root, limit: Self.limit)
        #expect(run.exited(1), "status \(String(describing: run.status)): \(run.stderr)")
        #expect(run.stderr.contains("site/carousel.json:1:"))
        #expect(!run.stderr.contains("outside\""))
        #expect(!site.exists("_site"))
    }

    /// Image references a local feed might make to reach `secret.jpg`, a real JPEG next to the
    /// site folder. Each is refused with a warning; the page is built from the one good slide.
    static let imagePaths: [String] = [
        "../secret.jpg",
        "photos/../../secret.jpg",
        "ABSOLUTE/secret.jpg",
        "file://ABSOLUTE/secret.jpg",
        #"photos\\..\\..\\secret.jpg"#,
        #"photos/0.jpg\u0000../../secret.jpg"#,
        "photos/link.jpg",
        "photos/" + longName + ".jpg",
    ]

    @Test func imageReferencesCannotLeaveTheSite() throws {
        let site = try ScratchSite()
        let secret = Data(TestImages.jpeg(width: 41, height: 29))
        try secret.write(to: site.root.appendingPathComponent("secret.jpg"))
        try FileManager.default.createSymbolicLink(
            at: site.site.appendingPathComponent("photos/link.jpg"), withDestinationURL: site.root.appendingPathComponent("secret.jpg"))
        let hostile = Self.imagePaths.map { path in
            #"{"image": "\#(path.replacingOccurrences(of: "ABSOLUTE", with: site.root.path))", "title": "hostile"}"#
        }
        try site.write("feed.json", "[\n" + (hostile + [#"{"image": "photos/0.jpg", "title": "good"}"#]).joined(separator: ",\n") + "\n]\n")
        try site.write("carousel.json", #"{"feed": "feed.json", "images": {"onMissing": "drop"}}"#)
        let run = try BoundedRun(["build", "site", "--offline"], in: site.root, limit: Self.limit)
        #expect(run.exited(0), "status \(String(describing: run.status)): \(run.stderr)")
        // One warning per hostile slide, located at its line of the feed.
        for line in 2...(Self.imagePaths.count + 1) {
            #expect(run.stderr.contains("site/feed.json:\(line):"), "no diagnostic for line \(line)")
        }
        let files = try site.files(under: "_site")
        #expect(!files.isEmpty)
        #expect(!files.values.contains(secret))
        #expect(try site.read("_site/index.html").contains("good"))
        #expect(try !site.read("_site/index.html").contains("hostile"))
    }

    @Test(arguments: ["../escape", "/ABSOLUTE", "", ".", "photos/../..", #"out\\..\\..\\escape"#, "_site\u{0000}x", longName])
    func configuredOutputStaysInTheSite(_ output: String) throws {
        let site = try ScratchSite()
        let escaped = output.replacingOccurrences(of: "\u{0000}", with: #"\u0000"#).replacingOccurrences(of: "ABSOLUTE", with: site.root.appendingPathComponent("escape").path)
        try site.write("carousel.json", #"{"feed": "photos/slides.json", "output": "\#(escaped)"}"#)
        let run = try BoundedRun(["build", "site"], in: site.root, limit: Self.limit)
        #expect(run.exited(1), "status \(String(describing: run.status)): \(run.stderr)")
        #expect(run.stderr.contains("error: 'output' must be a folder inside the site folder"))
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("escape").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path) == ["site"])
    }

    /// Remote image URLs full of path syntax still land in the cache under hash names only.
    @Test func cachedFileNamesComeFromHashes() throws {
        let server = try FaultServer()
        let site = try ScratchSite()
        let names = ["..%2F..%2Fescape", "a%5C..%5Cb", "x%00y", String(repeating: "n", count: 300)]
        let items = names.map { #"{"image": "\#(server.url("/png/\($0).png"))", "title": "remote"}"# }
        try site.write("feed.json", "[" + items.joined(separator: ",") + "]")
        try site.write("carousel.json", #"{"feed": "feed.json"}"#)
        let run = try BoundedRun(["build", "site"], in: site.root, limit: Self.limit)
        #expect(run.exited(0), "\(run.stderr)")
        let cache = site.site.appendingPathComponent(".cache")
        let blobs = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("blobs").path)
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("urls").path)
        #expect(blobs.count == names.count && entries.count == names.count)
        let hex = try Regex("^[0-9a-f]{64}$")
        #expect(blobs.allSatisfy { $0.wholeMatch(of: hex) != nil }, "\(blobs)")
        #expect(entries.allSatisfy { $0.hasSuffix(".json") && $0.dropLast(5).wholeMatch(of: hex) != nil }, "\(entries)")
        // Nothing else appeared anywhere: the site holds only what the test and the build made.
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path) == ["site"])
    }
}
