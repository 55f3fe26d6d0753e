import Foundation
import Testing
@testable import CarouselSiteKit

@Suite struct ConfigLoaderTests {
    func load(_ text: String) throws(DiagnosticError) -> (SiteConfig, [Diagnostic]) {
        let log = DiagnosticLog()
        let config = try ConfigLoader().load(SourceText(name: "carousel.json", text: text), log: log)
        return (config, log.diagnostics)
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try load(text)
            return []
        } catch {
            return error.diagnostics.map { "\($0.location!): \($0.message)" }
        }
    }

    @Test func emptyObjectIsAllDefaults() throws {
        let (config, diagnostics) = try load("{}")
        #expect(config == SiteConfig())
        #expect(diagnostics.isEmpty)
    }

    @Test func topLevelFeedMakesOneShowWithTopLevelOptions() throws {
        let (config, _) = try load(#"{"title": "Trip", "feed": "slides.json", "interval": 3000, "autoplay": false, "theme": {"aspectRatio": "4/3", "objectFit": "contain"}}"#)
        let show = try #require(config.shows.first)
        #expect(config.shows.count == 1)
        #expect(show.id == "index" && show.title == "Trip" && show.feed == .local("slides.json"))
        #expect(show.options.interval == 3000 && !show.options.autoplay)
        #expect(show.options.aspectRatio == "4 / 3" && show.options.objectFit == .contain)
    }

    @Test func showsInheritTopLevelOptions() throws {
        let (config, _) = try load(#"{"interval": 2000, "shows": [{"feed": "a.json", "id": "alps"}, {"feed": "https://example.com/feed.xml", "interval": 9000}]}"#)
        #expect(config.shows.map(\.id) == ["alps", "show-2"])
        #expect(config.shows.map(\.options.interval) == [2000, 9000])
        #expect(config.shows[1].feed == .remote(URL(string: "https://example.com/feed.xml")!))
    }

    @Test func maxSlidesIsAShowKeyWithTheFeedReadersDefault() throws {
        let (config, _) = try load(#"{"maxSlides": 50000, "shows": [{"feed": "a.json"}, {"feed": "b.json", "maxSlides": 20}]}"#)
        #expect(config.shows.map(\.maxSlides) == [50000, 20])
        #expect(try load(#"{"feed": "a.json"}"#).0.shows[0].maxSlides == FeedReader.defaultMaximumItems)
    }

    @Test func unknownKeysAreWarningsWithSuggestions() throws {
        let (_, diagnostics) = try load("{\n  \"intreval\": 3000\n}")
        #expect(diagnostics == [
            .warning("unknown key 'intreval' in the config is ignored", at: SourceLocation(file: "carousel.json", line: 2, column: 3, lineText: "  \"intreval\": 3000"), notes: ["did you mean 'interval'?"])
        ])
    }

    @Test(arguments: [
        (#"{"interval": "fast"}"#, "carousel.json:1:14: expected a whole number, found a string"),
        (#"{"interval": 10}"#, "carousel.json:1:14: 'interval' must be at least 100 milliseconds"),
        (#"{"interval": 3000000000}"#, "carousel.json:1:14: 'interval' must be at most 2147483647 milliseconds (what browsers' timers hold)"),
        (#"{"autoplay": "yes"}"#, "carousel.json:1:14: expected true or false, found a string"),
        (#"{"theme": {"objectFit": "fill"}}"#, "carousel.json:1:25: expected 'cover' or 'contain', found 'fill'"),
        (#"{"theme": {"dotColor": "red;}body{display:none"}}"#, "carousel.json:1:24: 'red;}body{display:none' is not a CSS colour like '#ff8800' or 'rgba(0, 0, 0, 0.5)'"),
        (#"{"baseURL": "example.com"}"#, "carousel.json:1:13: 'baseURL' must be an absolute http or https URL"),
        (#"{"feed": "ftp://example.com/a.xml"}"#, "carousel.json:1:10: feed URLs must use http or https, found 'ftp:'"),
        (#"{"shows": [{"title": "x"}]}"#, "carousel.json:1:12: a show needs a 'feed'"),
        (#"{"shows": [{"feed": "a", "id": "x"}, {"feed": "b", "id": "x"}]}"#, "carousel.json:1:38: two shows have the id 'x'"),
        (#"{"id": "Not OK"}"#, "carousel.json:1:8: 'id' must be lowercase letters, digits and '-', like 'summer-2024'"),
        (#"[]"#, "carousel.json:1:1: the config must be an object, found an array"),
        // Past Int's range: once a crash in the conversion, found by the config fuzz target.
        (#"{"images": {"maxPixels": 40033333333333333333333333333330000}}"#, "carousel.json:1:26: expected a positive whole number below 2^53, found 40033333333333333333333333333330000"),
        (#"{"images": {"maxDownloadBytes": 1.5}}"#, "carousel.json:1:33: expected a positive whole number below 2^53, found 1.5"),
        (#"{"images": {"timeout": 1e300}}"#, "carousel.json:1:24: 'timeout' must be at most 86400 seconds (a day)"),
        (#"{"maxSlides": 0}"#, "carousel.json:1:15: expected a positive whole number below 2^53, found 0"),
        (#"{"images": {"maxDownloadBytes": -1}}"#, "carousel.json:1:33: expected a positive whole number below 2^53, found -1"),
    ])
    func invalidValuesAreLocatedErrors(text: String, expected: String) {
        #expect(errors(text) == [expected])
    }

    @Test func reportsEveryErrorAtOnce() {
        #expect(errors(#"{"interval": true, "autoplay": 1}"#).count == 2)
    }
}

/// The config stage states its image defaults itself (it is compiled alone into a fuzz target);
/// they must stay those of the stages that use them.
@Suite struct ConfigDefaultsTests {
    @Test func imageDefaultsMatchTheImageStages() {
        let settings = ImageSettings()
        #expect(settings.maxDownloadBytes == ImageStoreOptions().maxDownloadBytes)
        #expect(settings.cacheTTL == ImageStoreOptions().cacheTTL)
        #expect(settings.widths == DerivativeOptions().widths)
        #expect(settings.webpQuality == DerivativeOptions().webpQuality)
        #expect(settings.jpegQuality == DerivativeOptions().jpegQuality)
        #expect(settings.avif == DerivativeOptions().avif)
    }
}
