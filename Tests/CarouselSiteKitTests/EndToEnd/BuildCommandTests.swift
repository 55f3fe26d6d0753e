import Foundation
import Testing

/// The built binary on the example site and on broken copies of it: exit status, what it
/// prints, and what it leaves on disk.
@Suite struct BuildCommandTests {
    static let captions = [
        "Astronaut Eileen Collins, first woman to pilot a Space Shuttle",
        "A SpaceX Falcon 9 rocket on the launch pad",
        "A cup of coffee at Pikolo Espresso Bar",
        "Chelsea the cat",
        "The Hubble eXtreme Deep Field",
        "A photographer with a camera on a tripod",
    ]

    @Test func buildsTheExampleSite() throws {
        let scratch = try ScratchSite()
        let run = try scratch.run(["build", "site"])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try scratch.files(under: "_site")
        #expect(files.keys.contains("index.html"))
        #expect(files.keys.contains(".carousel-site"))
        #expect(files.keys.filter { $0.hasPrefix("carousel.") && $0.hasSuffix(".js") }.count == 1)
        #expect(files.keys.filter { $0.hasPrefix("carousel.") && $0.hasSuffix(".css") }.count == 1)
        #expect(files.keys.filter { $0.hasPrefix("images/") && $0.hasSuffix(".jpg") }.count == 6)
        let html = try scratch.read("_site/index.html")
        let positions = Self.captions.map { html.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "every caption is on the page")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "slides keep the feed's order")
        #expect(run.stderr.contains("[5/5] Writing site/_site"))
    }

    @Test func plistAndJSONFeedsBuildTheSamePage() throws {
        let scratch = try ScratchSite()
        #expect(try scratch.run(["build", "site"]).status == 0)
        let json = try scratch.run(["build", "site", "--feed", "site/photos/slides.json", "--output", "site/json-build"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try scratch.files(under: "_site") == scratch.files(under: "json-build"))
    }

    @Test func buildsAreReproducible() throws {
        let scratch = try ScratchSite()
        #expect(try scratch.run(["build", "site"]).status == 0)
        let first = try scratch.files(under: "_site")
        #expect(try scratch.run(["build", "site", "--output", "site/again"]).status == 0)
        #expect(try scratch.files(under: "again") == first)
    }

    @Test func malformedConfigPointsAtTheMistakeAndWritesNothing() throws {
        let scratch = try ScratchSite()
        try scratch.write("carousel.json", "{\n  \"feed\": \"photos/slides.plist\",\n  \"interval\": 4000,\n}\n")
        let run = try scratch.run(["build", "site"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("site/carousel.json:3:19: error: trailing comma before '}'\n  \"interval\": 4000,\n                  ^\n"), "\(run.stderr)")
        #expect(!scratch.exists("_site"))
    }

    @Test func failedBuildLeavesThePreviousOutputIntact() throws {
        let scratch = try ScratchSite()
        #expect(try scratch.run(["build", "site"]).status == 0)
        let before = try scratch.files(under: "_site")
        try scratch.write("carousel.json", #"{"feed": "photos/missing.json"}"#)
        let run = try scratch.run(["build", "site"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: cannot read the feed 'photos/missing.json': no such file"), "\(run.stderr)")
        #expect(try scratch.files(under: "_site") == before)
    }

    @Test func missingImageIsAWarningWithAPlaceholderAndAnErrorWhenStrict() throws {
        let scratch = try ScratchSite()
        try scratch.write("photos/slides.json", #"[{"image": "0.jpg", "title": "Here"}, {"image": "gone.jpg", "title": "Gone"}]"#)
        let run = try scratch.run(["build", "site", "--feed", "site/photos/slides.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning:"))
        #expect(run.stderr.contains("gone.jpg"))
        #expect(try scratch.read("_site/index.html").contains("Gone"))
        let strict = try scratch.run(["build", "site", "--feed", "site/photos/slides.json", "--strict", "--output", "site/strict"])
        #expect(strict.status == 1)
        #expect(!scratch.exists("strict"))
    }

    @Test func refusesToReplaceAFolderItDidNotCreate() throws {
        let scratch = try ScratchSite()
        try scratch.write("precious/notes.txt", "keep me")
        let run = try scratch.run(["build", "site", "--output", "site/precious"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("refusing to replace"), "\(run.stderr)")
        #expect(try scratch.read("precious/notes.txt") == "keep me")
    }

    @Test func missingSiteFolderSuggestsInit() throws {
        let scratch = try ScratchSite()
        let run = try scratch.run(["build", "nowhere"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: the site folder 'nowhere' does not exist"), "\(run.stderr)")
    }

    @Test func altTextIsNeverRedundantAndNeverMissing() throws {
        let scratch = try ScratchSite()
        try scratch.write("photos/slides.json", """
            [{"image": "0.jpg", "caption": "Shown as caption"},
             {"image": "1.jpg", "alt": "A rocket", "caption": "Liftoff"},
             {"image": "2.jpg", "caption": "Linked", "link": "https://example.org/"},
             {"image": "3.jpg"}]
            """)
        #expect(try scratch.run(["build", "site", "--feed", "site/photos/slides.json"]).status == 0)
        let html = try scratch.read("_site/index.html")
        let alts = html.components(separatedBy: " alt=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        // Four real slides, then the clones of the first and the last.
        #expect(alts == ["", "A rocket", "Linked", "Image 4 of 4", "", "Image 4 of 4"])
    }
}

@Suite struct CommandLineTests {
    @Test func versionAndHelp() throws {
        let scratch = try ScratchSite()
        let version = try scratch.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
        let help = try scratch.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("SUBCOMMANDS:") && help.stdout.contains("build"))
        let buildHelp = try scratch.run(["build", "--help"])
        #expect(buildHelp.status == 0 && buildHelp.stdout.contains("--output <directory>") && buildHelp.stdout.contains("EXAMPLES:"))
    }

    @Test(arguments: [
        (["biuld"], "error: unknown command 'biuld'; did you mean 'build'?"),
        (["build", "--frobnicate"], "error: unknown option '--frobnicate'"),
        (["build", "--output"], "error: missing value for '--output'"),
    ])
    func usageErrorsExitWith64AndAHint(arguments: [String], message: String) throws {
        let scratch = try ScratchSite()
        let run = try scratch.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix(message + "\nusage: carousel-site"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
