import Foundation

// Interim image stage: local JPEG/PNG files only, until the full image store lands.

public enum ImageFormat: String, Sendable {
    case png, jpeg, gif, webp, avif, svg
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}

public struct ImageInfo: Hashable, Sendable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    public var orientation: Int
}

public struct StoredImage: Hashable, Sendable {
    public var contentHash: String
    public var file: URL
    public var info: ImageInfo
    public var byteCount: Int
}

public struct ImageStoreOptions: Sendable {
    public var cacheTTL: TimeInterval = 86_400
    public var offline = false
    public var refresh = false
    public var maxDownloadBytes = 20 << 20
    public var maxPixels = 100_000_000
    public var timeout: TimeInterval = 30
    public var quiet = false
    public init() {}
}

public final class ImageStore: @unchecked Sendable {
    let siteFolder: URL
    public init(siteFolder: URL, cacheFolder: URL, options: ImageStoreOptions) {
        self.siteFolder = siteFolder
    }

    public func fetch(_ sources: [ImageSource], log: DiagnosticLog) async -> [ImageSource: StoredImage] {
        var result: [ImageSource: StoredImage] = [:]
        for source in Set(sources) {
            guard case .local(let path) = source else {
                log.report(.warning("remote images are not supported yet: \(source)"))
                continue
            }
            let url = siteFolder.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                log.report(.warning("cannot read the image '\(path)'"))
                continue
            }
            let bytes = [UInt8](data)
            var info: ImageInfo?
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes.count > 24 {
                let w = Int(bytes[16]) << 24 | Int(bytes[17]) << 16 | Int(bytes[18]) << 8 | Int(bytes[19])
                let h = Int(bytes[20]) << 24 | Int(bytes[21]) << 16 | Int(bytes[22]) << 8 | Int(bytes[23])
                info = ImageInfo(format: .png, width: w, height: h, orientation: 1)
            } else if bytes.starts(with: [0xFF, 0xD8]) {
                var i = 2
                while i + 9 < bytes.count {
                    guard bytes[i] == 0xFF else { break }
                    let marker = bytes[i + 1]
                    let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                    if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                        let h = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])
                        let w = Int(bytes[i + 7]) << 8 | Int(bytes[i + 8])
                        info = ImageInfo(format: .jpeg, width: w, height: h, orientation: 1)
                        break
                    }
                    i += 2 + length
                }
            }
            guard let info else {
                log.report(.warning("'\(path)' is not an image"))
                continue
            }
            result[source] = StoredImage(contentHash: SHA256.hex(of: bytes), file: url, info: info, byteCount: bytes.count)
        }
        return result
    }
}
