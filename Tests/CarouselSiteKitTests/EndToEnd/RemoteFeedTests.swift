import Foundation
import Testing

/// A feed and its images on a real loopback HTTP server: relative image URLs resolve against the
/// feed's URL, and both the feed and the images are cached so `--offline` builds work.
@Suite struct RemoteFeedTests {
    @Test func remoteRSSFeedBuildsAndThenWorksOffline() throws {
        let scratch = try ScratchSite()
        let remote = scratch.root.appendingPathComponent("remote")
        try FileManager.default.createDirectory(at: remote.appendingPathComponent("media"), withIntermediateDirectories: true)
        for name in ["1.jpg", "3.jpg"] {
            try FileManager.default.copyItem(at: scratch.site.appendingPathComponent("photos/\(name)"), to: remote.appendingPathComponent("media/\(name)"))
        }
        try Data("""
            <?xml version="1.0"?>
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Remote</title>
            <item><title>Rocket</title><link>https://example.org/rocket</link><media:content url="media/1.jpg" medium="image"/></item>
            <item><title>Cat &amp; friends</title><media:content url="media/3.jpg" medium="image"/></item>
            </channel></rss>
            """.utf8).write(to: remote.appendingPathComponent("feed.xml"))
        let server = try StaticServer(serving: remote)
        try scratch.write("carousel.json", #"{"title": "Remote", "feed": "\#(server.url("feed.xml"))"}"#)

        let online = try scratch.run(["build", "site"])
        #expect(online.status == 0, "\(online.stderr)")
        let page = try scratch.read("_site/index.html")
        #expect(page.contains("Rocket") && page.contains("Cat &amp; friends"))
        #expect(page.contains("href=\"https://example.org/rocket\""))
        let first = try scratch.files(under: "_site")
        #expect(first.keys.filter { $0.hasPrefix("images/") }.count == 2)

        server.stop()
        let offline = try scratch.run(["build", "site", "--offline", "--output", "site/offline"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(try scratch.files(under: "offline") == first, "the cached feed and images rebuild the same site")
    }

    @Test func unreachableFeedIsAnErrorNamingTheURL() throws {
        let scratch = try ScratchSite()
        // Port 9 (discard) on loopback: nothing listens there, so the connection is refused at once.
        try scratch.write("carousel.json", #"{"feed": "http://127.0.0.1:9/feed.json"}"#)
        let run = try scratch.run(["build", "site"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("http://127.0.0.1:9/feed.json"), "\(run.stderr)")
        #expect(!scratch.exists("_site"))
    }
}
