import Testing
@testable import CarouselSiteKit

/// The RIFF rewrite, on hand-built containers.
@Suite struct WebPMetadataStripperTests {
    /// A WebP container of the given chunks, sizes and padding as the spec lays them out.
    func webp(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var body = Array("WEBP".utf8)
        for (fourCC, payload) in chunks {
            body += Array(fourCC.utf8) + le(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        return Array("RIFF".utf8) + le(body.count) + body
    }

    func le(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// A VP8X payload: flags, three reserved bytes, then 24-bit canvas width-1 and height-1.
    func vp8x(flags: UInt8) -> [UInt8] { [flags, 0, 0, 0, 15, 0, 0, 8, 0, 0] }

    @Test func dropsMetadataAndTheNowEmptyExtendedHeader() {
        let image: [UInt8] = [1, 2, 3, 4, 5]  // odd: exercises padding
        let input = webp([("VP8X", vp8x(flags: 0x2C)), ("ICCP", [9, 9]), ("VP8 ", image), ("EXIF", [7]), ("XMP ", [8, 8, 8])])
        #expect(WebPMetadataStripper.strip(input) == webp([("VP8 ", image)]))
    }

    @Test func keepsTheExtendedHeaderForAlphaAndClearsOnlyMetadataFlags() {
        let input = webp([("VP8X", vp8x(flags: 0x10 | 0x08)), ("ALPH", [1]), ("VP8 ", [2, 2]), ("EXIF", [7, 7])])
        #expect(WebPMetadataStripper.strip(input) == webp([("VP8X", vp8x(flags: 0x10)), ("ALPH", [1]), ("VP8 ", [2, 2])]))
    }

    @Test func leavesAFileWithoutMetadataAsItIs() {
        let input = webp([("VP8L", [1, 2, 3, 4])])
        #expect(WebPMetadataStripper.strip(input) == input)
    }

    @Test(arguments: [
        [UInt8](),
        Array("RIFF\u{4}\0\0\0WEBX".utf8),
        Array("RIFF\u{4}\0\0\0WEBP".utf8),  // no chunks
        Array("RIFF\u{14}\0\0\0WEBPVP8 \u{FF}\0\0\0abcd".utf8),  // chunk longer than the file
    ])
    func rejectsMalformedContainers(bytes: [UInt8]) {
        #expect(WebPMetadataStripper.strip(bytes) == nil)
    }
}
