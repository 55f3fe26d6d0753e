/// Which paths under a site folder the watcher cares about.
///
/// Paths are relative to the site folder, `/`-separated. The build's own output and caches are
/// excluded, or every build would trigger the next; folders listed as exceptions inside an
/// excluded one (such as the index of downloaded feeds and images) are watched all the same.
public struct WatchFilter: Sendable {
    /// Folders (relative paths) whose contents are ignored.
    public var excludedFolders: [String]
    /// Folders inside excluded ones that are watched anyway.
    public var exceptions: [String]
    /// Beginnings of paths that are ignored, such as the build's staging folders
    /// (`._site.staging-1234-5678`), whose names are not known in advance.
    public var excludedPrefixes: [String]

    public init(excluding excludedFolders: [String], except exceptions: [String] = [], prefixes excludedPrefixes: [String] = []) {
        self.excludedFolders = excludedFolders
        self.exceptions = exceptions
        self.excludedPrefixes = excludedPrefixes
    }

    /// Whether a change at `path` is of no interest.
    public func ignores(_ path: String) -> Bool {
        if Self.isEditorScratch(path) || excludedPrefixes.contains(where: path.hasPrefix) { return true }
        if exceptions.contains(where: { Self.path(path, isInside: $0) }) { return false }
        return excludedFolders.contains { Self.path(path, isInside: $0) }
    }

    /// Whether the watcher must look into `folder`: it is not ignored, or an exception lies inside it.
    func descends(into folder: String) -> Bool {
        !ignores(folder) || exceptions.contains { Self.path($0, isInside: folder) }
    }

    private static func path(_ path: String, isInside folder: String) -> Bool {
        path == folder || path.hasPrefix(folder + "/")
    }

    /// Files editors write beside the one being saved: Vim's swap files and its `4913` probe,
    /// Emacs's lock files (`.#name`) and backups (`name~`), and version control's folder.
    private static func isEditorScratch(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".swp") || name.hasSuffix(".swx") || name == "4913" || name.hasPrefix(".#")
            || name.hasSuffix("~") || path == ".git" || path.hasPrefix(".git/")
    }
}
