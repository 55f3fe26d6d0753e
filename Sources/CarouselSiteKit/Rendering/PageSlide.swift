/// A slide ready to be put on a page: the feed's text and the image as the page will load it.
public struct PageSlide: Sendable, Equatable {
    public var slide: Slide
    public var image: PageImage

    public init(slide: Slide, image: PageImage) {
        self.slide = slide
        self.image = image
    }
}

/// An image as the page references it. URLs are relative to the site root; the renderer makes
/// them relative to each page.
public struct PageImage: Sendable, Equatable {
    public var src: String
    public var width: Int
    public var height: Int
    /// Candidate files for `srcset`, widest last, when responsive derivatives exist.
    public var candidates: [Candidate] = []
    /// Alternative formats (WebP, AVIF) offered through `<picture>` sources.
    public var sources: [Source] = []
    /// A tiny inline image shown until the real one arrives (a `data:` URI).
    public var placeholder: String?

    public init(src: String, width: Int, height: Int) {
        self.src = src
        self.width = width
        self.height = height
    }

    public struct Candidate: Sendable, Equatable {
        public var url: String
        public var width: Int

        public init(url: String, width: Int) {
            self.url = url
            self.width = width
        }
    }

    public struct Source: Sendable, Equatable {
        /// The MIME type, e.g. "image/webp".
        public var type: String
        public var candidates: [Candidate]

        public init(type: String, candidates: [Candidate]) {
            self.type = type
            self.candidates = candidates
        }
    }

    /// Shown where an image could not be had: a neutral 16:9 frame, inline so it always loads.
    public static let missing: PageImage = {
        var image = PageImage(
            src: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 9'%3E%3Crect width='16' height='9' fill='%23d0d4da'/%3E%3C/svg%3E",
            width: 1600, height: 900)
        image.placeholder = nil
        return image
    }()
}
