/// A name to look up in the context stack: `.` or a dotted path such as `slide.image.url`.
enum Name: Sendable, Equatable {
    /// `{{.}}`: the top of the context stack.
    case implicitIterator
    /// The first part is searched down the stack; the rest only inside what it found.
    case path([String])

    /// Parses a tag's name; `nil` for malformed paths such as `a..b` or `.a`.
    init?(_ text: String) {
        if text == "." {
            self = .implicitIterator
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { return nil }
        self = .path(parts)
    }

    var text: String {
        switch self {
        case .implicitIterator: "."
        case .path(let parts): parts.joined(separator: ".")
        }
    }
}
