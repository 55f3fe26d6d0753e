/// Validation of the relative paths a build writes, so nothing a feed or template says can make
/// the writer leave the output folder.
enum OutputPath {
    static func check(_ path: String) throws(Diagnostic) {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        let unsafe =
            path.isEmpty || path.hasPrefix("/") || path.contains("\\") || path.contains("\0")
            || components.contains { $0.isEmpty || $0 == "." || $0 == ".." }
            || components.contains { $0.utf8.count > 255 }  // NAME_MAX on Linux and macOS
        if unsafe {
            throw .error("refusing to write '\(path)': output paths must stay inside the output folder")
        }
    }
}
