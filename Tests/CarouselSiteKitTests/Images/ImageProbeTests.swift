import Foundation
import Testing
@testable import CarouselSiteKit

struct ImageProbeTests {
    @Test func readsPNGSizeAndEXIFOrientation() throws {
        #expect(try ImageProbe.probe(TestImages.png(width: 640, height: 480)) == ImageInfo(format: .png, width: 640, height: 480))
        let turned = try ImageProbe.probe(TestImages.png(width: 640, height: 480, exifOrientation: 6))
        #expect(turned.orientation == 6)
        #expect(turned.displayWidth == 480 && turned.displayHeight == 640)
    }

    @Test(arguments: 1...8)
    func readsJPEGOrientation(orientation: Int) throws {
        let info = try ImageProbe.probe(TestImages.jpeg(width: 40, height: 30, orientation: orientation))
        #expect(info == ImageInfo(format: .jpeg, width: 40, height: 30, orientation: orientation))
    }

    @Test func jpegWithoutEXIFHasOrientationOne() throws {
        #expect(try ImageProbe.probe(TestImages.jpeg(width: 1920, height: 1080)) == ImageInfo(format: .jpeg, width: 1920, height: 1080))
    }

    @Test func readsGIFAndWebP() throws {
        #expect(try ImageProbe.probe(TestImages.gif(width: 5, height: 7)) == ImageInfo(format: .gif, width: 5, height: 7))
        #expect(try ImageProbe.probe(TestImages.webpLossless(width: 9, height: 11)) == ImageInfo(format: .webp, width: 9, height: 11))
        #expect(try ImageProbe.probe(TestImages.webpLossy(width: 300, height: 17)) == ImageInfo(format: .webp, width: 300, height: 17))
        #expect(try ImageProbe.probe(TestImages.webpExtended(width: 300, height: 200, orientation: 8))
            == ImageInfo(format: .webp, width: 300, height: 200, orientation: 8))
    }

    @Test func readsAVIFSizeAndContainerRotation() throws {
        #expect(try ImageProbe.probe(TestImages.avif(width: 64, height: 48)) == ImageInfo(format: .avif, width: 64, height: 48))
        // irot 1 is a quarter turn counter-clockwise: drawn 48 wide and 64 high, EXIF-style 8.
        let turned = try ImageProbe.probe(TestImages.avif(width: 64, height: 48, rotation: 1))
        #expect(turned == ImageInfo(format: .avif, width: 64, height: 48, orientation: 1, displayOrientation: 8))
        #expect(turned.displayWidth == 48 && turned.displayHeight == 64)
        let mirrored = try ImageProbe.probe(TestImages.avif(rotation: 2, mirrorAxis: 0))
        #expect(mirrored.displayOrientation == 4)
    }

    @Test func rejectsAVIFWithoutPictureHandler() {
        #expect(throws: ImageProbeError.malformed(.avif, reason: "the 'meta' box has no 'pict' handler ('hdlr')")) {
            try ImageProbe.probe(TestImages.avif(handler: "vide"))
        }
    }

    @Test(arguments: [
        (#"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"/>"#, 120, 80),
        (#"<?xml version="1.0"?><!-- logo --><svg viewBox="0 0 30 10"></svg>"#, 30, 10),
        (#"<svg width="60px" viewBox="0, 0, 30, 10"></svg>"#, 60, 20),
        (#"<svg height="1in" viewBox="0 0 2 1"></svg>"#, 192, 96),
        (#"<svg width="50%"></svg>"#, 300, 150),
        ("\u{FEFF}<!DOCTYPE svg [ <!ENTITY x \"<svg>\"> ]>\n<svg width='3pt' height='6pt'/>", 4, 8),
    ])
    func readsSVGSize(text: String, width: Int, height: Int) throws {
        #expect(try ImageProbe.probe(Array(text.utf8)) == ImageInfo(format: .svg, width: width, height: height))
    }

    @Test(arguments: [
        ("<!DOCTYPE html><html><body>404</body></html>", ImageProbeError.notAnImage(looksLike: "HTML")),
        ("\n\n  <html><head><title>Error</title>", .notAnImage(looksLike: "HTML")),
        (#"{"error": "not found"}"#, .notAnImage(looksLike: "JSON")),
        ("Not Found", .notAnImage(looksLike: "text")),
        (#"<svg width=100 height=100/>"#, .malformed(.svg, reason: "expected a quoted value for attribute 'width'")),
        (#"<svg onclick='a("<")' width="1" height="1"/>"#, .malformed(.svg, reason: "'<' inside the value of attribute 'onclick'")),
        (#"<svg width="1""#, .truncated(.svg)),
        // Past Int's range once trapped in the conversion (found by the image-probe fuzz target).
        (#"<svg width="1e300" height="10"/>"#, .malformed(.svg, reason: "width or height over 1,000,000 px")),
        (#"<svg width="1e200" viewBox="0 0 1e-200 1e200"/>"#, .malformed(.svg, reason: "width or height over 1,000,000 px")),
        (#"<svg viewBox="0 0 2000000 1"/>"#, .malformed(.svg, reason: "width or height over 1,000,000 px")),
    ])
    func rejectsNonImagesWithAReason(text: String, error: ImageProbeError) {
        #expect(throws: error) { try ImageProbe.probe(Array(text.utf8)) }
    }

    /// An AVIF whose `meta` box holds a picture handler, primary item 1 and `boxes`, followed by
    /// a small `mdat`: the frame for the malformed boxes below.
    func avif(meta boxes: [UInt8]) -> [UInt8] {
        let ftyp = TestImages.box("ftyp", Array("avif".utf8) + TestImages.be32(0) + Array("avifmif1miaf".utf8))
        let hdlr = TestImages.fullBox("hdlr", TestImages.be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = TestImages.fullBox("pitm", TestImages.be16(1))
        return ftyp + TestImages.fullBox("meta", hdlr + pitm + boxes) + TestImages.box("mdat", [1, 2, 3, 4, 5, 6, 7, 8])
    }

    /// Extents with no offset or length fields cost no bytes: a few kilobytes listing 65,535 of
    /// them per item once took gigabytes (found by the image-probe fuzz target).
    @Test func rejectsSizelessExtentsByTheThousand() {
        // iloc v0 with every field size 0: per item, its ID, data reference index and extent count.
        let items = (1...1000).flatMap { TestImages.be16($0) + TestImages.be16(0) + TestImages.be16(65_535) }
        let iloc = TestImages.fullBox("iloc", [0x00, 0x00] + TestImages.be16(1000) + items)
        #expect(throws: ImageProbeError.malformed(.avif, reason: "'iloc' lists 65535 extents with no offset or length")) {
            try ImageProbe.probe(avif(meta: iloc))
        }
    }

    /// An item-info box too short for its entry count once made a backwards range (a trap found
    /// by the image-probe fuzz target).
    @Test func rejectsAnItemInfoBoxShorterThanItsCount() {
        #expect(throws: ImageProbeError.malformed(.avif, reason: "the 'iinf' box ends inside its entry count")) {
            try ImageProbe.probe(avif(meta: TestImages.box("iinf", [])))
        }
    }

    /// The same for an item-info entry too short for its item type.
    @Test func rejectsAnItemInfoEntryShorterThanItsFields() {
        let infe = TestImages.fullBox("infe", TestImages.be16(1) + TestImages.be16(0), version: 2)  // no item type
        #expect(throws: ImageProbeError.malformed(.avif, reason: "an 'infe' box ends inside its item type")) {
            try ImageProbe.probe(avif(meta: TestImages.fullBox("iinf", TestImages.be16(1) + infe)))
        }
    }

    @Test func rejectsEmptyAndUnknownBytes() {
        #expect(throws: ImageProbeError.empty) { try ImageProbe.probe([UInt8]()) }
        #expect(throws: ImageProbeError.notAnImage(looksLike: nil)) { try ImageProbe.probe([0x00, 0x01, 0x02, 0x03]) }
    }

    @Test func describesFailuresForWarnings() {
        #expect(ImageProbeError.notAnImage(looksLike: "HTML").description == "not an image (looks like HTML)")
        #expect(ImageProbeError.truncated(.jpeg).description == "truncated JPEG file")
        #expect(ImageProbeError.malformed(.png, reason: "unknown colour type 9").description == "malformed PNG: unknown colour type 9")
    }

    @Test func rejectsCorruptPNGHeaders() {
        var badChecksum = TestImages.png()
        badChecksum[29] ^= 0xFF  // inside IHDR's CRC
        #expect(throws: ImageProbeError.malformed(.png, reason: "checksum mismatch in chunk 'IHDR'")) { try ImageProbe.probe(badChecksum) }
        #expect(throws: ImageProbeError.malformed(.png, reason: "bit depth 4 is not allowed for colour type 2")) {
            try ImageProbe.probe(TestImages.png(colourType: 2, depth: 4))
        }
        var textMode = TestImages.png()
        textMode.insert(0x0D, at: 5)  // a CR added before the LF, as a text-mode transfer does
        #expect(throws: ImageProbeError.malformed(.png, reason: "bad signature (was the file transferred as text?)")) { try ImageProbe.probe(textMode) }
    }

    @Test func rejectsZeroSizes() {
        #expect(throws: ImageProbeError.malformed(.gif, reason: "zero width or height")) { try ImageProbe.probe(TestImages.gif(width: 0)) }
        #expect(throws: ImageProbeError.malformed(.jpeg, reason: "zero width or height")) { try ImageProbe.probe(TestImages.jpeg(height: 0)) }
    }

    /// Every proper prefix of a valid file is a truncated download and must be rejected, except a
    /// GIF missing only its one-byte trailer: its first frame is complete and browsers draw it.
    @Test(arguments: ["png", "jpeg", "gif", "webp", "avif"])
    func rejectsEveryTruncation(format: String) {
        let images: [String: [UInt8]] = [
            "png": TestImages.png(), "jpeg": TestImages.jpeg(orientation: 3), "gif": TestImages.gif(),
            "webp": TestImages.webpExtended(orientation: 6), "avif": TestImages.avif(rotation: 1),
        ]
        let bytes = images[format]!
        let shortest = format == "gif" ? bytes.count - 1 : bytes.count
        #expect((try? ImageProbe.probe(bytes[0..<shortest])) != nil)
        for length in 0..<shortest {
            #expect((try? ImageProbe.probe(bytes[0..<length])) == nil, "\(format) cut to \(length) bytes was accepted")
        }
    }

    /// Random byte flips, insertions and deletions in valid files: the probe may accept or reject,
    /// but must return, without trapping or hanging. The generator is seeded, so failures repeat.
    @Test func survivesMutatedInput() {
        var random = SeededGenerator(seed: 0x5EED)
        let seeds = [
            TestImages.png(exifOrientation: 6), TestImages.jpeg(orientation: 6), TestImages.gif(),
            TestImages.webpExtended(orientation: 3), TestImages.avif(rotation: 3, mirrorAxis: 1),
            Array(#"<?xml version="1.0"?><svg width="10" height="20" viewBox="0 0 1 2"/>"#.utf8),
        ]
        var outcomes = 0
        for seed in seeds {
            for _ in 0..<3000 {
                var bytes = seed
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let position = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[position] = UInt8.random(in: 0...255, using: &random)
                    case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
                    default: if bytes.count > 1 { bytes.remove(at: position) }
                    }
                }
                _ = try? ImageProbe.probe(bytes)
                outcomes += 1
            }
        }
        #expect(outcomes == seeds.count * 3000)
    }
}

/// A small deterministic random generator (SplitMix64), so fuzz cases are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
