import Foundation

/// Runs blocking work (a socket read, a wait for the watcher) on a thread of its own.
///
/// Swift's cooperative thread pool has one thread per core, two on small machines; a test that
/// blocks one while waiting for work that itself needs the pool (the serve session's build task)
/// could starve it. Tests that wait on tasks therefore block only threads of their own.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
