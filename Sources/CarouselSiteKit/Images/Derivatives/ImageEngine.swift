/// Something that scales images: libvips' command-line tools in builds, a counting or failing
/// stand-in in tests.
///
/// Implementations must apply the EXIF orientation (the output is upright with orientation 1),
/// convert to sRGB, and leave no metadata (EXIF, XMP, ICC profile) in the output.
public protocol ImageEngine: Sendable {
    /// A name for the engine's pipeline, part of every cache key: files made by a different
    /// engine, or by a changed pipeline, are never mistaken for this one's.
    var identity: String { get }

    /// Writes `request.output`, or throws; it may leave a partial file behind on failure.
    func thumbnail(_ request: ThumbnailRequest) throws(ImageEngineError)
}

/// Why an engine could not make a file, in words for a diagnostic.
public struct ImageEngineError: Error, Hashable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
