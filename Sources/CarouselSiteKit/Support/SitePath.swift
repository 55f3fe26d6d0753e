import Foundation

/// Confines paths that come from configs and feeds to the site folder.
enum SitePath {
    /// Normalises a relative path ("a/./b/../c" → "a/c"); nil when it is absolute, contains a
    /// backslash or NUL, or climbs above its starting point.
    static func normalize(_ path: String) -> String? {
        guard !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0") else { return nil }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// The file for a site-relative path, refusing paths (or symlinks) that lead outside the site.
    static func resolve(_ path: String, in site: URL, what: String, at location: SourceLocation?) throws(Diagnostic) -> URL {
        guard let normalized = normalize(path), !normalized.isEmpty else {
            throw .error("the \(what) path '\(path)' leaves the site folder", at: location, notes: ["paths are relative to the site folder and stay inside it"])
        }
        let url = site.appendingPathComponent(normalized)
        let real = url.resolvingSymlinksInPath().path
        let siteReal = site.resolvingSymlinksInPath().path
        guard real == siteReal || real.hasPrefix(siteReal + "/") else {
            throw .error("the \(what) '\(path)' is a link to a file outside the site folder", at: location)
        }
        return url
    }
}
