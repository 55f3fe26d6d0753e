import Foundation

/// Turns a placeholder thumbnail into the `data:` URI a page inlines.
enum PlaceholderURI {
    static func make(webp: Data) -> String {
        "data:image/webp;base64," + webp.base64EncodedString()
    }
}
