import Foundation

/// How a derived image appears in the site: its output files and its `PageImage`.
///
/// Derived files are named `images/<hash12>-<width>.<ext>` and originals `images/<hash12>.<ext>`,
/// from the source's content hash, so names change exactly when the bytes may.
extension DerivedImage {
    /// The output path of one variant.
    public func outputPath(of variant: ImageVariant) -> String {
        "images/\(hashPrefix)-\(variant.width).\(variant.encoding.format.fileExtension)"
    }

    /// The output path of the original, for pass-through images.
    public var originalOutputPath: String {
        "images/\(hashPrefix).\(source.info.format.fileExtension)"
    }

    /// Every file the page references, to add to the site output.
    public var outputFiles: [(path: String, content: SiteOutput.Content)] {
        if isPassthrough { return [(originalOutputPath, source.isSiteFile ? .copy(source.file) : .file(source.file))] }
        return variants.map { (outputPath(of: $0), .file($0.file)) }
    }

    /// The image as the page references it, with site-root-relative URLs: the fallback format's
    /// widths as `srcset` candidates (the widest as `src`), and the other formats as `<picture>`
    /// sources, most compact first, so a browser takes the first it can decode.
    public var pageImage: PageImage {
        guard let fallback = variants.first?.encoding else {
            var image = PageImage(src: originalOutputPath, width: width, height: height)
            image.placeholder = placeholder
            return image
        }
        let candidates = { (encoding: ImageEncoding) in
            self.variants.filter { $0.encoding == encoding }.map { PageImage.Candidate(url: self.outputPath(of: $0), width: $0.width) }
        }
        var image = PageImage(src: candidates(fallback).last?.url ?? originalOutputPath, width: width, height: height)
        image.candidates = candidates(fallback)
        var alternatives: [ImageEncoding] = []
        for variant in variants where variant.encoding != fallback && !alternatives.contains(variant.encoding) {
            alternatives.append(variant.encoding)
        }
        image.sources = alternatives.sorted { Self.compactness($0.format) > Self.compactness($1.format) }
            .map { PageImage.Source(type: $0.mediaType, candidates: candidates($0)) }
        image.placeholder = placeholder
        return image
    }

    /// Higher for formats that compress photos better: AVIF, then WebP.
    private static func compactness(_ format: ImageFormat) -> Int {
        switch format {
        case .avif: 2
        case .webp: 1
        default: 0
        }
    }

    private var hashPrefix: String { String(source.contentHash.prefix(ContentHash.length)) }
}
