import Foundation
import Testing

/// A site's templates/ folder overrides single files of the default theme, and errors in those
/// files point into them.
@Suite struct TemplateOverrideTests {
    @Test func overridingOnePartialKeepsTheRestOfTheTheme() throws {
        let scratch = try ScratchSite()
        try scratch.write("templates/partials/caption.mustache", "<p class=\"my-caption\">{{caption}}</p>")
        let run = try scratch.run(["build", "site"])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try scratch.read("_site/index.html")
        #expect(html.contains("<p class=\"my-caption\">Chelsea the cat</p>"))
        #expect(html.contains("aria-roledescription=\"carousel\""), "the rest of the default theme is still used")
    }

    @Test func overridingABlockOfTheLayout() throws {
        let scratch = try ScratchSite()
        try scratch.write("templates/page.mustache", "{{<layout}}{{$footer}}<footer>Photos: public domain</footer>{{/footer}}{{$main}}{{#show}}{{> carousel}}{{/show}}{{/main}}{{/layout}}")
        #expect(try scratch.run(["build", "site"]).status == 0)
        let html = try scratch.read("_site/index.html")
        #expect(html.contains("<footer>Photos: public domain</footer>"))
        #expect(html.contains("class=\"carousel-track\""))
    }

    @Test func syntaxErrorInAnOverridePointsIntoIt() throws {
        let scratch = try ScratchSite()
        try scratch.write("templates/partials/caption.mustache", "<p>\n  {{#caption}}{{caption}}\n</p>\n")
        let run = try scratch.run(["build", "site"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("templates/partials/caption.mustache:2:3: error: unclosed section 'caption'\n  {{#caption}}{{caption}}\n  ^\n"), "\(run.stderr)")
        #expect(!scratch.exists("_site"))
    }

    @Test func strictModeNamesAnUnknownVariable() throws {
        let scratch = try ScratchSite()
        try scratch.write("templates/partials/caption.mustache", "<p>{{captoin}}</p>")
        #expect(try scratch.run(["build", "site"]).status == 0, "without --strict an unknown name renders empty")
        let strict = try scratch.run(["build", "site", "--strict", "--output", "site/strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("templates/partials/caption.mustache:1:4: error:"), "\(strict.stderr)")
        #expect(strict.stderr.contains("'captoin'"))
    }

    @Test func checkReportsTemplateErrorsWithoutWriting() throws {
        let scratch = try ScratchSite()
        try scratch.write("templates/partials/caption.mustache", "{{/caption}}")
        let run = try scratch.run(["check", "site"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("templates/partials/caption.mustache:1:1: error:"), "\(run.stderr)")
        #expect(!scratch.exists("_site"))
        try scratch.write("templates/partials/caption.mustache", "{{caption}}")
        let fixed = try scratch.run(["check", "site"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(!scratch.exists("_site"))
    }

    @Test(arguments: [false, true])
    func defaultThemeNeedsNoValueTheModelLacks(multipleShows: Bool) throws {
        let scratch = try ScratchSite()
        if multipleShows {
            try scratch.write("carousel.json", #"{"shows": [{"feed": "photos/slides.json"}, {"feed": "photos/slides.plist", "id": "plist"}]}"#)
        }
        let run = try scratch.run(["build", "site", "--strict"])
        #expect(run.status == 0, "\(run.stderr)")
        let withBase = try scratch.run(["build", "site", "--strict", "--base-url", "https://example.org/", "--output", "site/based"])
        #expect(withBase.status == 0, "\(withBase.stderr)")
    }
}
