import Foundation
import Testing
@testable import CarouselSiteKit

/// Local images on a real disk: probed in place, confined to the site folder.
struct LocalImageTests {
    let root: TemporaryFolder
    let site: URL

    init() throws {
        root = try TemporaryFolder()
        site = root.file("site")
        try root.write("site/photos/a.jpg", TestImages.jpeg(width: 40, height: 30, orientation: 6))
        try root.write("secret.png", TestImages.png())
        try root.write("site/notes.txt", Array("hello".utf8))
    }

    /// Fetches local paths; `clockOffset` moves the store's clock, to put files outside the
    /// index's racy window.
    func fetch(_ paths: [String], clockOffset: TimeInterval = 0) async -> ([ImageSource: StoredImage], [String]) {
        let store = ImageStore(siteFolder: site, cacheFolder: site.appendingPathComponent(".cache"), options: ImageStoreOptions(),
                               progress: ProgressReporter(style: .quiet),
                               client: HTTPClient(get: { _ in throw HTTPFailure.network("no network in this test") }),
                               now: { Date() + clockOffset })
        let log = DiagnosticLog()
        let result = await store.fetch(paths.map(ImageSource.local), log: log)
        return (result, log.diagnostics.map(\.message))
    }

    @Test func probesLocalFilesInPlace() async throws {
        let (result, warnings) = await fetch(["photos/a.jpg"])
        let stored = try #require(result[.local("photos/a.jpg")])
        let bytes = TestImages.jpeg(width: 40, height: 30, orientation: 6)
        #expect(stored.file.resolvingSymlinksInPath().path == site.appendingPathComponent("photos/a.jpg").resolvingSymlinksInPath().path)
        #expect(stored.contentHash == SHA256.hex(of: bytes))
        #expect(stored.info == ImageInfo(format: .jpeg, width: 40, height: 30, orientation: 6))
        #expect(stored.byteCount == bytes.count)
        #expect(warnings.isEmpty)
        // Nothing is copied into the cache for local images.
        let blobs = (try? FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent(".cache/blobs").path)) ?? []
        #expect(blobs.isEmpty)
    }

    @Test(arguments: [
        ("../secret.png", "cannot use image '../secret.png': the path leads outside the site folder"),
        ("photos/../../secret.png", "cannot use image 'photos/../../secret.png': the path leads outside the site folder"),
        ("/etc/passwd", "cannot use image '/etc/passwd': absolute paths are not allowed (expected a path relative to the site folder)"),
        ("photos/missing.jpg", "cannot use image 'photos/missing.jpg': no such file"),
        ("notes.txt", "cannot use image 'notes.txt': not an image (looks like text)"),
    ])
    func rejectsWithAWarning(path: String, warning: String) async {
        let (result, warnings) = await fetch([path])
        #expect(result.isEmpty)
        #expect(warnings == [warning])
    }

    @Test func followsLinksOnlyWhileTheyStayInside() async throws {
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("escape.png").path, withDestinationPath: "../secret.png")
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("outside").path, withDestinationPath: root.url.path)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("alias.jpg").path, withDestinationPath: "photos/a.jpg")
        let (result, warnings) = await fetch(["escape.png", "outside/secret.png", "alias.jpg"])
        #expect(result.keys.map(\.description) == ["alias.jpg"])
        #expect(warnings == [
            "cannot use image 'escape.png': the path leads outside the site folder",
            "cannot use image 'outside/secret.png': the path leads outside the site folder",
        ])
    }

    @Test func mixesLocalAndRemoteSources() async throws {
        let http = RecordingHTTPClient { request in RecordingHTTPClient.ok(TestImages.gif(), for: request) }
        let store = ImageStore(siteFolder: site, cacheFolder: site.appendingPathComponent(".cache"), options: ImageStoreOptions(),
                               progress: ProgressReporter(style: .quiet), client: http.client, now: { Date() })
        let remote = ImageSource.remote(URL(string: "https://images.example/b.gif")!)
        let result = await store.fetch([.local("photos/a.jpg"), remote, .local("photos/a.jpg")], log: DiagnosticLog())
        #expect(result[.local("photos/a.jpg")]?.info.format == .jpeg)
        #expect(result[remote]?.info.format == .gif)
        #expect(http.requests.count == 1)
    }

    @Test func remembersUnchangedFilesAndNoticesChangedOnes() async throws {
        let index = site.appendingPathComponent(".cache/local")
        let hour: TimeInterval = 3600
        // A clock earlier than the file's times puts it inside the racy window: not indexed.
        _ = await fetch(["photos/a.jpg"], clockOffset: -hour)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: index.path)) ?? []).isEmpty)
        // An hour later the file is safely old: indexed.
        _ = await fetch(["photos/a.jpg"], clockOffset: hour)
        let entryFile = try #require(FileManager.default.contentsOfDirectory(at: index, includingPropertiesForKeys: nil).first)
        // The index is trusted while the file is unchanged: a planted hash comes back...
        let planted = String(repeating: "0", count: 64)
        let original = try String(contentsOf: entryFile, encoding: .utf8)
        let realHash = SHA256.hex(of: TestImages.jpeg(width: 40, height: 30, orientation: 6))
        try original.replacingOccurrences(of: realHash, with: planted).write(to: entryFile, atomically: true, encoding: .utf8)
        #expect(await fetch(["photos/a.jpg"], clockOffset: hour).0[.local("photos/a.jpg")]?.contentHash == planted)
        // ...and ignored once the file changes, even to the same size.
        let changed = TestImages.jpeg(width: 41, height: 30, orientation: 6)
        try root.write("site/photos/a.jpg", changed)
        let fresh = await fetch(["photos/a.jpg"], clockOffset: hour).0[.local("photos/a.jpg")]
        #expect(fresh?.contentHash == SHA256.hex(of: changed))
        #expect(fresh?.info.width == 41)
        // A damaged entry counts as absent.
        try Data("{\"path\":".utf8).write(to: entryFile)
        #expect(await fetch(["photos/a.jpg"], clockOffset: hour).0[.local("photos/a.jpg")]?.contentHash == SHA256.hex(of: changed))
    }
}
