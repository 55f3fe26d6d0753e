import Foundation
import Testing
@testable import CarouselSiteKit

/// The deriver with real libvips processes on real files.
@Suite struct ImageDeriverTests {
    func deriver(_ fixtures: FixtureImages, engine: (any ImageEngine)?, configure: (inout DerivativeOptions) -> Void = { _ in }) -> ImageDeriver {
        var options = DerivativeOptions()
        configure(&options)
        return ImageDeriver(cacheFolder: fixtures.cache, options: options, engine: engine)
    }

    @Test(arguments: 1...8)
    func everyOrientationComesOutUpright(orientation: Int) async throws {
        let fixtures = try FixtureImages()
        defer { fixtures.remove() }
        let image = try fixtures.orientedJPEG(orientation: orientation)
        let log = DiagnosticLog()
        let derived = try #require(await deriver(fixtures, engine: try VipsCLI.engine()) { $0.widths = [32] }.derive([image], log: log)[image])
        #expect(log.diagnostics.isEmpty)
        #expect(derived.width == 64 && derived.height == 32, "the displayed size is landscape")
        #expect(derived.variants.map(\.encoding.format) == [.jpeg, .webp])
        for variant in derived.variants {
            let size = try VipsCLI.size(of: variant.file)
            #expect(size.width == 32 && size.height == 16, "\(variant.encoding.format) is \(size)")
            // The centre of each quadrant of the 32×16 output.
            for (x, y) in [(8, 4), (24, 4), (8, 12), (24, 12)] {
                let expected = FixtureImages.uprightColour(x: x, y: y, width: 32, height: 16)
                let actual = try VipsCLI.pixel(of: variant.file, x: x, y: y)
                #expect(nearestQuadrantColour(actual) == expected, "\(variant.encoding.format) at (\(x), \(y)) is \(actual)")
            }
        }
    }

    /// Which of the four fixture colours a decoded pixel is closest to (lossy encoders blur them).
    func nearestQuadrantColour(_ pixel: [Int]) -> [Int] {
        FixtureImages.quadrantColours.min { a, b in
            zip(a, pixel).map { ($0 - $1) * ($0 - $1) }.reduce(0, +) < zip(b, pixel).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
        }!
    }

    @Test func derivedFilesCarryNoMetadata() async throws {
        let fixtures = try FixtureImages()
        defer { fixtures.remove() }
        let image = try fixtures.orientedJPEG(orientation: 6)
        let original = try Data(contentsOf: image.file)
        #expect(original.range(of: Data("Exif".utf8)) != nil && original.range(of: Data("ns.adobe.com/xap".utf8)) != nil, "the fixture has EXIF and XMP")
        let derived = try #require(await deriver(fixtures, engine: try VipsCLI.engine()) { $0.widths = [16, 32]; $0.avif = true }.derive([image], log: DiagnosticLog())[image])
        #expect(derived.variants.map(\.encoding.format) == [.jpeg, .jpeg, .webp, .webp, .avif, .avif])
        for variant in derived.variants {
            let bytes = [UInt8](try Data(contentsOf: variant.file))
            #expect(MetadataScan.markers(in: bytes) == [], "\(variant.file.lastPathComponent)")
        }
        let placeholder = try #require(derived.placeholder)
        #expect(MetadataScan.markers(in: try PlaceholderData.decode(placeholder)) == [])
    }

    @Test func aCorruptColourProfileIsIgnoredAsBrowsersDo() async throws {
        let fixtures = try FixtureImages()
        defer { fixtures.remove() }
        let image = try fixtures.jpegWithCorruptProfile()
        let log = DiagnosticLog()
        let derived = try #require(await deriver(fixtures, engine: try VipsCLI.engine()) { $0.widths = [12] }.derive([image], log: log)[image])
        #expect(log.diagnostics.isEmpty)
        #expect(derived.variants.map(\.width) == [12, 12])
        for variant in derived.variants {
            #expect(MetadataScan.markers(in: [UInt8](try Data(contentsOf: variant.file))) == [])
        }
    }

    @Test func widthsAreTheConfiguredOnesAndNeverUpscaled() async throws {
        let fixtures = try FixtureImages()
        defer { fixtures.remove() }
        let wide = try fixtures.png(width: 1000, height: 500, name: "wide.png")
        let narrow = try fixtures.png(width: 300, height: 200, name: "narrow.png")
        let derived = await deriver(fixtures, engine: try VipsCLI.engine()).derive([wide, narrow], log: DiagnosticLog())
        let wideVariants = try #require(derived[wide]).variants
        #expect(wideVariants.map(\.width) == [480, 800, 1000, 480, 800, 1000])
        #expect(wideVariants.map(\.encoding) == Array(repeating: ImageEncoding.png, count: 3) + Array(repeating: .webp(quality: 80), count: 3))
        for variant in wideVariants {
            let size = try VipsCLI.size(of: variant.file)
            #expect(size.width == variant.width && size.height == variant.width / 2)
            #expect(variant.byteCount == (try Data(contentsOf: variant.file)).count)
        }
        #expect(try #require(derived[narrow]).variants.map(\.width) == [300, 300], "one size, the original's, per format")
    }

    @Test func aWarmRunStartsNoProcessAndGivesTheSameResult() async throws {
        let fixtures = try FixtureImages()
        defer { fixtures.remove() }
        let images = [try fixtures.orientedJPEG(orientation: 1), try fixtures.png(width: 100, height: 50)]
        let engine = CountingEngine(try VipsCLI.engine())
        let deriver = deriver(fixtures, engine: engine) { $0.widths = [20, 40] }
        let cold = await deriver.derive(images, log: DiagnosticLog())
        // Two widths in two formats, plus a placeholder, per image.
        #expect(engine.calls.count == 10)
        engine.reset()
        let warm = await deriver.derive(images, log: DiagnosticLog())
        #expect(engine.calls.isEmpty)
        #expect(warm == cold)
    }

    @Test func aChangedOptionDerivesOnlyTheFilesItAffects() async throws {
        let fixtures = try FixtureImages()
        defer { fixtures.remove() }
        let image = try fixtures.orientedJPEG(orientation: 1)
        let engine = CountingEngine(try VipsCLI.engine())
        _ = await deriver(fixtures, engine: engine) { $0.widths = [20, 40] }.derive([image], log: DiagnosticLog())
        engine.reset()
        _ = await deriver(fixtures, engine: engine) { $0.widths = [20, 40]; $0.webpQuality = 60 }.derive([image], log: DiagnosticLog())
        #expect(Set(engine.calls.map(\.encoding)) == [.webp(quality: 60)])
        #expect(engine.calls.map(\.width).sorted() == [20, 40])
        engine.reset()
        _ = await deriver(fixtures, engine: engine) { $0.widths = [20, 30, 40] }.derive([image], log: DiagnosticLog())
        #expect(engine.calls.map(\.width) == [30, 30])
    }

    @Test func aChangedSourceDerivesOnlyThatSource() async throws {
        let fixtures = try FixtureImages()
        defer { fixtures.remove() }
        let kept = try fixtures.png(width: 60, height: 30, name: "kept.png")
        let edited = try fixtures.orientedJPEG(orientation: 1, name: "edited.jpg")
        let engine = CountingEngine(try VipsCLI.engine())
        let deriver = deriver(fixtures, engine: engine) { $0.widths = [20] }
        _ = await deriver.derive([kept, edited], log: DiagnosticLog())
        engine.reset()
        let replaced = try fixtures.orientedJPEG(orientation: 3, name: "edited.jpg")
        #expect(replaced.contentHash != edited.contentHash)
        _ = await deriver.derive([kept, replaced], log: DiagnosticLog())
        #expect(Set(engine.calls.map(\.source)) == [replaced.file])
        #expect(engine.calls.count == 3)
    }

    @Test func withoutAnEngineOriginalsPassThroughWithOneNote() async throws {
        let fixtures = try FixtureImages()
        defer { fixtures.remove() }
        let images = [try fixtures.orientedJPEG(orientation: 6), try fixtures.png(width: 100, height: 50)]
        let log = DiagnosticLog()
        let derived = await deriver(fixtures, engine: nil).derive(images, log: log)
        #expect(log.diagnostics == [ImageDeriver.noEngineNote])
        #expect(log.diagnostics[0].notes.joined().contains("apt-get install libvips-tools"))
        let oriented = try #require(derived[images[0]])
        #expect(oriented.isPassthrough && oriented.width == 64 && oriented.height == 32, "the displayed size, turned")
        #expect(oriented.outputFiles.map(\.content) == [.file(images[0].file)])
        let page = oriented.pageImage
        #expect(page.src == "images/\(images[0].contentHash.prefix(12)).jpg" && page.candidates.isEmpty && page.sources.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixtures.cache.path), "nothing is written")
    }

    @Test func aFailedResizeFallsBackToTheOriginalAndLeavesNoPartialFile() async throws {
        let fixtures = try FixtureImages()
        defer { fixtures.remove() }
        let image = try fixtures.orientedJPEG(orientation: 1)
        let log = DiagnosticLog()
        let derived = try #require(await deriver(fixtures, engine: FailingEngine()).derive([image], log: log)[image])
        #expect(derived.isPassthrough)
        #expect(log.diagnostics.map(\.severity) == [.warning])
        #expect(log.diagnostics.first?.message == "cannot resize the image '\(image.file.path)': the encoder ran out of memory")
        let left = FileManager.default.enumerator(atPath: fixtures.cache.path)?.compactMap { $0 as? String }.filter { $0.contains(".") } ?? []
        #expect(left == [])
    }

    @Test func aFileLibvipsCannotDecodeFallsBackWithItsReason() async throws {
        let fixtures = try FixtureImages()
        defer { fixtures.remove() }
        let whole = try fixtures.orientedJPEG(orientation: 1)
        // Every header up to the frame's size survives, so the probe accepts it; the scan (from
        // its SOS marker, FF DA) is replaced by the end-of-image marker.
        let original = [UInt8](try Data(contentsOf: whole.file))
        let scan = try #require(original.indices.dropLast().first { original[$0] == 0xFF && original[$0 + 1] == 0xDA })
        let bytes = Array(original[..<scan]) + [0xFF, 0xD9]
        let truncated = try fixtures.store(bytes, name: "truncated.jpg", format: .jpeg, width: 64, height: 32, orientation: 1)
        let log = DiagnosticLog()
        let derived = try #require(await deriver(fixtures, engine: try VipsCLI.engine()) { $0.widths = [32] }.derive([truncated], log: log)[truncated])
        #expect(derived.isPassthrough)
        let message = try #require(log.diagnostics.first?.message)
        #expect(log.diagnostics.count == 1)
        #expect(message.hasPrefix("cannot resize the image '\(truncated.file.path)': 'vipsthumbnail' failed: "), "\(message)")
        #expect(message.count > "cannot resize the image '\(truncated.file.path)': 'vipsthumbnail' failed: ".count + 5, "libvips' own reason follows")
    }

    @Test func partialFilesOfKilledBuildsAreRemovedAndThoseOfRunningBuildsKept() async throws {
        let fixtures = try FixtureImages()
        defer { fixtures.remove() }
        let image = try fixtures.orientedJPEG(orientation: 1)
        let engine = try VipsCLI.engine()
        let folder = fixtures.cache.appendingPathComponent("derived/\(engine.identity)/\(image.contentHash)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let abandoned = folder.appendingPathComponent(".partial-killed-32-webp-q80.webp")
        let running = folder.appendingPathComponent(".partial-running-32-webp-q80.webp")
        try Data([1]).write(to: abandoned)
        try Data([1]).write(to: running)
        let twoHoursAgo = Date(timeIntervalSinceNow: -2 * 3600)
        try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: abandoned.path)
        _ = await deriver(fixtures, engine: engine) { $0.widths = [32] }.derive([image], log: DiagnosticLog())
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: running.path))
    }

    @Test func gifAndSVGPassThroughUntouched() async throws {
        let fixtures = try FixtureImages()
        defer { fixtures.remove() }
        let svg = try fixtures.store(Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"/>"#.utf8), name: "logo.svg", format: .svg, width: 40, height: 20, orientation: 1)
        let gifBytes = try fixtures.encode(Array(repeating: 200, count: 8 * 4 * 3), width: 8, height: 4, as: "gif")
        let gif = try fixtures.store(gifBytes, name: "anim.gif", format: .gif, width: 8, height: 4, orientation: 1)
        let engine = CountingEngine(try VipsCLI.engine())
        let log = DiagnosticLog()
        let derived = await deriver(fixtures, engine: engine).derive([svg, gif], log: log)
        #expect(engine.calls.isEmpty && log.diagnostics.isEmpty)
        #expect(derived[svg]?.outputFiles.map(\.path) == ["images/\(svg.contentHash.prefix(12)).svg"])
        #expect(derived[gif]?.isPassthrough == true)
    }

    @Test func placeholdersAreTinyInlineWebP() async throws {
        let fixtures = try FixtureImages()
        defer { fixtures.remove() }
        let images = [try fixtures.orientedJPEG(orientation: 8, width: 640, height: 360), try fixtures.png(width: 1000, height: 1000)]
        let derived = await deriver(fixtures, engine: try VipsCLI.engine()) { $0.widths = [100] }.derive(images, log: DiagnosticLog())
        for image in images {
            let uri = try #require(derived[image]?.placeholder)
            #expect(uri.hasPrefix("data:image/webp;base64,"))
            // "A few hundred bytes": the whole URI stays under 300.
            #expect(uri.utf8.count < 300, "\(uri.utf8.count) bytes")
            let file = fixtures.folder.appendingPathComponent("placeholder-\(image.contentHash).webp")
            try Data(try PlaceholderData.decode(uri)).write(to: file)
            let size = try VipsCLI.size(of: file)
            #expect(max(size.width, size.height) == 16)
        }
    }
}

/// Decodes a placeholder's `data:` URI back to its bytes.
enum PlaceholderData {
    static func decode(_ uri: String) throws -> [UInt8] {
        let base64 = try #require(uri.split(separator: ",", maxSplits: 1).last)
        return [UInt8](try #require(Data(base64Encoded: String(base64))))
    }
}
