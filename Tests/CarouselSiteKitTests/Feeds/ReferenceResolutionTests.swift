import Foundation
import Testing
@testable import CarouselSiteKit

/// How image and link references resolve, and what is refused, with the warning for each.
@Suite struct ReferenceResolutionTests {
    /// Reads a one-item JSON feed whose image is `image` and returns the slide or the warnings.
    private func image(_ image: String, url: URL? = nil, folder: String = "photos") throws -> (String?, [String]) {
        let json = "[{\"image\": \(String(reflecting: image)), \"title\": \"t\"}]"
        let result = try read(text: json, name: "f.json", url: url, folder: folder)
        return (result.slides.first?.image, result.diagnostics.map(\.message))
    }

    @Test(arguments: [
        ("a.jpg", "local:photos/a.jpg"),
        ("./sub/../b.jpg", "local:photos/b.jpg"),
        ("../shared/c.jpg", "local:shared/c.jpg"),
        ("my%20photo.jpg?v=2#top", "local:photos/my photo.jpg"),
        ("HTTPS://Example.com/x.jpg", "HTTPS://Example.com/x.jpg"),
    ])
    func localAndAbsoluteImages(reference: String, expected: String) throws {
        let (slide, warnings) = try image(reference)
        #expect(slide == expected)
        #expect(warnings.isEmpty)
    }

    @Test(arguments: [
        ("../../etc/passwd", "image path '../../etc/passwd' leaves the site folder"),
        ("/etc/passwd", "image path '/etc/passwd' is absolute; expected a path relative to the feed"),
        ("..\\\\secret.jpg", "reference '..\\\\secret.jpg' contains '\\\\'; expected '/' as the separator"),
        ("a%00.jpg", "image path 'a%00.jpg' contains a backslash or control character"),
        ("%2e%2e/%2e%2e/x.jpg", "image path '%2e%2e/%2e%2e/x.jpg' leaves the site folder"),
        ("javascript:alert(1)", "image reference with scheme 'javascript' is not allowed; expected an http or https URL or a relative path"),
        ("data:image/png;base64,AAAA", "image reference with scheme 'data' is not allowed; expected an http or https URL or a relative path"),
        ("file:///etc/passwd", "image reference with scheme 'file' is not allowed; expected an http or https URL or a relative path"),
        ("//cdn.example.com/a.jpg", "protocol-relative image reference '//cdn.example.com/a.jpg' needs a remote feed; expected an http or https URL or a relative path"),
        ("sub/", "image path 'sub/' names a folder, not a file"),
    ])
    func refusedLocalImages(reference: String, warning: String) throws {
        let (slide, warnings) = try image(reference.replacingOccurrences(of: "\\\\", with: "\\"), folder: "")
        #expect(slide == nil)
        #expect(warnings == [warning.replacingOccurrences(of: "\\\\", with: "\\"), "item has no usable image; it is skipped"])
    }

    @Test func relativeImagesInARemoteFeedResolveAgainstItsURL() throws {
        let base = URL(string: "https://example.com/feeds/daily.json")
        #expect(try image("a.jpg", url: base).0 == "https://example.com/feeds/a.jpg")
        #expect(try image("/img/b.jpg", url: base).0 == "https://example.com/img/b.jpg")
        #expect(try image("//cdn.example.com/c.jpg", url: base).0 == "https://cdn.example.com/c.jpg")
        #expect(try image("../../../../d.jpg", url: base).0 == "https://example.com/d.jpg")
    }

    @Test func warningNamesTheReferencePosition() throws {
        let result = try read(text: "[\n  {\"image\": \"javascript:x\"}\n]", name: "f.json")
        #expect(result.diagnostics == [
            warning("image reference with scheme 'javascript' is not allowed; expected an http or https URL or a relative path", "f.json", 2, 13, "  {\"image\": \"javascript:x\"}"),
            warning("item has no usable image; it is skipped", "f.json", 2, 3, "  {\"image\": \"javascript:x\"}"),
        ])
    }

    @Test(arguments: [
        ("https://example.com/a?b=1", "https://example.com/a?b=1"),
        ("mailto:someone@example.com", "mailto:someone@example.com"),
        ("/about", "/about"),
        ("page.html#x", "page.html#x"),
    ])
    func linksThatAreKept(link: String, expected: String) throws {
        let result = try read(text: "[{\"image\": \"a.jpg\", \"link\": \(String(reflecting: link))}]")
        #expect(result.slides.first?.link == expected)
        #expect(result.diagnostics.isEmpty)
    }

    @Test(arguments: ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox", " javascript:alert(1)"])
    func linksThatAreDropped(link: String) throws {
        let result = try read(text: "[{\"image\": \"a.jpg\", \"link\": \(String(reflecting: link))}]")
        #expect(result.slides.first?.link == nil)
        #expect(result.slides.count == 1)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.hasPrefix("link with scheme '") == true)
    }

    @Test func linksWithControlCharactersAreDropped() throws {
        let result = try read(text: "[{\"image\": \"a.jpg\", \"link\": \"java\\tscript:alert(1)\"}]")
        #expect(result.slides.first?.link == nil)
        #expect(result.diagnostics.map(\.message) == ["reference contains control characters; skipped"])
    }

    @Test func relativeLinksInARemoteFeedBecomeAbsolute() throws {
        let result = try read(text: "[{\"image\": \"a.jpg\", \"link\": \"../post/1\"}]", url: URL(string: "https://example.com/feeds/x.json"))
        #expect(result.slides.first?.link == "https://example.com/post/1")
    }
}
