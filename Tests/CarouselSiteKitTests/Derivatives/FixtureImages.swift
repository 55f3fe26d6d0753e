import Foundation
@testable import CarouselSiteKit

/// Test images made on the spot: raw RGB pixels encoded by libvips, with EXIF and XMP segments
/// spliced into JPEGs.
struct FixtureImages {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("derivatives-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    var cache: URL { folder.appendingPathComponent(".cache") }

    /// The four quadrant colours of the upright test picture: red, green / blue, white.
    static let quadrantColours: [[Int]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]

    /// The colour of the upright picture at (x, y) of a `width`×`height` frame.
    static func uprightColour(x: Int, y: Int, width: Int, height: Int) -> [Int] {
        quadrantColours[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
    }

    /// A JPEG whose stored pixels, turned as EXIF `orientation` says, show the quadrant picture
    /// `width`×`height` upright. The file also carries an XMP packet.
    func orientedJPEG(orientation: Int, width: Int = 64, height: Int = 32, name: String? = nil) throws -> StoredImage {
        let transposed = orientation >= 5
        let storedWidth = transposed ? height : width
        let storedHeight = transposed ? width : height
        var pixels: [UInt8] = []
        for sy in 0..<storedHeight {
            for sx in 0..<storedWidth {
                let (dx, dy) = Self.displayed(x: sx, y: sy, orientation: orientation, storedWidth: storedWidth, storedHeight: storedHeight)
                pixels += Self.uprightColour(x: dx, y: dy, width: width, height: height).map(UInt8.init)
            }
        }
        let jpeg = try encode(pixels, width: storedWidth, height: storedHeight, as: "jpg[Q=95]")
        // Splice the EXIF and XMP segments right after SOI (FF D8).
        let bytes = Array(jpeg[0..<2]) + Self.exifSegment(orientation: orientation) + Self.xmpSegment() + Array(jpeg[2...])
        return try store(bytes, name: name ?? "oriented-\(orientation).jpg", format: .jpeg, width: storedWidth, height: storedHeight, orientation: orientation)
    }

    /// A greyscale JPEG whose embedded ICC profile is cut short (7 bytes), as some editors write:
    /// libvips cannot convert it to sRGB.
    func jpegWithCorruptProfile() throws -> StoredImage {
        let jpeg = try encode(Array(repeating: 90, count: 24 * 12), width: 24, height: 12, channels: 1, as: "jpg")
        let profile = Array("ICC_PROFILE".utf8) + [0, 1, 1] + [0, 0, 0, 7, 0x61, 0x62, 0x63]  // name, chunk 1 of 1, data
        let bytes = Array(jpeg[0..<2]) + Self.segment(marker: 0xE2, profile) + Array(jpeg[2...])
        return try store(bytes, name: "corrupt-profile.jpg", format: .jpeg, width: 24, height: 12, orientation: 1)
    }

    /// A PNG of `width`×`height` with a horizontal gradient.
    func png(width: Int, height: Int, name: String = "gradient.png") throws -> StoredImage {
        var pixels: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width { pixels += [UInt8(x * 255 / max(1, width - 1)), 128, 64] }
        }
        let bytes = try encode(pixels, width: width, height: height, as: "png")
        return try store(bytes, name: name, format: .png, width: width, height: height, orientation: 1)
    }

    /// Writes raw RGB (or grey, with one channel) pixels as a PPM (PGM), then has libvips encode
    /// it as `suffix` (extension and saver options).
    func encode(_ pixels: [UInt8], width: Int, height: Int, channels: Int = 3, as suffix: String) throws -> [UInt8] {
        let id = UUID().uuidString
        let ppm = folder.appendingPathComponent("\(id).\(channels == 1 ? "pgm" : "ppm")")
        try (Data("\(channels == 1 ? "P5" : "P6")\n\(width) \(height)\n255\n".utf8) + Data(pixels)).write(to: ppm)
        let output = folder.appendingPathComponent("\(id).\(suffix)")
        try VipsCLI.run("vips", ["copy", ppm.path, output.path])
        let written = folder.appendingPathComponent("\(id).\(suffix.prefix { $0 != "[" })")
        defer {
            try? FileManager.default.removeItem(at: ppm)
            try? FileManager.default.removeItem(at: written)
        }
        return [UInt8](try Data(contentsOf: written))
    }

    /// Saves bytes as a site file and describes them as the image store does, checking that the
    /// probe sees what the fixture meant to make.
    func store(_ bytes: [UInt8], name: String, format: ImageFormat, width: Int, height: Int, orientation: Int) throws -> StoredImage {
        let file = folder.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        let info = try ImageProbe.probe(bytes)
        guard info == ImageInfo(format: format, width: width, height: height, orientation: orientation) else {
            throw VipsCLI.Failure(description: "the fixture '\(name)' probes as \(info)")
        }
        return StoredImage(contentHash: SHA256.hex(of: bytes), file: file, info: info, byteCount: bytes.count)
    }

    /// Where stored pixel (x, y) appears on screen under an EXIF orientation (TIFF 6.0: for
    /// orientation 6, the stored 0th row is the visual right side and the 0th column the top).
    static func displayed(x: Int, y: Int, orientation: Int, storedWidth w: Int, storedHeight h: Int) -> (Int, Int) {
        switch orientation {
        case 2: (w - 1 - x, y)
        case 3: (w - 1 - x, h - 1 - y)
        case 4: (x, h - 1 - y)
        case 5: (y, x)
        case 6: (h - 1 - y, x)
        case 7: (h - 1 - y, w - 1 - x)
        case 8: (y, w - 1 - x)
        default: (x, y)
        }
    }

    /// An APP1 segment with a big-endian TIFF header and one IFD entry: Orientation (0x0112).
    static func exifSegment(orientation: Int) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]  // "MM", 42, IFD at offset 8
            + [0, 1]  // one entry
            + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0]  // tag, SHORT, count 1, value
            + [0, 0, 0, 0]  // no next IFD
        return segment(Array("Exif".utf8) + [0, 0] + tiff)
    }

    /// An APP1 segment with a minimal XMP packet.
    static func xmpSegment() -> [UInt8] {
        let packet = #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>"#
        return segment(Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8))
    }

    /// A JPEG marker segment; APP1 (0xE1) unless told otherwise.
    private static func segment(marker: UInt8 = 0xE1, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2  // the length field counts itself
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}

/// An engine that forwards to another and counts the calls, to prove what a build derived.
final class CountingEngine: ImageEngine, @unchecked Sendable {
    let wrapped: any ImageEngine
    private let lock = NSLock()
    private var requests: [ThumbnailRequest] = []

    init(_ wrapped: any ImageEngine) {
        self.wrapped = wrapped
    }

    var identity: String { wrapped.identity }

    var calls: [ThumbnailRequest] { lock.withLock { requests } }

    func reset() { lock.withLock { requests = [] } }

    func thumbnail(_ request: ThumbnailRequest) throws(ImageEngineError) {
        lock.withLock { requests.append(request) }
        try wrapped.thumbnail(request)
    }
}

/// An engine that writes half a file and fails, like a crash mid-encode.
struct FailingEngine: ImageEngine {
    var identity: String { "failing" }

    func thumbnail(_ request: ThumbnailRequest) throws(ImageEngineError) {
        try? Data([0xFF, 0xD8]).write(to: request.output)
        throw ImageEngineError("the encoder ran out of memory")
    }
}
