import Foundation

/// Derives responsive sizes, WebP (and optionally AVIF) versions and placeholders of the site's
/// images, reusing what earlier builds left in the cache.
///
/// A warm build starts no engine process; a changed source or option derives only the files
/// whose cache keys changed. Work runs on at most `concurrency` engine calls at once. Without an
/// engine (libvips not installed) every image passes through unchanged and one note says how to
/// enable resizing; a failed resize passes that image through with a warning.
///
/// ```swift
/// let deriver = ImageDeriver(cacheFolder: site.appendingPathComponent(".cache"))
/// let derived = await deriver.derive(Array(stored.values), log: log)
/// for image in derived.values {
///     for file in image.outputFiles { output.add(file.path, file.content) }
/// }
/// ```
public struct ImageDeriver: Sendable {
    public var options: DerivativeOptions
    /// Nil runs the pass-through fallback.
    public var engine: (any ImageEngine)?
    /// The site's cache folder; derived files go to its `derived` subfolder.
    public var cacheFolder: URL
    /// Engine calls at once. Each call is a process that mostly decodes and encodes on one core.
    public var concurrency: Int

    public init(cacheFolder: URL, options: DerivativeOptions = DerivativeOptions(), engine: (any ImageEngine)? = VipsThumbnailEngine.locate(), concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.cacheFolder = cacheFolder
        self.options = options
        self.engine = engine
        self.concurrency = max(1, concurrency)
    }

    /// Derives every image, keyed by the image it came from. Images with equal content are
    /// derived once.
    public func derive(_ images: [StoredImage], log: DiagnosticLog) async -> [StoredImage: DerivedImage] {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: deriveBlocking(images, log: log))
            }
        }
    }

    /// `derive` for synchronous callers: blocks the calling thread while engine processes run.
    public func deriveBlocking(_ images: [StoredImage], log: DiagnosticLog) -> [StoredImage: DerivedImage] {
        let resizable = images.filter { !options.encodings(for: $0.info.format).isEmpty }
        guard let engine else {
            if !resizable.isEmpty { log.report(Self.noEngineNote) }
            return Dictionary(images.map { ($0, DerivedImage(source: $0)) }, uniquingKeysWith: { first, _ in first })
        }
        let cache = DerivativeCache(derivedFolder: cacheFolder.appendingPathComponent("derived"), engineIdentity: engine.identity)
        var plans: [String: Plan] = [:]
        for image in resizable where plans[image.contentHash] == nil {
            plans[image.contentHash] = plan(image, cache: cache)
        }
        // In hash order, so work and warnings come in the same order every build.
        let ordered = plans.sorted { $0.key < $1.key }
        for (hash, plan) in ordered where !plan.missing.isEmpty {
            cache.removeAbandonedPartials(sourceHash: hash)
        }
        let failures = run(ordered.flatMap(\.value.missing), engine: engine, cache: cache)

        var derivedByHash: [String: DerivedImage] = [:]
        for (hash, plan) in ordered {
            if let failure = plan.missing.lazy.compactMap({ failures[$0.output] }).first {
                log.report(.warning("cannot resize the image '\(plan.source.file.path)': \(failure.message)", notes: ["the page uses the original file"]))
                derivedByHash[hash] = DerivedImage(source: plan.source)
                continue
            }
            derivedByHash[hash] = plan.result(cache: cache)
            if derivedByHash[hash]?.isPassthrough ?? true {
                log.report(.warning("cannot read the derived files of '\(plan.source.file.path)' back from '\(cache.folder.path)'", notes: ["the page uses the original file"]))
            }
        }
        return Dictionary(images.map { ($0, derivedByHash[$0.contentHash] ?? DerivedImage(source: $0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Said once per build when no engine is installed and some image could have been resized.
    static let noEngineNote = Diagnostic(
        .note, "images are used at their original size: '\(VipsThumbnailEngine.executableName)' was not found on the PATH",
        notes: ["to ship responsive sizes and WebP, install libvips' tools: 'apt-get install libvips-tools'"])

    // MARK: Planning

    /// What one source needs: every file it should have, and the requests for those missing.
    struct Plan {
        var source: StoredImage
        var variants: [(width: Int, encoding: ImageEncoding, file: URL)]
        var placeholder: URL
        var missing: [ThumbnailRequest]

        /// The derived image read back from the cache, or a pass-through one if any file is gone.
        func result(cache: DerivativeCache) -> DerivedImage {
            var found: [ImageVariant] = []
            for variant in variants {
                guard let size = cache.byteCount(of: variant.file) else { return DerivedImage(source: source) }
                found.append(ImageVariant(width: variant.width, encoding: variant.encoding, file: variant.file, byteCount: size))
            }
            let placeholderBytes = FileManager.default.contents(atPath: placeholder.path)
            return DerivedImage(source: source, variants: found, placeholder: placeholderBytes.map { PlaceholderURI.make(webp: $0) })
        }
    }

    func plan(_ image: StoredImage, cache: DerivativeCache) -> Plan {
        let shown = DerivedImage(source: image)
        var variants: [(width: Int, encoding: ImageEncoding, file: URL)] = []
        var missing: [ThumbnailRequest] = []
        for encoding in options.encodings(for: image.info.format) {
            for width in options.widths(forDisplayWidth: shown.width) {
                let file = cache.variantURL(sourceHash: image.contentHash, width: width, encoding: encoding)
                variants.append((width, encoding, file))
                if cache.byteCount(of: file) == nil {
                    missing.append(ThumbnailRequest(source: image.file, width: width, encoding: encoding, output: file))
                }
            }
        }
        let encoding = options.placeholderEncoding
        let size = options.placeholderSize
        let placeholder = cache.placeholderURL(sourceHash: image.contentHash, size: size, encoding: encoding)
        if cache.byteCount(of: placeholder) == nil {
            missing.append(ThumbnailRequest(source: image.file, width: size, maxHeight: size, encoding: encoding, output: placeholder))
        }
        return Plan(source: image, variants: variants, placeholder: placeholder, missing: missing)
    }

    // MARK: Running

    /// Runs the requests, `concurrency` at a time, each into a temporary file renamed into place.
    /// Returns the failures by output file.
    func run(_ requests: [ThumbnailRequest], engine: any ImageEngine, cache: DerivativeCache) -> [URL: ImageEngineError] {
        guard !requests.isEmpty else { return [:] }
        let lock = NSLock()
        var next = 0
        var failures: [URL: ImageEngineError] = [:]
        DispatchQueue.concurrentPerform(iterations: min(concurrency, requests.count)) { _ in
            while true {
                let index: Int = lock.withLock {
                    defer { next += 1 }
                    return next
                }
                guard index < requests.count else { return }
                do throws(ImageEngineError) {
                    try perform(requests[index], engine: engine, cache: cache)
                } catch {
                    lock.withLock { failures[requests[index].output] = error }
                }
            }
        }
        return failures
    }

    /// Makes one file: the engine writes aside, and only a complete file is renamed into place.
    func perform(_ request: ThumbnailRequest, engine: any ImageEngine, cache: DerivativeCache) throws(ImageEngineError) {
        let final = request.output
        try cache.prepareFolder(for: final)
        var aside = request
        aside.output = cache.temporaryURL(for: final)
        do throws(ImageEngineError) {
            try engine.thumbnail(aside)
        } catch {
            try? FileManager.default.removeItem(at: aside.output)
            throw error
        }
        try cache.commit(aside.output, as: final)
    }
}
