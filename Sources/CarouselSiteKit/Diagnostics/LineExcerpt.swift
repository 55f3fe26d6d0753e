/// The part of a source line a location keeps for its diagnostic.
///
/// A minified feed is one line of many megabytes, and every slide of it carries a location:
/// keeping the whole line in each would cost the line's size per slide (a million-item feed
/// would need terabytes). A line up to `wholeLineBytes` is kept whole; a longer one only around
/// the column, with '…' where it was cut, and the location records the column its text starts
/// at. Invariant: offsets given here are at the start of a UTF-8 sequence or at the line's end.
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
        // Cut only between characters: move off UTF-8 continuation bytes (10xxxxxx).
        while from > lineStart, from < lineEnd, bytes[from] & 0xC0 == 0x80 { from -= 1 }
        while to < lineEnd, bytes[to] & 0xC0 == 0x80 { to -= 1 }
        let leading = from > lineStart ? "…" : ""
        let trailing = to < lineEnd ? "…" : ""
        let before = String(decoding: bytes[from..<max(from, offset)], as: UTF8.self).unicodeScalars.count
        let text = leading + String(decoding: bytes[from..<to], as: UTF8.self) + trailing
        return (text, column - before - (leading.isEmpty ? 0 : 1))
    }
}
