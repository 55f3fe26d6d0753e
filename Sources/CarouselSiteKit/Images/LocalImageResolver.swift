import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a site-relative image path into a file inside the site folder, or says why it cannot.
///
/// Feeds are input from anywhere, so a path like `../../etc/passwd`, an absolute path or a
/// symbolic link pointing out of the site must not reach the output. Both the site folder and
/// the candidate are resolved with realpath(3) (following every link) before comparing.
struct LocalImageResolver {
    /// The site folder with links resolved, ending without a slash; nil if it does not exist.
    private let root: String?

    init(siteFolder: URL) {
        root = Self.realPath(siteFolder.path)
    }

    func resolve(_ path: String) throws -> URL {
        guard !path.hasPrefix("/") else { throw ImageFetchError.absolutePath }
        let components = path.split(separator: "/")
        guard !components.isEmpty, !path.contains("\0") else { throw ImageFetchError.noSuchFile }
        guard !components.contains("..") else { throw ImageFetchError.outsideSite }
        guard let root else { throw ImageFetchError.noSuchFile }
        guard let resolved = Self.realPath(root + "/" + path) else {
            throw errno == ENOENT || errno == ENOTDIR ? ImageFetchError.noSuchFile : ImageFetchError.unreadable(String(cString: strerror(errno)))
        }
        guard resolved.hasPrefix(root == "/" ? "/" : root + "/") else { throw ImageFetchError.outsideSite }
        return URL(fileURLWithPath: resolved)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
