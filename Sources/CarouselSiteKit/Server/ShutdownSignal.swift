import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Darwin)
private typealias SignalAction = sig_t
#else
private typealias SignalAction = __sighandler_t
#endif

/// Waits for Ctrl-C (SIGINT) or SIGTERM, so a server can shut down cleanly instead of dying.
///
/// The default action of each signal is turned off while waiting, so the process is not killed
/// before the handler runs, and dispatch's signal sources see the signal outside the limits of
/// code run inside a signal handler. Once one has arrived the earlier actions are restored
/// (usually the default): a second Ctrl-C ends a shutdown that hangs.
public enum ShutdownSignal {
    /// Suspends until one of `signals` arrives, and returns it.
    @discardableResult
    public static func next(of signals: [Int32] = [SIGINT, SIGTERM]) async -> Int32 {
        await withCheckedContinuation { continuation in
            listen(for: signals) { continuation.resume(returning: $0) }
        }
    }

    /// Blocks the calling thread until one of `signals` arrives, and returns it.
    @discardableResult
    public static func wait(for signals: [Int32] = [SIGINT, SIGTERM]) -> Int32 {
        let semaphore = DispatchSemaphore(value: 0)
        let received = SignalListener()
        listen(for: signals) { number in
            received.firstSignal = number
            semaphore.signal()
        }
        semaphore.wait()
        return received.firstSignal ?? 0
    }

    /// Calls `handler` once, with the first of `signals` to arrive.
    private static func listen(for signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "carousel-site.signals")
        let listener = SignalListener()
        queue.sync {
            for number in signals {
                listener.previousActions.append(signal(number, SIG_IGN))
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                // The handler holds the listener, which holds the sources: they stay alive until
                // cancelled, when dispatch releases the handlers and the cycle with them.
                source.setEventHandler {
                    guard listener.firstSignal == nil else { return }
                    listener.firstSignal = number
                    for (index, other) in signals.enumerated() {
                        listener.sources[index].cancel()
                        signal(other, listener.previousActions[index])
                    }
                    handler(number)
                }
                listener.sources.append(source)
                source.activate()
            }
        }
    }
}

/// The sources of one wait and the signal that ended it; touched only on the signal queue,
/// except `firstSignal` in `wait`, which is read after the semaphore orders the accesses.
private final class SignalListener: @unchecked Sendable {
    var sources: [DispatchSourceSignal] = []
    /// What each signal did before the wait, as `signal(2)` returned it.
    var previousActions: [SignalAction?] = []
    var firstSignal: Int32?
}
