import Foundation

/// Builds a site folder into its output folder by running the pipeline stages in order:
/// config → feeds → images → pages → output.
///
/// The builder only sequences stages and reports progress; each stage does one thing. Problems a
/// build can survive (a broken image, a skipped feed item) go to the log as warnings; anything
/// else stops the build before a single output file is replaced.
public struct SiteBuilder: Sendable {
    public let siteFolder: URL
    public let options: BuildOptions
    public let log: DiagnosticLog
    /// Receives one line per stage ("[2/5] Reading feeds"), for the command line to print.
    public var progress: @Sendable (String) -> Void
    /// Receives finer detail within stages (each feed, image totals, files written), shown with `--verbose`.
    public var detail: @Sendable (String) -> Void = { _ in }

    public init(siteFolder: URL, options: BuildOptions = BuildOptions(), log: DiagnosticLog = DiagnosticLog(), progress: @escaping @Sendable (String) -> Void = { _ in }) {
        self.siteFolder = siteFolder.standardizedFileURL
        self.options = options
        self.log = log
        self.progress = progress
    }

    /// Runs the whole pipeline and swaps the new site in.
    @discardableResult
    public func build() async throws(DiagnosticError) -> BuildSummary {
        let stages = 6
        progress("[1/\(stages)] Reading \(ConfigLoader.fileName)")
        let config = try loadConfig()
        let store = makeImageStore(config)
        progress("[2/\(stages)] Reading feeds")
        let shows = try await readFeeds(config, store: store)
        progress("[3/\(stages)] Fetching images")
        var output = SiteOutput()
        let slides = shows.flatMap(\.1)
        var locations: [ImageSource: SourceLocation] = [:]
        for slide in slides where locations[slide.image] == nil { locations[slide.image] = slide.location }
        let stored = await store.fetch(slides.map(\.image), log: log, locations: locations)
        let bytes = Set(stored.values).reduce(0) { $0 + $1.byteCount }
        detail("    \(stored.count) of \(locations.count) images ready, \(bytes / 1024) KB")
        progress("[4/\(stages)] Resizing images")
        let derived = await makeDeriver(config)?.derive(Array(Set(stored.values)), log: log) ?? [:]
        detail("    \(derived.values.reduce(0) { $0 + $1.variants.count }) sizes and formats of \(derived.count) images")
        let pageShows = try place(shows, images: stored, derived: derived, policy: config.images.onMissing, into: &output)
        progress("[5/\(stages)] Rendering pages")
        let renderer = try stage { () throws(Diagnostic) in try makeRenderer() }
        try stage { () throws(Diagnostic) in try renderer.render(site: config, shows: pageShows, fragments: options.fragment, into: &output) }
        if config.precompress || options.precompress { Precompression.add(to: &output) }
        if config.hostingHeaders { output.add(HostingHeaders.fileName, text: HostingHeaders.file(for: output)) }
        try stopIfFailed()
        let folder = outputFolder(config)
        progress("[6/\(stages)] Writing \(displayPath(folder))")
        try stage { () throws(Diagnostic) in try SiteWriter().write(output, to: folder) }
        detail("    \(output.paths.count) files in \(displayPath(folder))")
        return BuildSummary(
            outputFolder: folder, pages: output.paths.filter { $0.hasSuffix(".html") }.count,
            slides: pageShows.reduce(0) { $0 + $1.1.count }, images: Set(stored.values.map(\.contentHash)).count)
    }

    /// Validates config, feeds and templates without fetching images or writing anything.
    public func check() async throws(DiagnosticError) {
        let config = try loadConfig()
        let shows = try await readFeeds(config, store: makeImageStore(config))
        let renderer = try stage { () throws(Diagnostic) in try makeRenderer() }
        var scratch = SiteOutput()
        let pageShows = shows.map { show, slides in (show, slides.map { PageSlide(slide: $0, image: .missing) }) }
        try stage { () throws(Diagnostic) in try renderer.render(site: config, shows: pageShows, into: &scratch) }
        try stopIfFailed()
    }

    // MARK: Stages

    func loadConfig() throws(DiagnosticError) -> SiteConfig {
        let configURL = siteFolder.appendingPathComponent(ConfigLoader.fileName)
        var config: SiteConfig
        if let data = FileManager.default.contents(atPath: configURL.path) {
            config = try ConfigLoader().load(SourceText(name: displayPath(configURL), data: data), log: log)
        } else {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: siteFolder.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw DiagnosticError([.error("the site folder '\(displayPath(siteFolder))' does not exist", notes: ["create one with 'carousel-site init \(displayPath(siteFolder))'"])])
            }
            guard options.feed != nil else {
                throw DiagnosticError([.error("no '\(ConfigLoader.fileName)' in '\(displayPath(siteFolder))'", notes: ["run 'carousel-site init' to create a site, or pass '--feed FILE'"])])
            }
            config = SiteConfig()
        }
        if let feed = options.feed {
            let location: FeedLocation
            if let url = URL(string: feed), ["http", "https"].contains(url.scheme?.lowercased()) {
                location = .remote(url)
            } else {
                // A --feed path is given relative to where the user typed it; feeds live in the site.
                let absolute = URL(fileURLWithPath: feed).standardizedFileURL.path
                location = .local(absolute.hasPrefix(siteFolder.path + "/") ? String(absolute.dropFirst(siteFolder.path.count + 1)) : feed)
            }
            var show = config.shows.first ?? ShowConfig(id: "index", title: config.title, feed: location)
            show.feed = location
            config.shows = [show]
        }
        if let baseURL = options.baseURL {
            guard ["http", "https"].contains(baseURL.scheme?.lowercased()), baseURL.host != nil else {
                throw DiagnosticError([.error("'--base-url' must be an absolute http or https URL, like 'https://example.org/slides/'")])
            }
            // Relative page paths resolve under the base only when it ends with a slash.
            config.baseURL = baseURL.absoluteString.hasSuffix("/") ? baseURL : URL(string: baseURL.absoluteString + "/")
        }
        guard !config.shows.isEmpty else {
            throw DiagnosticError([.error("no feed configured", at: .file(displayPath(configURL)), notes: ["add \"feed\": \"slides.json\" to \(ConfigLoader.fileName), or pass '--feed FILE'"])])
        }
        return config
    }

    func readFeeds(_ config: SiteConfig, store: ImageStore) async throws(DiagnosticError) -> [(ShowConfig, [Slide])] {
        var result: [(ShowConfig, [Slide])] = []
        var errors: [Diagnostic] = []
        for show in config.shows {
            do {
                let document = try await loadFeed(show, store: store)
                let slides = try FeedReader(mapping: show.mapping, maximumItems: show.maxSlides).read(document, log: log)
                detail("    \(document.source.name): \(slides.count) slide\(slides.count == 1 ? "" : "s") for '\(show.id)'")
                if slides.isEmpty {
                    errors.append(.error("the feed has no slides with a usable image", at: .file(document.source.name)))
                }
                result.append((show, slides))
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else { throw DiagnosticError(errors) }
        return result
    }

    func loadFeed(_ show: ShowConfig, store: ImageStore) async throws(Diagnostic) -> FeedDocument {
        switch show.feed {
        case .local(let path):
            let resolved = try SitePath.resolve(path, in: siteFolder, what: "feed", at: show.location)
            guard let data = FileManager.default.contents(atPath: resolved.path) else {
                throw .error("cannot read the feed '\(path)': no such file", at: show.location)
            }
            let folder = (path as NSString).deletingLastPathComponent
            return FeedDocument(source: SourceText(name: displayPath(resolved), data: data), url: nil, folder: SitePath.normalize(folder) ?? "")
        case .remote(let url):
            // Remote feeds go through the image store's cache, so `--offline` builds still work.
            do {
                let (data, finalURL) = try await store.fetchDocument(url, log: log)
                return FeedDocument(source: SourceText(name: url.absoluteString, data: data), url: finalURL, folder: "")
            } catch let error as Diagnostic {
                var located = error
                located.location = located.location ?? show.location
                throw located
            } catch {
                throw .error("cannot fetch the feed '\(url.absoluteString)': \(error)", at: show.location)
            }
        }
    }

    func makeImageStore(_ config: SiteConfig) -> ImageStore {
        var storeOptions = ImageStoreOptions()
        storeOptions.cacheTTL = config.images.cacheTTL
        storeOptions.maxDownloadBytes = config.images.maxDownloadBytes
        storeOptions.maxPixels = config.images.maxPixels
        storeOptions.timeout = config.images.timeout
        storeOptions.offline = options.offline
        storeOptions.refresh = options.refresh
        if let ttl = options.cacheTTL { storeOptions.cacheTTL = ttl }
        if let jobs = options.jobs { storeOptions.jobs = jobs }
        return ImageStore(
            siteFolder: siteFolder, cacheFolder: siteFolder.appendingPathComponent(".cache"), options: storeOptions,
            progress: options.quiet ? ProgressReporter(style: .quiet) : ProgressReporter.standardError(quiet: false))
    }

    /// Gives each slide its image's place in the output (`images/<hash>.<ext>`), or the missing-image
    /// placeholder, or drops the slide, as the config says.
    /// Gives each slide its image as the page will load it: the resized variants when there are
    /// any, else the original under its content-hashed name (`images/<hash>.<ext>`).
    func place(_ shows: [(ShowConfig, [Slide])], images: [ImageSource: StoredImage], derived: [StoredImage: DerivedImage], policy: ImageSettings.MissingImagePolicy, into output: inout SiteOutput) throws(DiagnosticError) -> [(ShowConfig, [PageSlide])] {
        var errors: [Diagnostic] = []
        let placed: [(ShowConfig, [PageSlide])] = shows.map { show, slides in
            let pageSlides: [PageSlide] = slides.compactMap { slide in
                guard let stored = images[slide.image] else {
                    return policy == .drop ? nil : PageSlide(slide: slide, image: .missing)
                }
                let image = derived[stored] ?? DerivedImage(source: stored)
                for (path, content) in image.outputFiles { output.add(path, content) }
                return PageSlide(slide: slide, image: image.pageImage)
            }
            if pageSlides.isEmpty {
                errors.append(.error("no slide of the show '\(show.id)' has an image", at: show.location))
            }
            return (show, pageSlides)
        }
        guard errors.isEmpty else { throw DiagnosticError(errors) }
        return placed
    }

    /// The resizer, or nil when the config or `--no-resize` turns resizing off (the originals are
    /// then used as they are, without the note that libvips is missing).
    func makeDeriver(_ config: SiteConfig) -> ImageDeriver? {
        guard config.images.resize, !options.noResize else { return nil }
        var derivativeOptions = DerivativeOptions()
        derivativeOptions.widths = config.images.widths
        derivativeOptions.avif = config.images.avif
        derivativeOptions.webpQuality = config.images.webpQuality
        derivativeOptions.jpegQuality = config.images.jpegQuality
        return ImageDeriver(cacheFolder: siteFolder.appendingPathComponent(".cache"), options: derivativeOptions)
    }

    func makeRenderer() throws(Diagnostic) -> PageRenderer {
        let overrides = siteFolder.appendingPathComponent(Theme.overrideFolder)
        let theme = try Theme.standard(overriddenBy: overrides)
        // Errors in the site's own templates name them the way feed errors name feeds.
        return try PageRenderer(theme: theme, overrideFolder: displayPath(overrides), strict: options.strict)
    }

    func outputFolder(_ config: SiteConfig) -> URL {
        options.output ?? siteFolder.appendingPathComponent(config.output)
    }

    /// Fails the build when errors were logged, or warnings under `--strict`.
    func stopIfFailed() throws(DiagnosticError) {
        let diagnostics = log.diagnostics
        if diagnostics.contains(where: { $0.severity == .error }) || (options.strict && diagnostics.contains { $0.severity == .warning }) {
            throw DiagnosticError([])  // already in the log
        }
    }

    /// Runs a stage that throws one diagnostic, as one that throws a list.
    func stage<T>(_ body: () throws(Diagnostic) -> T) throws(DiagnosticError) -> T {
        do {
            return try body()
        } catch {
            throw DiagnosticError([error])
        }
    }

    /// A path as the user would type it: relative to the working directory when inside it.
    public func displayPath(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let path = url.standardizedFileURL.path
        if path == cwd { return "." }
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }
}
