import Foundation

/// Remembers the entity tag of each file by its identity on disk, so a file served again is not
/// hashed again, and a conditional request for an unchanged file is answered without reading it.
///
/// Invariant relied on: a file's content does not change unless its identity does. Writing
/// changes the modification and status-change times; the builder writes every new file under
/// a new inode (staged, then swapped in). Two same-size writes in place within one tick of the
/// file system's clock would go unnoticed, which a preview server can accept.
final class EntityTagCache: @unchecked Sendable {
    /// What identifies one version of a file.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
        var changedSeconds: Int
        var changedNanoseconds: Int
    }

    private let lock = NSLock()
    private var tags: [Identity: EntityTag] = [:]
    /// A site has tens to thousands of files; past this many entries (a few hundred KB) the
    /// cache starts over rather than tracking which entries are stale.
    private let capacity = 8_192

    func tag(for identity: Identity) -> EntityTag? {
        lock.withLock { tags[identity] }
    }

    func store(_ tag: EntityTag, for identity: Identity) {
        lock.withLock {
            if tags.count >= capacity { tags.removeAll(keepingCapacity: true) }
            tags[identity] = tag
        }
    }
}
