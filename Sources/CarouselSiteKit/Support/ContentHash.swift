import Foundation

/// Short content hashes for asset file names: `carousel.<hash>.js`, `images/<hash>.jpg`.
///
/// Names change exactly when bytes change, which lets hosts cache assets as immutable.
enum ContentHash {
    /// Hex digits kept from the SHA-256: 12 (48 bits) keep collisions out of reach for any site
    /// while names stay short.
    static let length = 12

    static func short(_ bytes: some Sequence<UInt8>) -> String {
        String(SHA256.hex(of: bytes).prefix(length))
    }

    /// `name.ext` → `name.<hash>.ext` for the given content.
    static func hashedName(_ fileName: String, content: Data) -> String {
        let hash = short(content)
        guard let dot = fileName.lastIndex(of: ".") else { return "\(fileName).\(hash)" }
        return "\(fileName[..<dot]).\(hash)\(fileName[dot...])"
    }
}
