/// Finds the scheme of a URI reference the way browsers do, so that "JavaScript:" or
/// "java\tscript:" cannot slip past a check that only compares lowercase prefixes.
enum URIScheme {
    /// The lowercased scheme (RFC 3986 §3.1: a letter, then letters, digits, '+', '-', '.',
    /// ended by ':'), or nil for a relative reference. Tabs and line breaks are ignored, as the
    /// URL standard strips them before parsing.
    static func of(_ reference: String) -> String? {
        var scheme = ""
        for scalar in reference.unicodeScalars {
            switch scalar {
            case "\t", "\n", "\r":
                continue
            case ":":
                return scheme.isEmpty ? nil : scheme
            case "a"..."z", "A"..."Z":
                // ASCII letters differ from their lowercase form only in bit 0x20.
                scheme.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value | 0x20)))
            case "0"..."9", "+", "-", ".":
                guard !scheme.isEmpty else { return nil }
                scheme.unicodeScalars.append(scalar)
            default:
                return nil
            }
        }
        return nil
    }
}
