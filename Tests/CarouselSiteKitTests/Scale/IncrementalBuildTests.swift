import Foundation
import Testing
@testable import CarouselSiteKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Rebuilds rewrite only what changed: an output file that is not rewritten keeps its inode
/// (it is a hard link to the previous build's file) and its modification time.
@Suite struct IncrementalBuildTests {
    /// A site with two shows sharing one of their three images.
    func twoShowSite() throws -> TemporaryFolder {
        let site = try TemporaryFolder()
        try site.write("carousel.json", Array("""
            {"title": "Two", "shows": [
              {"id": "land", "title": "Land", "feed": "land.json"},
              {"id": "sea", "title": "Sea", "feed": "sea.json"}
            ]}
            """.utf8))
        try site.write("photos/a.png", TestImages.png(width: 4, height: 3))
        try site.write("photos/b.png", TestImages.png(width: 6, height: 3))
        try site.write("photos/c.png", TestImages.png(width: 8, height: 3))
        try site.write("land.json", Array(#"[{"image": "photos/a.png", "caption": "Hills"}, {"image": "photos/b.png", "caption": "Fields"}]"#.utf8))
        try site.write("sea.json", Array(#"[{"image": "photos/b.png", "caption": "Waves"}, {"image": "photos/c.png", "caption": "Shore"}]"#.utf8))
        return site
    }

    func build(_ site: TemporaryFolder) async throws {
        var options = BuildOptions()
        options.quiet = true
        try await SiteBuilder(siteFolder: site.url, options: options).build()
    }

    /// Every file of the output (hidden ones included) with its inode and modification time.
    func snapshot(_ site: TemporaryFolder) throws -> [String: [Int64]] {
        let output = site.file("_site").path
        var files: [String: [Int64]] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: output) {
            var info = stat()
            guard stat(output + "/" + path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            #if os(Linux)
                let modified = [Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)]
            #else
                let modified = [Int64(info.st_mtimespec.tv_sec), Int64(info.st_mtimespec.tv_nsec)]
            #endif
            files[path] = [Int64(info.st_ino)] + modified
        }
        return files
    }

    /// The local image index's entry for the site image named `name` (its entry holds the path).
    func indexEntry(_ site: TemporaryFolder, for name: String) throws -> URL? {
        let folder = site.file(".cache/local")
        let entries = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return try entries.first { try String(contentsOf: $0, encoding: .utf8).contains(name) }
    }

    @Test func aRebuildWithNothingChangedRewritesNoFile() async throws {
        let site = try twoShowSite()
        try await build(site)
        let before = try snapshot(site)
        #expect(before.keys.contains(".carousel-site") && before.keys.contains("sea/index.html"))
        try await build(site)
        #expect(try snapshot(site) == before)
    }

    @Test func aChangedCaptionRewritesOnlyItsShowsPage() async throws {
        let site = try twoShowSite()
        try await build(site)
        let before = try snapshot(site)
        try site.write("sea.json", Array(#"[{"image": "photos/b.png", "caption": "Waves"}, {"image": "photos/c.png", "caption": "Rocky shore"}]"#.utf8))
        try await build(site)
        let after = try snapshot(site)
        #expect(Set(after.keys) == Set(before.keys))
        let rewritten = after.keys.filter { after[$0] != before[$0] }
        #expect(rewritten == ["sea/index.html"])
        #expect(try String(contentsOf: site.file("_site/sea/index.html"), encoding: .utf8).contains("Rocky shore"))
    }

    /// How an image gets replaced: written in place (new modification time), or saved as a new
    /// file renamed over the old one with the old modification time put back (new inode).
    enum Replacement: CaseIterable { case inPlace, renamedOverWithOldTime }

    @Test(arguments: Replacement.allCases)
    func aReplacedImageIsReadAgainDespiteTheIndex(_ replacement: Replacement) async throws {
        let site = try twoShowSite()
        let image = site.file("photos/a.png")
        // An old modification time, so the index remembers the image (recent files it does not).
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: image.path)
        try await build(site)
        #expect(try indexEntry(site, for: "a.png") != nil)
        // The same number of bytes, other pixel dimensions: only a re-read notices.
        let replacementBytes = Data(TestImages.png(width: 5, height: 3))
        #expect(replacementBytes.count == (try Data(contentsOf: image)).count)
        switch replacement {
        case .inPlace:
            try replacementBytes.write(to: image)
        case .renamedOverWithOldTime:
            try replacementBytes.write(to: image, options: .atomic)
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: image.path)
        }
        try await build(site)
        let page = try String(contentsOf: site.file("_site/land/index.html"), encoding: .utf8)
        #expect(page.contains(#"width="5" height="3""#))
        #expect(!page.contains(#"width="4" height="3""#))
    }

    @Test func aRebuildTakesUnchangedImagesFromTheIndexWithoutReadingThem() async throws {
        let site = try twoShowSite()
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: site.file("photos/a.png").path)
        try await build(site)
        // Linking the image into the output changed its status-change time; a second build must
        // still find it in the index. The index is doctored to say 7 px wide: only an image
        // taken from the index, not read, appears that wide.
        try await build(site)
        let entry = try #require(try indexEntry(site, for: "a.png"))
        let doctored = try String(contentsOf: entry, encoding: .utf8).replacingOccurrences(of: #""width":4"#, with: #""width":7"#)
        #expect(doctored.contains(#""width":7"#))
        try Data(doctored.utf8).write(to: entry)
        try await build(site)
        #expect(try String(contentsOf: site.file("_site/land/index.html"), encoding: .utf8).contains(#"width="7" height="3""#))
    }
}
