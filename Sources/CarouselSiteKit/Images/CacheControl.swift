import Foundation

/// The directives of a `Cache-Control` response header that matter to a private cache
/// (RFC 9111 §5.2.2): `max-age`, `no-cache` and `no-store`.
struct CacheControl: Hashable {
    var maxAge: Double?
    var noCache = false
    var noStore = false

    init(_ header: String?) {
        for directive in (header ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            switch parts.first {
            case "max-age":
                if parts.count == 2, let seconds = Double(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))), seconds >= 0 {
                    maxAge = seconds
                }
            case "no-cache": noCache = true
            case "no-store": noStore = true
            default: break
            }
        }
    }
}
