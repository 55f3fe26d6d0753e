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
