/// The `_headers` file that Netlify and Cloudflare Pages read: content-hashed assets are cached
/// for a year as immutable (their names change whenever their bytes do), pages are revalidated
/// on every visit so a new build shows at once.
enum HostingHeaders {
    static let fileName = "_headers"

    /// A year in seconds: the longest lifetime caches honour, and the convention for hashed assets.
    static let immutable = "Cache-Control: public, max-age=31536000, immutable"
    static let revalidate = "Cache-Control: public, max-age=0, must-revalidate"

    /// Rules for every file of `output`, by exact path, so no two rules ever overlap (both hosts
    /// merge the headers of overlapping rules).
    static func file(for output: SiteOutput) -> String {
        var rules: [String] = []
        for path in output.paths where path != fileName && !path.hasSuffix(".gz") {
            if path.hasSuffix(".html") {
                if path == "index.html" || path.hasSuffix("/index.html") {
                    rules.append(rule("/" + path.dropLast("index.html".count), revalidate))
                }
                rules.append(rule("/" + path, revalidate))
            } else if isHashedAsset(path) {
                rules.append(rule("/" + path, immutable))
            }
        }
        return rules.joined(separator: "\n") + "\n"
    }

    private static func rule(_ path: some StringProtocol, _ header: String) -> String {
        "\(path)\n  \(header)"
    }

    /// Assets whose names carry a content hash: `images/…` and `name.<hash>.ext`.
    static func isHashedAsset(_ path: String) -> Bool {
        if path.hasPrefix("images/") { return true }
        let parts = path.split(separator: ".")
        guard parts.count >= 3 else { return false }
        let hash = parts[parts.count - 2]
        return hash.count == ContentHash.length && hash.allSatisfy(\.isHexDigit)
    }
}
