import Foundation

/// Adds `name.gz` beside each text file of the output, for hosts and CDNs that serve
/// precompressed files (nginx `gzip_static`, S3 with Content-Encoding, Caddy `precompressed`).
enum Precompression {
    /// Text formats worth compressing; images are already compressed.
    static let extensions: Set<String> = ["html", "css", "js", "svg", "xml", "json", "txt"]

    static func add(to output: inout SiteOutput) {
        for path in output.paths {
            guard extensions.contains((path as NSString).pathExtension), case .bytes(let data)? = output.files[path] else { continue }
            let compressed = Gzip.compress(data)
            // A copy that saves nothing only costs the host a lookup.
            if compressed.count < data.count { output.add(path + ".gz", .bytes(compressed)) }
        }
    }
}
