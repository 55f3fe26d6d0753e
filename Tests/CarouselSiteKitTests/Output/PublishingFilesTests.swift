import Foundation
import Testing
@testable import CarouselSiteKit

@Suite struct PublishingFilesTests {
    @Test func headersMarkHashedAssetsImmutableAndPagesRevalidated() {
        var output = SiteOutput()
        output.add("index.html", text: "<p>")
        output.add("alps/index.html", text: "<p>")
        output.add("carousel.0123456789ab.js", text: "x")
        output.add("images/0123456789ab.jpg", text: "x")
        output.add("robots.txt", text: "x")
        #expect(HostingHeaders.file(for: output) == """
            /alps/
              Cache-Control: public, max-age=0, must-revalidate
            /alps/index.html
              Cache-Control: public, max-age=0, must-revalidate
            /carousel.0123456789ab.js
              Cache-Control: public, max-age=31536000, immutable
            /images/0123456789ab.jpg
              Cache-Control: public, max-age=31536000, immutable
            /
              Cache-Control: public, max-age=0, must-revalidate
            /index.html
              Cache-Control: public, max-age=0, must-revalidate

            """)
    }

    @Test func gzipIsDeterministicAndDecompressesWithGzip() throws {
        let text = Data(String(repeating: "<div class=\"carousel-slide\"></div>\n", count: 200).utf8)
        let compressed = Gzip.compress(text)
        #expect(compressed == Gzip.compress(text))
        #expect(compressed.count < text.count / 10)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString).gz")
        defer { try? FileManager.default.removeItem(at: file) }
        try compressed.write(to: file)
        let gunzip = Process()
        gunzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gunzip.arguments = ["-c", "gzip -dc '\(file.path)'"]
        let pipe = Pipe()
        gunzip.standardOutput = pipe
        try gunzip.run()
        let roundTrip = pipe.fileHandleForReading.readDataToEndOfFile()
        gunzip.waitUntilExit()
        #expect(roundTrip == text)
    }

    @Test func precompressionSkipsImagesAndIncompressibleFiles() {
        var output = SiteOutput()
        output.add("index.html", text: String(repeating: "<p>hello</p>", count: 100))
        output.add("tiny.js", text: "x")
        output.add("images/0123456789ab.jpg", text: String(repeating: "j", count: 1000))
        Precompression.add(to: &output)
        #expect(output.paths == ["images/0123456789ab.jpg", "index.html", "index.html.gz", "tiny.js"])
    }
}
