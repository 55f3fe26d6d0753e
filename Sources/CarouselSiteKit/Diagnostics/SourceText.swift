import Foundation

/// The text of one input file, able to turn byte offsets into line/column locations.
///
/// Parsers work on UTF-8 bytes and remember offsets; only when a diagnostic is made is the offset
/// turned into a line and column, so the happy path pays nothing for good error messages.
public struct SourceText: Sendable {
    /// How the file is named in diagnostics.
    public let name: String
    public let bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    public init(name: String, data: Data) {
        self.init(name: name, bytes: [UInt8](data))
    }

    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// The location of the byte at `offset` (clamped to the text), with its line's text.
    public func location(ofByteOffset offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var lineEnd = lineStart
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let prefix = String(decoding: bytes[lineStart..<min(offset, lineEnd)], as: UTF8.self)
        let column = prefix.unicodeScalars.count + 1
        let excerpt = LineExcerpt.make(bytes, lineStart: lineStart, lineEnd: lineEnd, offset: min(offset, lineEnd), column: column)
        return SourceLocation(file: name, line: line, column: column, lineText: excerpt.text, lineTextColumn: excerpt.startColumn)
    }

    /// A located error diagnostic at `offset`.
    public func error(_ message: String, atByteOffset offset: Int, notes: [String] = []) -> Diagnostic {
        .error(message, at: location(ofByteOffset: offset), notes: notes)
    }

    /// A located warning diagnostic at `offset`.
    public func warning(_ message: String, atByteOffset offset: Int, notes: [String] = []) -> Diagnostic {
        .warning(message, at: location(ofByteOffset: offset), notes: notes)
    }
}
