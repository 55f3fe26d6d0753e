import Foundation
import Testing
@testable import CarouselSiteKit

/// The generator's choice between the default and the windowed carousel, and the windowed
/// page's markup and slide data.
@Suite struct WindowedModeTests {
    func slides(_ count: Int, caption: (Int) -> String? = { "Caption \($0 + 1)" }) -> [PageSlide] {
        (0..<count).map { i in
            var slide = Slide(image: .local("photos/\(i).jpg"))
            slide.title = "Photo \(i + 1)"
            slide.caption = caption(i)
            return PageSlide(slide: slide, image: PageImage(src: "images/\(i).jpg", width: 1600, height: 900))
        }
    }

    func render(_ shows: [(ShowConfig, [PageSlide])]) throws -> SiteOutput {
        var output = SiteOutput()
        var site = SiteConfig()
        site.shows = shows.map(\.0)
        try PageRenderer(theme: .standard).render(site: site, shows: shows, into: &output)
        return output
    }

    func show(_ id: String, windowed: Bool? = nil) -> ShowConfig {
        var show = ShowConfig(id: id, title: id.capitalized, feed: .local("\(id).json"))
        show.options.windowed = windowed
        return show
    }

    func text(_ output: SiteOutput, _ path: String) -> String {
        guard case .bytes(let data) = output.files[path] else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The slide objects of the page's JSON block.
    func slideData(_ html: String) throws -> [[String: Any]] {
        let open = #"<script type="application/json" class="carousel-data">"#
        let start = try #require(html.range(of: open))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = Data(html[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
    }

    @Test func showsUpToTheThresholdKeepTheDefaultCarousel() throws {
        let output = try render([(show("index"), slides(WindowedMode.threshold))])
        let html = text(output, "index.html")
        #expect(html.contains("data-carousel=") && !html.contains("carousel-data"))
        #expect(!output.paths.contains { $0.hasPrefix("carousel-windowed.") }, "no windowed runtime ships when no show needs it")
    }

    @Test func longerShowsGetTheWindowedCarouselAndOnlyItsRuntime() throws {
        let count = WindowedMode.threshold + 1
        let output = try render([(show("index"), slides(count))])
        let html = text(output, "index.html")
        #expect(html.contains("data-carousel-windowed="))
        let script = try #require(output.paths.first { $0.hasPrefix("carousel-windowed.") && $0.hasSuffix(".js") })
        let style = try #require(output.paths.first { $0.hasPrefix("carousel-windowed.") && $0.hasSuffix(".css") })
        #expect(html.contains(#"<script src="\#(script)" defer>"#) && html.contains(#"href="\#(style)""#))
        #expect(!html.contains(#"<script src="carousel."#), "the default runtime is not loaded")
        #expect(!output.paths.contains { $0.hasPrefix("carousel.") && $0.hasSuffix(".js") }, "nor shipped, when no show uses it")
        #expect(html.components(separatedBy: #"class="carousel-slide""#).count - 1 == 2, "only the first two slides are markup")
        #expect(!html.contains(#"class="carousel-dot""#))
        #expect(html.contains(#"<span class="carousel-total">\#(PageContext.grouped(count, language: "en"))</span>"#))
        let data = try slideData(html)
        #expect(data.count == count)
        #expect(data[count - 1]["src"] as? String == "images/\(count - 1).jpg")
        #expect(data[0]["title"] as? String == "Photo 1" && data[0]["caption"] as? String == "Caption 1")
        #expect(data[0]["alt"] == nil, "a captioned image without a link has an empty alt, left out")
    }

    @Test func theCounterGroupsDigitsInThePageLanguage() {
        #expect(PageContext.grouped(4000, language: "en") == "4,000")
        #expect(PageContext.grouped(12, language: "en") == "12")
    }

    @Test func theShowOptionOverridesTheThreshold() throws {
        let output = try render([(show("short", windowed: true), slides(3)), (show("long", windowed: false), slides(WindowedMode.threshold + 5))])
        #expect(text(output, "short/index.html").contains("data-carousel-windowed="))
        #expect(text(output, "long/index.html").contains("data-carousel="))
        #expect(!text(output, "long/index.html").contains("carousel-windowed."))
    }

    /// The index of a multi-show site has no carousel, so it loads no runtime.
    @Test func theIndexPageLoadsNoScript() throws {
        let output = try render([(show("land"), slides(3)), (show("sea"), slides(4))])
        let index = text(output, "index.html")
        #expect(index.contains(#"class="show-card""#) && !index.contains("<script"))
        #expect(text(output, "land/index.html").contains(#"<script src="../carousel."#))
    }

    @Test func aFragmentOfALongShowIsWindowedToo() throws {
        var output = SiteOutput()
        var site = SiteConfig()
        let long = show("index")
        site.shows = [long]
        try PageRenderer(theme: .standard).render(site: site, shows: [(long, slides(WindowedMode.threshold + 1))], fragments: true, into: &output)
        let html = text(output, "fragment.html")
        #expect(html.contains("data-carousel-windowed=") && html.contains(#"<script src="carousel-windowed."#))
        #expect(html.contains(#"<link rel="stylesheet" href="carousel-windowed."#))
        #expect(try slideData(html).count == WindowedMode.threshold + 1)
    }

    @Test func aOneSlideWindowedShowHasNoControls() throws {
        let html = text(try render([(show("index", windowed: true), slides(1))]), "index.html")
        #expect(html.contains("data-carousel-windowed=") && !html.contains("carousel-counter") && !html.contains("carousel-next"))
        #expect(try slideData(html).count == 1)
    }

    @Test func pagesInFoldersReferenceImagesRelatively() throws {
        let output = try render([(show("a", windowed: true), slides(3)), (show("b"), slides(2))])
        let data = try slideData(text(output, "a/index.html"))
        #expect(data[1]["src"] as? String == "../images/1.jpg")
    }

    @Test(arguments: ["</script><script>alert(1)</script>", "<!-- <script>", "a & b > c", "line\nbreak \u{2028} \"quoted\" \\ tab\t", "\u{1}\u{1F}"])
    func slideTextCannotEscapeTheDataBlock(caption: String) throws {
        let output = try render([(show("index", windowed: true), slides(3) { $0 == 1 ? caption : nil })])
        let html = text(output, "index.html")
        let start = try #require(html.range(of: #"class="carousel-data">"#))
        let block = html[start.upperBound...].prefix { $0 != "\u{0}" }
        let end = try #require(block.range(of: "</script>"))
        #expect(!block[..<end.lowerBound].contains("<"), "no '<' inside the block")
        let data = try slideData(html)
        #expect(data[1]["caption"] as? String == caption)
        #expect(data[0]["caption"] == nil)
    }

    @Test func altTextFollowsTheDefaultCarouselsRule() throws {
        var pageSlides = slides(3)
        pageSlides[0].slide.title = nil
        pageSlides[0].slide.caption = nil
        pageSlides[1].slide.alt = "A described image"
        pageSlides[2].slide.link = "https://example.org/"
        let data = try slideData(text(try render([(show("index", windowed: true), pageSlides)]), "index.html"))
        #expect(data[0]["alt"] as? String == "Image 1 of 3", "no text at all: the position")
        #expect(data[1]["alt"] as? String == "A described image")
        #expect(data[2]["alt"] as? String == "Photo 3", "a link's only content names the link")
    }

    @Test func theConfigTurnsWindowingOnAndOff() throws {
        let log = DiagnosticLog()
        let config = try ConfigLoader().load(SourceText(name: "carousel.json", data: Data(#"{"feed": "a.json", "windowed": true}"#.utf8)), log: log)
        #expect(config.shows.first?.options.windowed == true)
        let unset = try ConfigLoader().load(SourceText(name: "carousel.json", data: Data(#"{"feed": "a.json"}"#.utf8)), log: log)
        #expect(unset.shows.first?.options.windowed == nil)
    }
}
