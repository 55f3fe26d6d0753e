import CarouselSiteKit
import Foundation

/// Derives responsive images from every valid JPEG, PNG and WebP file in images/MANIFEST.json
/// with the real libvips engine. Each must yield upright files of the original's displayed
/// shape with no metadata left; the turned and mirrored copies of Pillow's "hopper" photo must
/// come out looking like the upright one.
enum ResponsiveImagesSuite: ConformanceSuite {
    static let name = "responsive"

    private struct Entry: Decodable {
        var file: String
        var format: String
        var valid: Bool
    }

    struct SetupError: Error, CustomStringConvertible {
        var description: String
    }

    /// Small outputs keep the run short; scaling still exercises orientation and colour handling.
    static let width = 64
    /// Mean absolute difference per channel (0...255) below which two decoded images count as
    /// the same picture: the turned copies, re-encoded, measure 3.6 to 5.3 against the upright
    /// one, while a wrong quarter turn or mirror of hopper measures over 60.
    static let sameImageTolerance = 16.0
    /// Byte strings that only appear where metadata survived: EXIF and XMP headers, JPEG and PNG
    /// ICC profile containers, WebP metadata chunks.
    static let metadataSignatures = ["Exif\0\0", "http://ns.adobe.com/xap/1.0/", "ICC_PROFILE", "iCCP", "eXIf", "ICCP", "EXIF", "XMP "]

    static func run(corpora: URL) throws -> SuiteReport {
        guard let engine = VipsThumbnailEngine.locate() else {
            throw SetupError(description: "'vipsthumbnail' is not on the PATH: run scripts/setup.sh")
        }
        let folder = corpora.appendingPathComponent("images")
        let entries = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: folder.appendingPathComponent("MANIFEST.json")))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("responsive-conformance-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var options = DerivativeOptions()
        options.widths = [width]
        let deriver = ImageDeriver(cacheFolder: scratch, options: options, engine: engine)

        var report = SuiteReport()
        var derived: [String: DerivedImage] = [:]
        for entry in entries where entry.valid && ["jpeg", "png", "webp"].contains(entry.format) {
            let file = folder.appendingPathComponent(entry.file)
            let bytes = [UInt8](try Data(contentsOf: file))
            guard let info = try? ImageProbe.probe(bytes) else {
                report.check(false, "\(entry.file): the probe rejects it")
                continue
            }
            let image = StoredImage(contentHash: SHA256.hex(of: bytes), file: file, info: info, byteCount: bytes.count)
            let log = DiagnosticLog()
            let result = deriver.deriveBlocking([image], log: log)[image]
            guard let result, !result.isPassthrough else {
                report.check(false, "\(entry.file): not derived: \(log.diagnostics.map(\.message))")
                continue
            }
            derived[entry.file] = result
            report.check(problems(in: result).isEmpty, "\(entry.file): \(problems(in: result).joined(separator: "; "))")
        }

        guard let upright = derived["jpeg/pillow_hopper.jpg"] else {
            throw SetupError(description: "the reference image 'jpeg/pillow_hopper.jpg' was not derived")
        }
        let reference = try pixels(of: upright.variants[0].file, scratch: scratch)
        for (file, image) in derived.sorted(by: { $0.key < $1.key }) where file.contains("pillow_hopper_orientation_") {
            for variant in image.variants {
                let difference = try meanDifference(reference, try pixels(of: variant.file, scratch: scratch))
                report.check(difference < sameImageTolerance, "\(file): the \(variant.encoding.format) output differs from the upright photo by \(difference) on average")
            }
        }
        return report
    }

    /// What is wrong with a derived image's files: shape, orientation, metadata.
    static func problems(in image: DerivedImage) -> [String] {
        var found: [String] = []
        for variant in image.variants {
            let name = "the \(variant.encoding.format) file"
            guard let data = FileManager.default.contents(atPath: variant.file.path), let info = try? ImageProbe.probe([UInt8](data)) else {
                found.append("\(name) is unreadable")
                continue
            }
            if info.format != variant.encoding.format { found.append("\(name) is \(info.format)") }
            if info.orientation != 1 { found.append("\(name) has orientation \(info.orientation)") }
            if info.width != variant.width { found.append("\(name) is \(info.width) wide, not \(variant.width)") }
            // The shape of the original as displayed, up to rounding to whole pixels.
            let expectedHeight = Double(image.height) * Double(info.width) / Double(image.width)
            if abs(Double(info.height) - expectedHeight) > 1 { found.append("\(name) is \(info.width)x\(info.height), not the shape of \(image.width)x\(image.height)") }
            for signature in metadataSignatures where data.range(of: Data(signature.utf8)) != nil {
                found.append("\(name) contains '\(signature.replacingOccurrences(of: "\0", with: "\\0"))'")
            }
        }
        return found
    }

    /// A decoded image as 8-bit RGB, through libvips' PPM writer.
    struct Pixels {
        var width: Int
        var height: Int
        var rgb: [UInt8]
    }

    static func pixels(of file: URL, scratch: URL) throws -> Pixels {
        let ppm = scratch.appendingPathComponent("\(UUID().uuidString).ppm")
        defer { try? FileManager.default.removeItem(at: ppm) }
        let vips = try require(VipsThumbnailEngine.locate()).executable.deletingLastPathComponent().appendingPathComponent("vips")
        let process = Process()
        process.executableURL = vips
        process.arguments = ["copy", file.path, ppm.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: ppm.path) else {
            throw SetupError(description: "cannot decode '\(file.path)' with vips")
        }
        // "P6", width, height and maximum value separated by whitespace or comment lines, one
        // whitespace byte, then the samples.
        let bytes = [UInt8](data)
        var fields: [Int] = []
        var offset = 2
        while fields.count < 3 {
            while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x23 {
                if bytes[offset] == 0x23 {  // "#" starts a comment line
                    while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
                }
                offset += 1
            }
            var value = 0
            while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) {
                value = value * 10 + Int(bytes[offset] - 0x30)
                offset += 1
            }
            fields.append(value)
        }
        return Pixels(width: fields[0], height: fields[1], rgb: Array(bytes[(offset + 1)...]))
    }

    static func meanDifference(_ a: Pixels, _ b: Pixels) throws -> Double {
        guard a.width == b.width, a.height == b.height, a.rgb.count == b.rgb.count, !a.rgb.isEmpty else {
            return .infinity
        }
        let total = zip(a.rgb, b.rgb).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.rgb.count)
    }
}

/// Unwraps a value a setup step cannot do without.
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw ResponsiveImagesSuite.SetupError(description: "a required tool is missing") }
    return value
}
