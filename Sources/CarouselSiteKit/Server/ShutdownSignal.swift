import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for Ctrl-C (SIGINT) or SIGTERM, so a server can shut down cleanly instead of dying.
public enum ShutdownSignal {
    /// Suspends until one of `signals` arrives, and returns it; no thread of the task pool is
    /// blocked meanwhile.
    @discardableResult
    public static func next(of signals: [Int32] = [SIGINT, SIGTERM]) async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: wait(for: signals)) }.start()
        }
    }

    /// Blocks the calling thread until one of `signals` arrives, and returns it.
    ///
    /// The default action of each signal is turned off first, so the process is not killed
    /// before the handler runs; dispatch's signal sources then see it without the limits of
    /// code run inside a signal handler.
    @discardableResult
    public static func wait(for signals: [Int32] = [SIGINT, SIGTERM]) -> Int32 {
        let queue = DispatchQueue(label: "carousel-site.signals")
        let semaphore = DispatchSemaphore(value: 0)
        let received = SignalBox()
        let sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if received.value == nil {
                    received.value = number
                    semaphore.signal()
                }
            }
            source.activate()
            return source
        }
        semaphore.wait()
        sources.forEach { $0.cancel() }
        return queue.sync { received.value ?? 0 }
    }
}

/// The received signal, touched only on the signal queue.
private final class SignalBox: @unchecked Sendable {
    var value: Int32?
}
