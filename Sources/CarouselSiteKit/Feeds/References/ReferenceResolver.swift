import Foundation

/// Turns the image and link references written in a feed into values that are safe to use:
/// remote images become absolute http(s) URLs, local ones site-relative paths that cannot leave
/// the site folder, and links are limited to http, https, mailto and relative references.
///
/// Every refusal is a warning naming the reference's position; the caller skips what was refused.
struct ReferenceResolver {
    let document: FeedDocument
    let locator: SourceLocator
    let log: DiagnosticLog

    /// The image for `reference`, or nil (with a warning) when it is unusable.
    func image(_ reference: FeedReference) -> ImageSource? {
        guard let text = cleaned(reference) else { return nil }
        if let scheme = URIScheme.of(text) {
            guard scheme == "http" || scheme == "https" else {
                warn("image reference with scheme '\(scheme)' is not allowed; expected an http or https URL or a relative path", reference)
                return nil
            }
            return remote(text, base: nil, reference)
        }
        if let base = reference.base ?? document.url {
            return remote(text, base: base, reference)
        }
        if text.hasPrefix("//") {
            warn("protocol-relative image reference '\(text)' needs a remote feed; expected an http or https URL or a relative path", reference)
            return nil
        }
        return local(text, reference)
    }

    /// The link for `reference`, or nil (with a warning) when its scheme is not allowed.
    func link(_ reference: FeedReference) -> String? {
        guard let text = cleaned(reference) else { return nil }
        if let scheme = URIScheme.of(text) {
            switch scheme {
            case "http", "https":
                guard let url = URL(string: text), url.host?.isEmpty == false else {
                    warn("malformed link '\(text)'; expected a valid URL", reference)
                    return nil
                }
                return url.absoluteString
            case "mailto":
                return text
            default:
                warn("link with scheme '\(scheme)' is dropped; expected http, https, mailto or a relative reference", reference)
                return nil
            }
        }
        guard let base = reference.base ?? document.url else { return text }
        guard let url = URL(string: text, relativeTo: base)?.absoluteURL, ["http", "https"].contains(url.scheme?.lowercased()) else {
            warn("link '\(text)' does not resolve to an http or https URL", reference)
            return nil
        }
        return url.absoluteString
    }

    // MARK: - Helpers

    /// The reference without surrounding whitespace, or nil when it is empty or contains
    /// characters no reference may hold (control characters, NUL, backslashes).
    private func cleaned(_ reference: FeedReference) -> String? {
        let text = reference.text.trimmingWhitespace
        guard !text.isEmpty else { return nil }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            warn("reference contains control characters; skipped", reference)
            return nil
        }
        if text.containsASCII("\\") {
            warn("reference '\(text)' contains '\\'; expected '/' as the separator", reference)
            return nil
        }
        return text
    }

    private func remote(_ text: String, base: URL?, _ reference: FeedReference) -> ImageSource? {
        let url = base.map { URL(string: text, relativeTo: $0)?.absoluteURL } ?? URL(string: text)
        guard let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false else {
            warn("image reference '\(text)' is not a valid http or https URL", reference)
            return nil
        }
        return .remote(url)
    }

    /// A path inside the site: the feed's folder joined with the reference, normalised, refusing
    /// absolute paths and any `..` that climbs above the site folder.
    private func local(_ text: String, _ reference: FeedReference) -> ImageSource? {
        // A relative reference is a URL path: drop any query or fragment, then decode %XX.
        let pathPart = text.prefix { $0 != "?" && $0 != "#" }
        guard let decoded = String(pathPart).removingPercentEncoding else {
            warn("image path '\(text)' has malformed percent-encoding", reference)
            return nil
        }
        if decoded.hasPrefix("/") {
            warn("image path '\(text)' is absolute; expected a path relative to the feed", reference)
            return nil
        }
        if decoded.containsASCII("\\") || decoded.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            warn("image path '\(text)' contains a backslash or control character", reference)
            return nil
        }
        var components: [Substring] = []
        for component in (document.folder + "/" + decoded).split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else {
                    warn("image path '\(text)' leaves the site folder", reference)
                    return nil
                }
                components.removeLast()
            default: components.append(component)
            }
        }
        guard !components.isEmpty, !decoded.hasSuffix("/") else {
            warn("image path '\(text)' names a folder, not a file", reference)
            return nil
        }
        return .local(components.joined(separator: "/"))
    }

    private func warn(_ message: String, _ reference: FeedReference) {
        log.report(.warning(message, at: locator.location(ofByteOffset: reference.offset)))
    }
}
