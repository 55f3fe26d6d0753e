import Foundation

/// Everything `carousel.json` can say, with defaults filled in. Every key in the file is optional:
/// an empty site folder with one feed builds.
public struct SiteConfig: Sendable, Equatable {
    /// The site's name: the index page's heading and the default slideshow title.
    public var title: String = "Slideshow"
    /// A sentence about the site, for the page's description and link previews.
    public var description: String?
    /// The `lang` attribute of every page.
    public var language: String = "en"
    /// An absolute URL the site will be published at; adds canonical links and social card tags.
    public var baseURL: URL?
    /// The slideshows, one page each. A config with a top-level `feed` has exactly one.
    public var shows: [ShowConfig] = []
    /// The output folder, relative to the site folder.
    public var output: String = "_site"
    /// Image fetching and caching settings.
    public var images = ImageSettings()
    /// Write a `_headers` file with cache rules for Netlify and Cloudflare Pages.
    public var hostingHeaders = true
    /// Write gzip copies (`.gz`) of text files beside them.
    public var precompress = false

    public init() {}
}

/// One slideshow: a feed and how to show it.
public struct ShowConfig: Sendable, Equatable {
    /// A slug naming the page (`index` for the first show) and the carousel's element ids.
    public var id: String
    public var title: String
    public var feed: FeedLocation
    public var mapping: FieldMapping = FieldMapping()
    /// The most slides the feed may hold (`maxSlides`); a longer feed is an error.
    public var maxSlides = FeedReader.defaultMaximumItems
    public var options = ShowOptions()
    /// Where in carousel.json this show was declared, for diagnostics about it.
    public var location: SourceLocation?

    public init(id: String, title: String, feed: FeedLocation) {
        self.id = id
        self.title = title
        self.feed = feed
    }
}

/// Behaviour and look of one carousel that need no template edits.
public struct ShowOptions: Sendable, Equatable {
    /// Milliseconds between automatic slide changes.
    public var interval: Int = 5000
    public var autoplay = true
    /// Whether clicking a slide dispatches `carousel:select` (and follows its link).
    public var selectable = true
    /// Whether the page keeps only three slides in its markup and loads the rest on demand
    /// (`WindowedMode`); nil lets the slide count decide.
    public var windowed: Bool?
    /// Colour of the dots for the other slides (the classic page control's tint).
    public var dotColor = "rgba(255, 255, 255, 0.5)"
    /// Colour of the current slide's dot.
    public var dotCurrentColor = "#ffffff"
    public var captionPosition = CaptionPosition.overlay
    /// The CSS aspect ratio of the slide frame, e.g. "16 / 9".
    public var aspectRatio = "16 / 9"
    public var objectFit = ObjectFit.cover
    /// The images' `sizes` attribute: how wide slides are shown at each viewport width. The
    /// default matches the default theme, whose page is at most 60rem wide with 1.25rem margins.
    public var imageSizes = "(min-width: 60rem) 57.5rem, calc(100vw - 2.5rem)"

    public init() {}

    public enum CaptionPosition: String, Sendable, CaseIterable { case overlay, below }
    public enum ObjectFit: String, Sendable, CaseIterable { case cover, contain }
}

/// Limits and policies of the image stage.
public struct ImageSettings: Sendable, Equatable {
    /// Seconds a cached remote image is used without asking the server again.
    public var cacheTTL: Double = 86_400
    /// The largest image download accepted, in bytes (20 MB holds any camera JPEG).
    public var maxDownloadBytes = 20_000_000
    /// The most pixels an image may have: 100 megapixels stops decompression bombs but not photos.
    public var maxPixels = 100_000_000
    /// Seconds without progress before a download is abandoned.
    public var timeout: Double = 30
    /// What happens to a slide whose image could not be had.
    public var onMissing = MissingImagePolicy.placeholder
    /// Make smaller copies and WebP versions of each image (needs libvips' command-line tools).
    public var resize = true
    /// The widths, in pixels, of the resized copies; none is wider than the original.
    public var widths = [480, 800, 1200, 1600, 2000]
    /// Also make AVIF versions (smaller files, much slower to encode).
    public var avif = false
    /// Encoder qualities, 1 (smallest) to 100 (best): WebP's 80 and JPEG's 82 look like the
    /// original at a fraction of the bytes.
    public var webpQuality = 80
    public var jpegQuality = 82

    public init() {}

    public enum MissingImagePolicy: String, Sendable, CaseIterable { case placeholder, drop }
}
