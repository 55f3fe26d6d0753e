/// Turns many byte offsets of one source into locations quickly: line starts are indexed once,
/// and the column of the last location is remembered, so locating every item of a feed with a
/// million entries on one minified line stays linear instead of quadratic. Produces exactly what
/// `SourceText.location(ofByteOffset:)` does for offsets at the start of a character.
final class SourceLocator {
    let source: SourceText
    private let lineStarts: [Int]
    /// The last location made: its line's index, byte offset and column. Feeds are read in
    /// document order, so the next offset is usually a little further on the same line.
    private var last: (line: Int, offset: Int, column: Int)?

    init(_ source: SourceText) {
        self.source = source
        var starts = [0]
        for (index, byte) in source.bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
        lineStarts = starts
    }

    func location(ofByteOffset offset: Int) -> SourceLocation {
        let bytes = source.bytes
        let offset = max(0, min(offset, bytes.count))
        // The last line start at or before `offset`.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let lineStart = lineStarts[low]
        var lineEnd = low + 1 < lineStarts.count ? lineStarts[low + 1] - 1 : bytes.count
        if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let end = min(offset, lineEnd)
        // Count the scalars from the nearer of the line start and the last location.
        var column: Int
        if let last, last.line == low, last.offset <= end {
            column = last.column + String(decoding: bytes[last.offset..<end], as: UTF8.self).unicodeScalars.count
        } else {
            column = 1 + String(decoding: bytes[lineStart..<end], as: UTF8.self).unicodeScalars.count
        }
        last = (low, end, column)
        let excerpt = LineExcerpt.make(bytes, lineStart: lineStart, lineEnd: lineEnd, offset: end, column: column)
        return SourceLocation(file: source.name, line: low + 1, column: column, lineText: excerpt.text, lineTextColumn: excerpt.startColumn)
    }
}
