/// The `Content-Type` for a file, from its extension.
///
/// Covers every kind of file a built site holds (pages, styles, scripts, feeds, images, fonts,
/// icons, manifests, precompressed copies) and a few a user may drop into it; text types carry
/// `charset=utf-8` because the generator writes UTF-8 and browsers would otherwise guess.
enum MediaType {
    /// What a file without a known extension is served as, which makes browsers download it
    /// rather than guess (the server also sends `X-Content-Type-Options: nosniff`).
    static let fallback = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "webmanifest": "application/manifest+json",
        "xml": "application/xml",
        "rss": "application/rss+xml",
        "atom": "application/atom+xml",
        "plist": "application/x-plist",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "apng": "image/apng",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/vnd.microsoft.icon",
        "bmp": "image/bmp",
        "woff2": "font/woff2",
        "woff": "font/woff",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "mp4": "video/mp4",
        "webm": "video/webm",
        "pdf": "application/pdf",
        "wasm": "application/wasm",
        "gz": "application/gzip",
        "br": "application/x-brotli",
        "zip": "application/zip",
    ]

    /// The media type for a file name; the extension is matched without regard to case.
    static func forFile(named name: some StringProtocol) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        let ext = name[name.index(after: dot)...].lowercased()
        return byExtension[ext] ?? fallback
    }

    static func isHTML(_ type: String) -> Bool {
        type.hasPrefix("text/html")
    }
}
