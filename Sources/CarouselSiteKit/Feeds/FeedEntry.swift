import Foundation

/// A reference (image or link) as written in a feed, with what is needed to resolve and report it.
struct FeedReference: Hashable, Sendable {
    var text: String
    /// Byte offset of the reference in the source, for warnings.
    var offset: Int
    /// The base in effect where the reference appears (an element's `xml:base`), if any beyond
    /// the document's own URL.
    var base: URL?
}

/// What a format reader extracts from one entry: text already plain, references still raw.
struct FeedEntry: Sendable {
    /// Image candidates, best first; the first one that resolves becomes the slide's image.
    var images: [FeedReference] = []
    var title: String?
    var caption: String?
    var link: FeedReference?
    var alt: String?
    /// Byte offset where the entry starts.
    var offset: Int
}
