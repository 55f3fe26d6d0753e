/// Strong entity tags (RFC 9110 §8.8.3) and the `If-None-Match` check.
///
/// The tag is a 64-bit FNV-1a hash of the exact bytes sent, so it changes whenever the content
/// does, including when the same file is served with the live-reload script injected. FNV is no
/// defence against someone crafting collisions, which a local preview server does not need.
struct EntityTag: Equatable {
    /// The opaque tag with its quotes, as sent in `ETag`.
    let value: String

    init(of bytes: [UInt8]) {
        // FNV-1a's 64-bit offset basis and prime, from the algorithm's definition.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        // The length rides along so two sizes never share a tag even if their hashes collide.
        value = "\"\(String(bytes.count, radix: 16))-\(String(hash, radix: 16))\""
    }

    /// Whether an `If-None-Match` field value matches: `*`, or a list of tags compared weakly
    /// (a `W/` prefix is ignored), as RFC 9110 §13.1.2 asks for this field.
    func matches(ifNoneMatch field: String) -> Bool {
        let trimmed = field[...].trimmingHTTPWhitespace()
        if trimmed == "*" { return true }
        return trimmed.split(separator: ",").contains { candidate in
            var tag = candidate[...].trimmingHTTPWhitespace()
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == value
        }
    }
}
