import Foundation

/// The directives of a `Cache-Control` response header that matter to a private cache
/// (RFC 9111 §5.2.2): `max-age`, `no-cache` and `no-store`.
struct CacheControl: Hashable {
    var maxAge: Double?
    var noCache = false
    var noStore = false

    static let largestDeltaSeconds: Double = 2_147_483_648

    init(_ header: String?) {
        for directive in (header ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            switch parts.first {
            case "max-age":
                // delta-seconds are digits only ("inf" and "1e9" are not), and a value too large
                // to represent counts as 2^31 seconds (RFC 9111 §1.2.2).
                if parts.count == 2 {
                    let digits = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    if !digits.isEmpty, digits.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } {
                        maxAge = min(Double(digits) ?? Self.largestDeltaSeconds, Self.largestDeltaSeconds)
                    }
                }
            case "no-cache": noCache = true
            case "no-store": noStore = true
            default: break
            }
        }
    }
}
