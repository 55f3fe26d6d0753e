#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Answers GET and HEAD requests with the files of one folder.
///
/// Folders are served by their `index.html` (`/dir` is redirected to `/dir/` so relative URLs in
/// the page resolve), every response carries a strong `ETag` and is revalidated on each use
/// (`Cache-Control: no-cache`), so an edited site shows at once while unchanged files cost a 304.
/// Nothing outside the folder is reachable: the path is decoded and checked segment by segment,
/// and the real path of what it names, symbolic links resolved, must lie inside the folder.
public struct StaticFileServer: Sendable {
    /// The folder being served. It is asked for and resolved anew on every request, because a
    /// build may replace the folder (or move the output elsewhere) at any moment.
    public var root: @Sendable () -> String
    /// Changes every HTML response (page or 404) before it is sent; the live-reload script is
    /// injected this way, so the files on disk never contain it.
    public var transformHTML: @Sendable ([UInt8]) -> [UInt8]
    private let tags = EntityTagCache()

    public init(root: @escaping @Sendable () -> String, transformHTML: @escaping @Sendable ([UInt8]) -> [UInt8] = { $0 }) {
        self.root = root
        self.transformHTML = transformHTML
    }

    public init(root: String, transformHTML: @escaping @Sendable ([UInt8]) -> [UInt8] = { $0 }) {
        self.init(root: { root }, transformHTML: transformHTML)
    }

    public func respond(to request: ServerRequest) -> ServerResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = ServerResponse.text(.methodNotAllowed, "only GET and HEAD are supported")
            response.headers.add("Allow", "GET, HEAD")
            return response
        }
        let path: RequestPath
        switch RequestPath.parse(request.path) {
        case .success(let parsed): path = parsed
        case .failure(.malformed): return .text(.badRequest, "malformed request target")
        case .failure(.forbidden): return notFound(request)
        }
        guard let rootPath = canonicalPath(root()) else { return notFound(request) }
        let target = ([rootPath] + path.segments).joined(separator: "/")

        switch FileKind(at: target, inside: rootPath) {
        case .outside, .missing, .other:
            return notFound(request)
        case .directory(let realPath):
            guard path.hasTrailingSlash || path.segments.isEmpty else {
                var response = ServerResponse.text(.movedPermanently, "moved")
                var folder = path
                folder.hasTrailingSlash = true
                response.headers.add("Location", folder.encoded + request.query)
                return response
            }
            guard case .file(let indexPath) = FileKind(at: realPath + "/index.html", inside: rootPath) else {
                return notFound(request)
            }
            return serveFile(at: indexPath, named: "index.html", for: request)
        case .file(let realPath):
            guard !path.hasTrailingSlash else { return notFound(request) }
            return serveFile(at: realPath, named: path.segments.last ?? "", for: request)
        }
    }

    private func serveFile(at path: String, named name: String, for request: ServerRequest) -> ServerResponse {
        guard let file = RegularFile(path: path) else { return notFound(request) }
        defer { file.close() }
        let type = MediaType.forFile(named: name)
        let condition = request.headers["If-None-Match"]
        let isHTML = MediaType.isHTML(type)
        // HTML is tagged after the transform, whose output changes with every build.
        if !isHTML, let condition, let known = tags.tag(for: file.identity), known.matches(ifNoneMatch: condition) {
            return notModified(known)
        }
        guard var bytes = file.readAll() else { return notFound(request) }
        let tag: EntityTag
        if isHTML {
            bytes = transformHTML(bytes)
            tag = EntityTag(of: bytes)
        } else if let known = tags.tag(for: file.identity) {
            tag = known
        } else {
            tag = EntityTag(of: bytes)
            tags.store(tag, for: file.identity)
        }
        if let condition, tag.matches(ifNoneMatch: condition) { return notModified(tag) }
        var headers = revalidationHeaders(tag)
        headers.add("Content-Type", type)
        headers.add("X-Content-Type-Options", "nosniff")
        return ServerResponse(status: .ok, headers: headers, body: .bytes(bytes))
    }

    private func notModified(_ tag: EntityTag) -> ServerResponse {
        ServerResponse(status: .notModified, headers: revalidationHeaders(tag))
    }

    private func revalidationHeaders(_ tag: EntityTag) -> HTTPHeaders {
        HTTPHeaders([
            ("ETag", tag.value),
            // Always revalidate: a preview must show the latest build, and the ETag makes that cheap.
            ("Cache-Control", "no-cache"),
        ])
    }

    /// A small HTML page, so the live-reload script (and its error overlay) runs on it too.
    private func notFound(_ request: ServerRequest) -> ServerResponse {
        let page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>
            <body><h1>Not found</h1><p>Nothing is served at <code>\(Self.escapeHTML(String(request.path)))</code>.</p></body></html>

            """
        return ServerResponse(
            status: .notFound,
            headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]),
            body: .bytes(transformHTML(Array(page.utf8)))
        )
    }

    private static func escapeHTML(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}

/// What a path names, after following symbolic links, and whether that is inside the root.
private enum FileKind {
    case file(String)
    case directory(String)
    /// A socket, FIFO or device: never served (reading a FIFO would block the connection).
    case other
    case missing
    /// The path resolves outside the served folder, through a symbolic link.
    case outside

    init(at path: String, inside root: String) {
        guard let real = canonicalPath(path) else {
            self = .missing
            return
        }
        guard real == root || real.hasPrefix(root == "/" ? "/" : root + "/") else {
            self = .outside
            return
        }
        var info = stat()
        guard stat(real, &info) == 0 else {
            self = .missing
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .file(real)
        case S_IFDIR: self = .directory(real)
        default: self = .other
        }
    }
}

/// The absolute path with every symbolic link, `.` and `..` resolved, or nil if it does not exist.
private func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// An open regular file. The type is checked on the open descriptor, so a file swapped for a
/// FIFO between the path check and the open cannot block the server.
private struct RegularFile {
    let descriptor: Int32
    let identity: EntityTagCache.Identity

    init?(path: String) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            closeDescriptor(fd)
            return nil
        }
        descriptor = fd
        #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        identity = EntityTagCache.Identity(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modifiedSeconds: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec),
            changedSeconds: Int(changed.tv_sec), changedNanoseconds: Int(changed.tv_nsec))
    }

    /// The whole content; a file that shrank while being read is served as it now is.
    func readAll() -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: Int(identity.size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { break }
            filled += count
        }
        if filled < bytes.count { bytes.removeLast(bytes.count - filled) }
        return bytes
    }

    func close() {
        closeDescriptor(descriptor)
    }
}
