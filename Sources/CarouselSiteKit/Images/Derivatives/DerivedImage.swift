/// An image ready for responsive markup: its sizes in every encoding, upright, with a placeholder.
///
/// `variants` is empty when the image is passed through as it is: a format that is never resized
/// (GIF, SVG, AVIF), a build without libvips, or a failed resize.
public struct DerivedImage: Hashable, Sendable {
    public var source: StoredImage
    /// The original's size as browsers draw it (turned by its orientation), which is also the
    /// shape of every variant: the page's `width`/`height` attributes.
    public var width: Int
    public var height: Int
    /// Grouped by encoding in `DerivativeOptions.encodings(for:)` order (the fallback format
    /// first), widths ascending within each encoding.
    public var variants: [ImageVariant]
    /// A `data:` URI of a thumbnail a few pixels wide, to draw blurred until the image arrives.
    public var placeholder: String?

    public init(source: StoredImage, variants: [ImageVariant] = [], placeholder: String? = nil) {
        self.source = source
        self.width = source.info.displayWidth
        self.height = source.info.displayHeight
        self.variants = variants
        self.placeholder = placeholder
    }

    /// True when the page uses the original file.
    public var isPassthrough: Bool { variants.isEmpty }
}
