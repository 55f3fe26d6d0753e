import Dispatch

/// Gathers changed paths and hands them over as one batch once they stop coming.
///
/// An editor's save is several events (write a temp file, rename it, change attributes); a
/// `git checkout` is hundreds. The batch fires after `quiet` seconds without a new path, or
/// `maxDelay` after its first path, so a never-ending stream of changes still rebuilds.
/// Not thread-safe: `add` must be called on `queue`, where `fire` runs too.
final class Debouncer {
    private let quiet: Double
    private let maxDelay: Double
    private let timer: DispatchSourceTimer
    private let fire: (Set<String>) -> Void
    private var pending: Set<String> = []
    private var firstChange: DispatchTime?

    init(quiet: Double, maxDelay: Double, queue: DispatchQueue, fire: @escaping (Set<String>) -> Void) {
        self.quiet = quiet
        self.maxDelay = maxDelay
        self.fire = fire
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.activate()
    }

    func add(_ path: String) {
        let now = DispatchTime.now()
        if firstChange == nil { firstChange = now }
        pending.insert(path)
        let latest = firstChange! + maxDelay
        timer.schedule(deadline: min(now + quiet, latest))
    }

    func cancel() {
        timer.cancel()
        pending = []
    }

    private func flush() {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = []
        firstChange = nil
        fire(batch)
    }
}
