/// A request target turned into path segments that are safe to join onto the served folder.
///
/// Invariant: no segment is empty, `.` or `..`, and none contains `/`, `\` or NUL, so joining
/// them under a folder can never name anything outside it (symbolic links are checked apart,
/// by the file server, because only the file system knows them).
struct RequestPath: Equatable {
    /// The decoded segments, in order.
    var segments: [String]
    /// Whether the target ended with `/` (it names a folder).
    var hasTrailingSlash: Bool

    enum Failure: Error, Equatable {
        /// Not an origin-form target (`/...`) or broken percent-encoding: 400.
        case malformed
        /// A segment that would leave the folder or cannot name a file: 404, never a hint why.
        case forbidden
    }

    /// Decodes the path part of a request target such as `/photos/sea%20view.jpg?x=1`.
    static func parse(_ path: Substring) -> Result<RequestPath, Failure> {
        guard path.first == "/" else { return .failure(.malformed) }
        var segments: [String] = []
        let forbiddenBytes: Set<UInt8> = [0, UInt8(ascii: "/"), UInt8(ascii: "\\")]
        let raw = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for encoded in raw {
            // Empty segments ("//", or the last one after a trailing slash) name nothing.
            if encoded.isEmpty { continue }
            guard let bytes = percentDecoded(encoded) else { return .failure(.malformed) }
            guard !bytes.contains(where: forbiddenBytes.contains),
                let segment = String(validating: bytes, as: UTF8.self),
                segment != ".", segment != ".."
            else { return .failure(.forbidden) }
            segments.append(segment)
        }
        return .success(RequestPath(segments: segments, hasTrailingSlash: path.hasSuffix("/")))
    }

    /// The path again, each segment percent-encoded where needed, with the trailing slash if any.
    /// Used for redirects, so the `Location` is built from checked segments, never echoed.
    var encoded: String {
        let body = segments.map(Self.percentEncoded).joined(separator: "/")
        return "/" + body + (hasTrailingSlash && !segments.isEmpty ? "/" : "")
    }

    /// Unreserved characters and sub-delims stay (RFC 3986 §3.3 pchar); everything else is escaped.
    private static func percentEncoded(_ segment: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@".utf8)
        var result = ""
        for byte in segment.utf8 {
            if allowed.contains(byte) {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    /// `%XX` escapes decoded to bytes; `nil` when an escape is not two hex digits.
    private static func percentDecoded(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
