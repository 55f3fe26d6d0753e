import Foundation
import Testing
@testable import CarouselSiteKit

@Suite struct SiteWriterTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("site-writer-\(UUID().uuidString)")
    var folder: URL { root.appendingPathComponent("out") }

    func output(_ files: [String: String]) -> SiteOutput {
        var output = SiteOutput()
        for (path, text) in files { output.add(path, text: text) }
        return output
    }

    func contents() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func writesFilesAndTheMarker() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try SiteWriter().write(output(["index.html": "<p>hi", "images/a.jpg": "jpeg"]), to: folder)
        #expect(try contents() == [".carousel-site", "images", "images/a.jpg", "index.html"])
        #expect(try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8) == "<p>hi")
    }

    @Test func replacesThePreviousOutputWithoutLeftovers() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try SiteWriter().write(output(["old.html": "old", "keep.html": "same"]), to: folder)
        try SiteWriter().write(output(["new.html": "new", "keep.html": "same"]), to: folder)
        #expect(try contents() == [".carousel-site", "keep.html", "new.html"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"], "no staging folder is left behind")
    }

    @Test func unchangedFilesKeepTheirModificationTime() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let file = folder.appendingPathComponent("keep.html")
        try SiteWriter().write(output(["keep.html": "same", "page.html": "v1"]), to: folder)
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
        try SiteWriter().write(output(["keep.html": "same", "page.html": "v2"]), to: folder)
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        #expect(modified == past)
    }

    /// A photo of the site's own, holding "original", beside the output folder.
    func sitePhoto() throws -> URL {
        let photo = root.appendingPathComponent("photo.jpg")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("original".utf8).write(to: photo)
        return photo
    }

    /// A site's own file is copied, not linked, so writing to the output (an image optimiser
    /// run over it in place, say) cannot change the original; the next build links its own copy.
    @Test func siteFilesAreCopiedNeverLinked() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let photo = try sitePhoto()
        var files = SiteOutput()
        files.add("images/photo.jpg", .copy(photo))
        try SiteWriter().write(files, to: folder)
        let published = folder.appendingPathComponent("images/photo.jpg")
        let handle = try FileHandle(forWritingTo: published)
        try handle.write(contentsOf: Data("OPTIMISED".utf8))
        try handle.close()
        #expect(try String(contentsOf: photo, encoding: .utf8) == "original")

        let firstCopy = FileIdentity(path: published.path)?.inode
        try SiteWriter().write(files, to: folder)
        #expect(FileIdentity(path: published.path)?.inode == firstCopy, "the previous copy is kept, not copied again")
        #expect(FileIdentity(path: published.path)?.inode != FileIdentity(path: photo.path)?.inode)
    }

    /// An output written when site files were still linked is repaired by the next build.
    @Test func aLinkToASiteFileIsReplacedByACopy() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let photo = try sitePhoto()
        var linked = SiteOutput()
        linked.add("images/photo.jpg", .file(photo))
        try SiteWriter().write(linked, to: folder)
        let published = folder.appendingPathComponent("images/photo.jpg")
        #expect(FileIdentity(path: published.path)?.inode == FileIdentity(path: photo.path)?.inode)
        var copied = SiteOutput()
        copied.add("images/photo.jpg", .copy(photo))
        try SiteWriter().write(copied, to: folder)
        #expect(FileIdentity(path: published.path)?.inode != FileIdentity(path: photo.path)?.inode)
        #expect(try String(contentsOf: published, encoding: .utf8) == "original")
    }

    @Test func refusesAFolderWithoutTheMarker() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        #expect(throws: Diagnostic.self) { try SiteWriter().write(output(["index.html": "x"]), to: folder) }
        #expect(try contents() == ["notes.txt"])
    }

    @Test(arguments: ["../escape.html", "/etc/passwd", "a/../../b", "a\\b", "a/./b", "", "a//b", "nul\0.html"])
    func refusesPathsOutsideTheOutput(path: String) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: Diagnostic.self) { try SiteWriter().write(output([path: "x"]), to: folder) }
        #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing is swapped in after a refused path")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("escape.html").path))
    }

    @Test func removesStagingFoldersOfDeadBuilds() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        // PID 2^22 + 1 is above Linux's pid_max, so no process can have it.
        let abandoned = root.appendingPathComponent(".out.staging-4194305-1")
        try FileManager.default.createDirectory(at: abandoned, withIntermediateDirectories: true)
        try SiteWriter().write(output(["index.html": "x"]), to: folder)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
    }
}
