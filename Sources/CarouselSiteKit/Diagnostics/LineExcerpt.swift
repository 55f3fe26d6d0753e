/// The part of a source line a location keeps for its diagnostic.
///
/// A minified feed is one line of many megabytes, and every slide of it carries a location:
/// keeping the whole line in each would cost the line's size per slide (a million-item feed
/// would need terabytes). A line up to `wholeLineBytes` is kept whole; a longer one only around
/// the column, with '…' where it was cut, and the location records the column its text starts
/// at. The bytes need not be valid UTF-8: a diagnostic about invalid UTF-8 points into them.
enum LineExcerpt {
    /// Lines up to this many bytes are kept whole (hand-written feeds and configs).
    static let wholeLineBytes = 1024
    /// Bytes kept on each side of the column in a longer line: together with the two '…' the
    /// excerpt stays under the printer's 120-column window, so it prints without further cuts.
    static let contextBytes = 56

    /// The text to keep of the line `bytes[lineStart..<lineEnd]` for a location at `offset`,
    /// whose column is `column`, and the column at which that text starts.
    static func make(_ bytes: [UInt8], lineStart: Int, lineEnd: Int, offset: Int, column: Int) -> (text: String, startColumn: Int) {
        guard lineEnd - lineStart > wholeLineBytes else {
            return (String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self), 1)
        }
        var from = max(lineStart, offset - contextBytes)
        var to = min(lineEnd, offset + contextBytes)
        // Cut only between characters: step back off UTF-8 continuation bytes (10xxxxxx). A
        // character has at most three, so a longer run is invalid text, which is cut anywhere.
        for _ in 0..<3 where from > lineStart && from < lineEnd && bytes[from] & 0xC0 == 0x80 { from -= 1 }
        for _ in 0..<3 where to > from && to < lineEnd && bytes[to] & 0xC0 == 0x80 { to -= 1 }
        let leading = from > lineStart ? "…" : ""
        let trailing = to < lineEnd ? "…" : ""
        let before = String(decoding: bytes[from..<max(from, offset)], as: UTF8.self).unicodeScalars.count
        let text = leading + String(decoding: bytes[from..<to], as: UTF8.self) + trailing
        return (text, column - before - (leading.isEmpty ? 0 : 1))
    }
}
