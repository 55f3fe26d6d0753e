import Foundation
import Testing
@testable import CarouselSiteKit

/// The JSON shapes people publish, read from the project's fixtures.
@Suite struct JSONFeedShapeTests {
    @Test func topLevelArrayDetectsCommonFieldNames() throws {
        let result = try read(Fixtures.source("array.json"), folder: "photos")
        #expect(result.slides == [
            SlideContent("local:photos/sunrise.jpg", title: "Sunrise", caption: "Over the hills & far away", link: "https://example.com/sunrise", alt: "An orange sky"),
            SlideContent("https://cdn.example.com/harbour.jpg", title: "Harbour", caption: "Boats at rest"),
            SlideContent("local:photos/night/stars.png", title: "Stars", caption: "Long exposure"),
            SlideContent("local:photos/field.webp", title: "Field"),
        ])
        #expect(result.diagnostics == [
            warning("item has no usable image; it is skipped", "array.json", 5, 3, #"  {"title": "No picture here"},"#),
            warning("link with scheme 'javascript' is dropped; expected http, https, mailto or a relative reference", "array.json", 6, 51, #"  {"src": "field.webp", "title": "Field", "href": "javascript:alert(1)"}"#),
        ])
    }

    @Test func arrayUnderAKey() throws {
        let result = try read(Fixtures.source("headline_ad.json"))
        #expect(result.slides == [
            SlideContent("https://ads.example.com/spring.jpg", title: "Spring sale"),
            SlideContent("https://ads.example.com/summer.jpg", title: "Summer sale"),
        ])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func objectOfObjectsKeepsDocumentOrder() throws {
        let result = try read(Fixtures.source("object-of-objects.json"))
        #expect(result.slides.map(\.caption) == ["Third, listed first", "First", "Second"])
        #expect(result.slides.first?.image == "http://photos.example.com/3.jpg")
        #expect(result.locations.map { $0?.line } == [2, 3, 4])
    }

    @Test func mappingNamesDottedPaths() throws {
        let mapping = FieldMapping(items: "data.promos", image: "media.large", title: "heading", caption: "blurb", link: "target")
        let result = try read(Fixtures.source("mapped.json"), url: URL(string: "https://shop.example.com/feeds/promos.json"), mapping: mapping)
        #expect(result.slides == [
            SlideContent("https://shop.example.com/feeds/big/one.jpg", title: "One", caption: "First promo", link: "https://shop.example.com/one"),
            SlideContent("https://shop.example.com/feeds/big/two.jpg", title: "Two", caption: "Second promo", link: "mailto:sales@example.com"),
        ])
    }

    @Test func mappingPathThatDoesNotExistIsAnError() {
        let source = SourceText(name: "ads.json", text: "{\n  \"data\": {\"ads\": []}\n}\n")
        var thrown: Diagnostic?
        do {
            _ = try FeedReader(mapping: FieldMapping(items: "data.promos")).read(FeedDocument(source: source), log: DiagnosticLog())
        } catch {
            thrown = error
        }
        #expect(thrown == error("mapping 'items' path 'data.promos' not found: an object here has no 'promos'", "ads.json", 2, 11, #"  "data": {"ads": []}"#))
    }

    @Test func urlIsTheLinkOnlyWhenTheImageComesFromElsewhere() throws {
        let result = try read(text: #"[{"image": "a.jpg", "url": "https://example.com/a"}, {"url": "b.jpg"}]"#)
        #expect(result.slides == [
            SlideContent("local:a.jpg", link: "https://example.com/a"),
            SlideContent("local:b.jpg"),
        ])
    }

    @Test func imageMayBeAnObjectOrAListOfURLs() throws {
        let result = try read(text: #"{"photos": [{"picture": {"url": "x.jpg", "width": 10}}, "y.jpg", {"thumbnail": ["z.jpg", "w.jpg"]}]}"#)
        #expect(result.slides.map(\.image) == ["local:x.jpg", "local:y.jpg", "local:z.jpg"])
    }

    @Test func jsonWithoutItemsIsAnError() {
        #expect(readError(text: "{\"count\": 3}", name: "x.json") == error("no list of items found; expected an array of items, an object of items, or a 'mapping' with 'items'", "x.json", 1, 1, "{\"count\": 3}"))
        #expect(readError(text: "{\"items\": 3}", name: "x.json", mapping: FieldMapping(items: "items")) == error("mapping 'items' path 'items' leads to a number; expected an array or object of items", "x.json", 1, 11, "{\"items\": 3}"))
    }

    @Test func malformedJSONIsLocated() {
        let diagnostic = readError(text: "[\n  {\"image\": \"a.jpg\",}\n]", name: "bad.json")
        #expect(diagnostic?.location?.file == "bad.json")
        #expect(diagnostic?.location?.line == 2)
        #expect(diagnostic?.severity == .error)
    }

    @Test func nonObjectItemsAreSkippedWithAWarning() throws {
        let result = try read(text: "[\"a.jpg\", 42]", name: "n.json")
        #expect(result.slides == [SlideContent("local:a.jpg")])
        #expect(result.diagnostics == [warning("item is a number; expected an object or a string; it is skipped", "n.json", 1, 11, "[\"a.jpg\", 42]")])
    }
}
