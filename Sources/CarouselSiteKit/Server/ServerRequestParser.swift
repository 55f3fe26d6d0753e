/// Reads one request head from the bytes a client has sent so far, enforcing the size limits.
///
/// The parser is strict where leniency lets a request mean two things (folded lines, spaces
/// before a colon, a malformed `Content-Length`) and forgiving where browsers and tools differ
/// harmlessly (bare LF line ends, empty lines before the request line; RFC 9112 §2.2).
struct ServerRequestParser {
    enum Outcome: Equatable {
        /// The head is not complete yet; read more.
        case incomplete
        /// A complete head that took `consumed` bytes from the front of the buffer.
        case request(ServerRequest, consumed: Int)
        /// The client sent something the server refuses; answer with `status` and close.
        case failure(HTTPStatus, String)
    }

    var limits: HTTPServerConfiguration.Limits

    func parse(_ bytes: ArraySlice<UInt8>) -> Outcome {
        let lf = UInt8(ascii: "\n")
        var start = bytes.startIndex
        // Skip empty lines before the request line: some clients send a CRLF after a request's content.
        while start < bytes.endIndex, bytes[start] == lf || bytes[start] == UInt8(ascii: "\r") { start += 1 }

        guard let headEnd = endOfHead(in: bytes[start...]) else {
            let firstLineEnd = bytes[start...].firstIndex(of: lf)
            if firstLineEnd == nil, bytes.endIndex - start > limits.maxRequestLineBytes {
                return .failure(.uriTooLong, "request line longer than \(limits.maxRequestLineBytes) bytes")
            }
            if bytes.endIndex - start > limits.maxHeadBytes {
                return .failure(.headerFieldsTooLarge, "request head longer than \(limits.maxHeadBytes) bytes")
            }
            return .incomplete
        }
        if headEnd.contentStart - start > limits.maxHeadBytes {
            return .failure(.headerFieldsTooLarge, "request head longer than \(limits.maxHeadBytes) bytes")
        }

        var lines = bytes[start..<headEnd.lastLineEnd].split(separator: lf, omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        let requestLine = lines.removeFirst()
        if requestLine.count > limits.maxRequestLineBytes {
            return .failure(.uriTooLong, "request line longer than \(limits.maxRequestLineBytes) bytes")
        }
        if lines.count > limits.maxHeaderCount {
            return .failure(.headerFieldsTooLarge, "more than \(limits.maxHeaderCount) header fields")
        }

        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(\.isTokenCharacter) else {
            return .failure(.badRequest, "malformed request line")
        }
        guard !parts[1].isEmpty, parts[1].allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return .failure(.badRequest, "malformed request target")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        let minorVersion: Int
        switch version {
        case "HTTP/1.1": minorVersion = 1
        case "HTTP/1.0": minorVersion = 0
        default:
            let looksLikeHTTP = version.hasPrefix("HTTP/") && version.utf8.count == 8
            return .failure(looksLikeHTTP ? .versionNotSupported : .badRequest, "unsupported protocol '\(version)'")
        }

        var headers = HTTPHeaders()
        for line in lines {
            guard let field = Self.field(line) else { return .failure(.badRequest, "malformed header field") }
            headers.add(field.name, field.value)
        }

        if minorVersion == 1, headers.values(for: "Host").count != 1 {
            return .failure(.badRequest, "an HTTP/1.1 request needs exactly one 'Host' field")
        }
        var hasContent = !headers.values(for: "Transfer-Encoding").isEmpty
        let lengths = headers.values(for: "Content-Length")
        if let length = lengths.first {
            guard Set(lengths).count == 1, let value = Int(length), value >= 0 else {
                return .failure(.badRequest, "malformed 'Content-Length'")
            }
            hasContent = hasContent || value > 0
        }

        let request = ServerRequest(
            method: String(decoding: parts[0], as: UTF8.self),
            target: String(decoding: parts[1], as: UTF8.self),
            minorVersion: minorVersion,
            headers: headers,
            hasContent: hasContent
        )
        return .request(request, consumed: headEnd.contentStart - bytes.startIndex)
    }

    /// Where the empty line that ends the head is: `lastLineEnd` is the end of the last field
    /// line, `contentStart` the first byte after the empty line.
    private func endOfHead(in bytes: ArraySlice<UInt8>) -> (lastLineEnd: Int, contentStart: Int)? {
        var index = bytes.startIndex
        while let lf = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            var next = lf + 1
            if next < bytes.endIndex, bytes[next] == UInt8(ascii: "\r") { next += 1 }
            guard next < bytes.endIndex else { return nil }
            if bytes[next] == UInt8(ascii: "\n") { return (lf, next + 1) }
            index = lf + 1
        }
        return nil
    }

    /// `name: value`, with the name a token and no whitespace before the colon (RFC 9112 §5.1).
    private static func field(_ line: ArraySlice<UInt8>) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(\.isTokenCharacter) else { return nil }
        let value = line[(colon + 1)...]
        // Field values may hold visible characters, spaces, tabs and obs-text, but no controls.
        guard value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else { return nil }
        let text = String(value.map { Character(Unicode.Scalar($0)) })
        return (String(decoding: name, as: UTF8.self), text[...].trimmingHTTPWhitespace())
    }
}

extension UInt8 {
    /// tchar of RFC 9110 §5.6.2.
    var isTokenCharacter: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(self)
        }
    }
}
