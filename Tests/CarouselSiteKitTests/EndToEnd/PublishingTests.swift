import Foundation
import Testing

/// Several slideshows, base URLs and hosting files, through the built binary.
@Suite struct PublishingTests {
    func multiShowSite() throws -> ScratchSite {
        let scratch = try ScratchSite()
        try scratch.write("carousel.json", """
            {
              "title": "Collections",
              "shows": [
                {"id": "space", "title": "Space", "feed": "photos/space.json"},
                {"id": "earth", "title": "Earth", "feed": "photos/earth.json", "interval": 2000}
              ]
            }
            """)
        try scratch.write("photos/space.json", #"[{"image": "0.jpg", "title": "Astronaut"}, {"image": "4.jpg", "title": "Deep field"}]"#)
        try scratch.write("photos/earth.json", #"[{"image": "2.jpg", "title": "Coffee"}, {"image": "3.jpg", "title": "Cat"}, {"image": "0.jpg", "title": "Again"}]"#)
        return scratch
    }

    @Test func eachShowGetsAPageAndTheIndexLinksThem() throws {
        let scratch = try multiShowSite()
        let run = try scratch.run(["build", "site"])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try scratch.files(under: "_site")
        #expect(files.keys.contains("space/index.html") && files.keys.contains("earth/index.html"))
        let index = try scratch.read("_site/index.html")
        #expect(index.contains("href=\"space/index.html\"") && index.contains("href=\"earth/index.html\""))
        let earth = try scratch.read("_site/earth/index.html")
        #expect(earth.contains("Coffee") && !earth.contains("Astronaut"))
        #expect(earth.contains("../carousel."), "pages in folders reach the shared assets relatively")
        #expect(files.keys.filter { $0.hasPrefix("images/") }.count == 4, "an image used by two shows is written once")
    }

    @Test func noInternalURLIsAbsolute() throws {
        let scratch = try multiShowSite()
        #expect(try scratch.run(["build", "site"]).status == 0)
        for page in ["_site/index.html", "_site/space/index.html"] {
            let html = try scratch.read(page)
            let pattern = try NSRegularExpression(pattern: #"(?:src|href|srcset)="([^"]*)""#)
            let urls = pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { (html as NSString).substring(with: $0.range(at: 1)) }
            #expect(!urls.isEmpty)
            for url in urls {
                #expect(!url.hasPrefix("/") && !url.contains("://"), "\(page): \(url)")
            }
        }
    }

    @Test func baseURLAddsCanonicalLinks() throws {
        let scratch = try ScratchSite()
        let run = try scratch.run(["build", "site", "--base-url", "https://example.org/slides"])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try scratch.read("_site/index.html")
        #expect(html.contains("<link rel=\"canonical\" href=\"https://example.org/slides/\">"))
        #expect(html.contains("<meta property=\"og:image\" content=\"https://example.org/slides/images/"), "the first slide is the link preview")
        #expect(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
        let plain = try scratch.run(["build", "site", "--output", "site/plain"])
        #expect(plain.status == 0)
        #expect(!(try scratch.read("plain/index.html")).contains("og:"), "no link-preview tags without absolute URLs")
    }

    @Test func headersFileAndPrecompressedCopies() throws {
        let scratch = try ScratchSite()
        #expect(try scratch.run(["build", "site", "--precompress"]).status == 0)
        let files = try scratch.files(under: "_site")
        #expect(files.keys.contains("index.html.gz"))
        let headers = try scratch.read("_site/_headers")
        #expect(headers.contains("/index.html\n  Cache-Control: public, max-age=0, must-revalidate"))
        let script = try #require(files.keys.first { $0.hasPrefix("carousel.") && $0.hasSuffix(".js") })
        #expect(headers.contains("/\(script)\n  Cache-Control: public, max-age=31536000, immutable"))
    }

    @Test func staleFilesOfThePreviousBuildDisappear() throws {
        let scratch = try multiShowSite()
        #expect(try scratch.run(["build", "site"]).status == 0)
        try scratch.write("carousel.json", #"{"feed": "photos/space.json"}"#)
        #expect(try scratch.run(["build", "site"]).status == 0)
        #expect(!scratch.exists("_site/earth"))
        #expect(try scratch.files(under: "_site").keys.filter { $0.hasPrefix("images/") }.count == 2)
    }
}
