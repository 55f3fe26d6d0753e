import Foundation
import Testing
@testable import CarouselSiteKit

/// Collects the batches a watcher delivers, so a test can wait for the next one.
final class BatchRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [Set<String>] = []

    func record(_ batch: Set<String>) {
        condition.withLock {
            batches.append(batch)
            condition.broadcast()
        }
    }

    /// Waits up to `timeout` seconds for a batch after the `index`-th; nil if none came.
    func batch(_ index: Int, timeout: Double = 5) -> Set<String>? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock {
            while batches.count <= index {
                if !condition.wait(until: deadline) { return nil }
            }
            return batches[index]
        }
    }

    var count: Int { condition.withLock { batches.count } }

    /// Waits until batches stop coming for `quiet` seconds, then returns them all.
    func settle(quiet: Double) -> [Set<String>] {
        var seen = -1
        while seen != count {
            seen = count
            Thread.sleep(forTimeInterval: quiet)
        }
        return condition.withLock { batches }
    }
}

@Suite struct FileWatcherTests {
    static let methods: [FileWatcher.Method] = [.inotify, .polling(interval: 0.05)]

    let site: ScratchFolder
    let recorder = BatchRecorder()

    init() throws {
        site = try ScratchFolder()
        try site.write("carousel.json", "{}")
        try site.write("feeds/photos.json", "[]")
        try site.write("_site/index.html", "built")
        try site.write(".cache/images/abc", "cached")
    }

    func watcher(_ method: FileWatcher.Method, debounce: Double = 0.1) throws -> FileWatcher {
        let recorder = recorder
        let watcher = FileWatcher(root: site.path, filter: ServeSession.watchFilter(site: URL(fileURLWithPath: site.path), output: URL(fileURLWithPath: site.path + "/_site")), method: method, debounce: debounce) {
            recorder.record($0)
        }
        try watcher.start()
        #expect(watcher.activeMethod == method)
        return watcher
    }

    @Test(arguments: methods)
    func seesAWriteInPlace(_ method: FileWatcher.Method) async throws {
        try await offThePool {
            let watcher = try watcher(method)
            defer { watcher.stop() }
            try site.write("feeds/photos.json", "[{\"image\": \"a.jpg\"}]")
            #expect(recorder.batch(0) == ["feeds/photos.json"])
        }
    }

    @Test(arguments: methods)
    func seesAnEditorSaveByTempFileAndRename(_ method: FileWatcher.Method) async throws {
        try await offThePool {
            let watcher = try watcher(method)
            defer { watcher.stop() }
            try site.write("carousel.json.tmp~", "{\"title\": \"New\"}")
            #expect(rename(site.path + "/carousel.json.tmp~", site.path + "/carousel.json") == 0)
            let batch = try #require(recorder.batch(0))
            #expect(batch.contains("carousel.json"))
        }
    }

    @Test(arguments: methods)
    func seesFilesInANewFolder(_ method: FileWatcher.Method) async throws {
        try await offThePool {
            let watcher = try watcher(method)
            defer { watcher.stop() }
            try site.write("templates/partials/slide.mustache", "{{title}}")
            let batch = try #require(recorder.batch(0))
            #expect(batch.contains("templates/partials/slide.mustache"))
            // The new folders are watched too: a later edit inside them is seen.
            try site.write("templates/partials/slide.mustache", "{{caption}}")
            let next = try #require(recorder.batch(1))
            #expect(next == ["templates/partials/slide.mustache"])
        }
    }

    @Test(arguments: methods)
    func seesAFolderMovedIn(_ method: FileWatcher.Method) async throws {
        try await offThePool {
            let elsewhere = try ScratchFolder()
            try elsewhere.write("photos/1.jpg", "jpeg")
            let watcher = try watcher(method)
            defer { watcher.stop() }
            try FileManager.default.moveItem(atPath: elsewhere.path + "/photos", toPath: site.path + "/photos")
            let batch = try #require(recorder.batch(0))
            #expect(batch.contains("photos/1.jpg") || batch.contains("photos"))
        }
    }

    @Test(arguments: methods)
    func followsAFolderRenamedWithinTheSite(_ method: FileWatcher.Method) async throws {
        try await offThePool {
            try site.write("photos/1.jpg", "jpeg")
            let watcher = try watcher(method)
            defer { watcher.stop() }
            #expect(rename(site.path + "/photos", site.path + "/pictures") == 0)
            #expect(recorder.batch(0) != nil)
            try site.write("pictures/1.jpg", "jpeg, edited")
            let batch = try #require(recorder.batch(1))
            #expect(batch == ["pictures/1.jpg"])
        }
    }

    @Test(arguments: methods)
    func ignoresTheOutputAndCachesButNotTheCacheIndex(_ method: FileWatcher.Method) async throws {
        try await offThePool {
            let watcher = try watcher(method)
            defer { watcher.stop() }
            try site.write("_site/index.html", "rebuilt")
            try site.write(".cache/images/def", "cached")
            try site.write("feeds/.photos.json.swp", "vim")
            try site.write(".cache/urls/0a1b.json", "<rss/>")
            let batch = try #require(recorder.batch(0))
            #expect(batch.contains(".cache/urls/0a1b.json"))
            #expect(batch.allSatisfy { $0.hasPrefix(".cache/urls") })
        }
    }

    @Test(arguments: methods)
    func coalescesABurstIntoOneBatch(_ method: FileWatcher.Method) async throws {
        try await offThePool {
            // Half a second of quiet is far longer than writing 20 small files takes.
            let watcher = try watcher(method, debounce: 0.5)
            defer { watcher.stop() }
            for index in 0..<20 { try site.write("photos/\(index).txt", "\(index)") }
            let batches = recorder.settle(quiet: 1.5)
            #expect(batches.count == 1)
            #expect(batches.first?.filter { $0.hasPrefix("photos/") }.count == 20)
        }
    }

    @Test func refusesAFileAsRoot() throws {
        let watcher = FileWatcher(root: site.path + "/carousel.json", filter: WatchFilter(excluding: []), onChange: { _ in })
        #expect(throws: WatcherError.notAFolder(site.path + "/carousel.json")) { try watcher.start() }
    }

    @Test func deliversNothingAfterStop() async throws {
        try await offThePool {
            let watcher = try watcher(.inotify)
            watcher.stop()
            try site.write("carousel.json", "{\"title\": \"x\"}")
            #expect(recorder.batch(0, timeout: 0.5) == nil)
        }
    }
}
