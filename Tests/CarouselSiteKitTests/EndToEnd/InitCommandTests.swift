import Foundation
import Testing

@Suite struct InitCommandTests {
    @Test(arguments: ["json", "plist", "rss"])
    func scaffoldedSiteBuildsAsItIs(format: String) throws {
        let scratch = try ScratchSite()
        let created = try scratch.run(["init", "fresh", "--feed-format", format, "--title", "Holiday"])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("carousel-site build fresh"))
        let built = try scratch.run(["build", "fresh"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(!built.stderr.contains("warning:"), "\(built.stderr)")
        let html = try String(contentsOf: scratch.root.appendingPathComponent("fresh/_site/index.html"), encoding: .utf8)
        #expect(html.contains("Holiday"))
        #expect(html.contains("Captions and links come from the feed"))
        let ignore = try String(contentsOf: scratch.root.appendingPathComponent("fresh/.gitignore"), encoding: .utf8)
        #expect(ignore.contains("_site/") && ignore.contains(".cache/"))
    }

    @Test func refusesToOverwriteAndListsTheFiles() throws {
        let scratch = try ScratchSite()
        try scratch.write("../mine/carousel.json", "{\"title\": \"Mine\"}")
        let run = try scratch.run(["init", "mine"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("note: exists: carousel.json"), "\(run.stderr)")
        #expect(run.stderr.contains("--force"))
        #expect(try String(contentsOf: scratch.root.appendingPathComponent("mine/carousel.json"), encoding: .utf8) == "{\"title\": \"Mine\"}")
        #expect(try scratch.run(["init", "mine", "--force"]).status == 0)
    }

    @Test func fromFolderListsPhotosInNaturalOrderWithCaptionsFromNames() throws {
        let scratch = try ScratchSite()
        let photos = scratch.root.appendingPathComponent("camera-roll")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let jpeg = try Data(contentsOf: scratch.site.appendingPathComponent("photos/3.jpg"))
        for name in ["10-harbour_at_dusk.jpg", "2-old-town.jpg", "notes.txt"] {
            try jpeg.write(to: photos.appendingPathComponent(name))
        }
        let run = try scratch.run(["init", "trip", "--from-folder", "camera-roll"])
        #expect(run.status == 0, "\(run.stderr)")
        let feed = try String(contentsOf: scratch.root.appendingPathComponent("trip/slides.json"), encoding: .utf8)
        #expect(feed == """
            [
              {"image": "images/2-old-town.jpg", "title": "2 old town"},
              {"image": "images/10-harbour_at_dusk.jpg", "title": "10 harbour at dusk"}
            ]

            """)
        #expect(try scratch.run(["build", "trip"]).status == 0)
    }

    @Test func themeOptionCopiesTheDefaultTemplates() throws {
        let scratch = try ScratchSite()
        #expect(try scratch.run(["init", "themed", "--theme"]).status == 0)
        let templates = scratch.root.appendingPathComponent("themed/templates")
        #expect(FileManager.default.fileExists(atPath: templates.appendingPathComponent("page.mustache").path))
        #expect(FileManager.default.fileExists(atPath: templates.appendingPathComponent("carousel.js").path))
        #expect(try scratch.run(["build", "themed"]).status == 0)
    }
}

@Suite struct CompletionsCommandTests {
    @Test func bashScriptIsValidAndCompletesCommands() throws {
        let scratch = try ScratchSite()
        let run = try scratch.run(["completions", "bash"])
        #expect(run.status == 0)
        let script = scratch.root.appendingPathComponent("completion.bash")
        try Data(run.stdout.utf8).write(to: script)
        // Source the script, then ask it what completes "carousel-site bu" and "build --out".
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/bin/bash")
        check.arguments = ["-c", """
            set -e; bash -n '\(script.path)'; source '\(script.path)'
            COMP_WORDS=(carousel-site bu); COMP_CWORD=1; _carousel_site; echo "${COMPREPLY[*]}"
            COMP_WORDS=(carousel-site build --out); COMP_CWORD=2; _carousel_site; echo "${COMPREPLY[*]}"
            """]
        let pipe = Pipe()
        check.standardOutput = pipe
        try check.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(check.terminationStatus == 0)
        #expect(output == "build\n--output\n")
    }

    @Test func unknownShellIsAUsageError() throws {
        let scratch = try ScratchSite()
        #expect(try scratch.run(["completions", "powershell"]).status == 64)
    }
}
