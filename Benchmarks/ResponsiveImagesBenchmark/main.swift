// Usage: ResponsiveImagesBenchmark CACHE_FOLDER VIEWPORT_WIDTH IMAGE...
//
// Derives the responsive images of the given files exactly as a site build does (default
// options, cache in CACHE_FOLDER/derived, one engine process per core), then prints what the
// engine did and the bytes a browser fetches for a VIEWPORT_WIDTH-wide first view, against the
// originals. Exits 1 on any diagnostic other than notes, or when libvips is missing.
import CarouselSiteKit
import Foundation

/// Counts engine calls, to show that a warm run makes none.
final class CountingEngine: ImageEngine, @unchecked Sendable {
    let wrapped: any ImageEngine
    private let lock = NSLock()
    private var count = 0

    init(_ wrapped: any ImageEngine) { self.wrapped = wrapped }

    var identity: String { wrapped.identity }
    var calls: Int { lock.withLock { count } }

    func thumbnail(_ request: ThumbnailRequest) throws(ImageEngineError) {
        lock.withLock { count += 1 }
        try wrapped.thumbnail(request)
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ResponsiveImagesBenchmark: error: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, let viewport = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ResponsiveImagesBenchmark CACHE_FOLDER VIEWPORT_WIDTH IMAGE...\n".utf8))
    exit(64)
}
guard let vips = VipsThumbnailEngine.locate() else { fail("'vipsthumbnail' is not on the PATH") }

var images: [StoredImage] = []
for path in arguments.dropFirst(2) {
    let file = URL(fileURLWithPath: path)
    guard let data = FileManager.default.contents(atPath: file.path) else { fail("cannot read '\(path)'") }
    let bytes = [UInt8](data)
    do {
        images.append(StoredImage(contentHash: SHA256.hex(of: bytes), file: file, info: try ImageProbe.probe(bytes), byteCount: bytes.count))
    } catch {
        fail("'\(path)' is not an image: \(error)")
    }
}

let engine = CountingEngine(vips)
let log = DiagnosticLog()
let deriver = ImageDeriver(cacheFolder: URL(fileURLWithPath: arguments[0]), engine: engine)
let derived = await deriver.derive(images, log: log)
for diagnostic in log.diagnostics where diagnostic.severity != .note {
    fail("\(diagnostic.severity): \(diagnostic.message)")
}

// What a browser with a `viewport`-wide window and `sizes="100vw"` fetches at 1x density: the
// narrowest candidate of its best format at least as wide as the viewport, else the widest.
var originalBytes = 0
var firstViewBytes = 0
var placeholderBytes = 0
for image in derived.values {
    originalBytes += image.source.byteCount
    let best = image.variants.filter { $0.encoding == image.variants.last?.encoding }
    let pick = best.first { $0.width >= viewport } ?? best.last
    firstViewBytes += pick?.byteCount ?? image.source.byteCount
    placeholderBytes += image.placeholder?.utf8.count ?? 0
}
print("images: \(images.count)")
print("engine calls: \(engine.calls)")
print("derived files: \(derived.values.reduce(0) { $0 + $1.variants.count })")
print("original bytes: \(originalBytes)")
print("bytes fetched at \(viewport) px: \(firstViewBytes)")
print("placeholder bytes (inline): \(placeholderBytes)")
