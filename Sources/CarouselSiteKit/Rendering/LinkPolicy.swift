import Foundation

/// Which slide links may reach a page: http, https, mailto and relative references. Anything
/// else (`javascript:`, `data:`, `vbscript:`, unknown schemes) could run code or mislead, so it
/// is dropped — the feed readers warn about it; this is the last line of defence.
enum LinkPolicy {
    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    static func allowed(_ link: String) -> String? {
        let trimmed = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return nil }
        guard let colon = trimmed.firstIndex(of: ":") else { return trimmed }
        let scheme = trimmed[..<colon]
        // A colon after a '/', '?' or '#' belongs to a relative path or query, not a scheme.
        if scheme.contains(where: { "/?#".contains($0) }) { return trimmed }
        return allowedSchemes.contains(scheme.lowercased()) ? trimmed : nil
    }

    static func isExternal(_ link: String) -> Bool {
        let lower = link.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
