/// Turns many byte offsets of one source into locations quickly: line starts are indexed once,
/// so locating every item of a feed with a million entries stays linear instead of quadratic.
/// Produces exactly what `SourceText.location(ofByteOffset:)` does.
struct SourceLocator {
    let source: SourceText
    private let lineStarts: [Int]

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
        let lineText = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
        let prefix = String(decoding: bytes[lineStart..<min(offset, lineEnd)], as: UTF8.self)
        return SourceLocation(file: source.name, line: low + 1, column: prefix.unicodeScalars.count + 1, lineText: lineText)
    }
}
