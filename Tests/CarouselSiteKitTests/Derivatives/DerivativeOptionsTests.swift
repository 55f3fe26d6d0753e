import Testing
@testable import CarouselSiteKit

@Suite struct DerivativeOptionsTests {
    @Test(arguments: [
        (4000, [480, 800, 1200, 1600, 2000]),  // camera size: every configured width
        (2000, [480, 800, 1200, 1600, 2000]),
        (1000, [480, 800, 1000]),  // the original's width tops the list instead of 1200
        (480, [480]),
        (300, [300]),  // smaller than every width: the original's only
    ])
    func widthsNeverExceedTheOriginal(displayWidth: Int, expected: [Int]) {
        #expect(DerivativeOptions().widths(forDisplayWidth: displayWidth) == expected)
    }

    @Test func configuredWidthsAreSortedAndUnique() {
        var options = DerivativeOptions()
        options.widths = [800, 0, 400, 800, -5]
        #expect(options.widths(forDisplayWidth: 1000) == [400, 800], "all below the original: no extra width")
        #expect(options.widths(forDisplayWidth: 600) == [400, 600])
        options.widths = []
        #expect(options.widths(forDisplayWidth: 1000) == [1000])
    }

    @Test func encodingsPutTheOriginalFormatFirstAndAVIFOnlyWhenAsked() {
        var options = DerivativeOptions()
        #expect(options.encodings(for: .jpeg) == [.jpeg(quality: 82), .webp(quality: 80)])
        #expect(options.encodings(for: .png) == [.png, .webp(quality: 80)])
        #expect(options.encodings(for: .webp) == [.webp(quality: 80)])
        for format in [ImageFormat.gif, .svg, .avif] {
            #expect(options.encodings(for: format) == [])
        }
        options.avif = true
        #expect(options.encodings(for: .jpeg) == [.jpeg(quality: 82), .webp(quality: 80), .avif(quality: 50)])
    }
}
