import Foundation
import Synchronization

/// Runs work for at most a time: at the deadline the caller goes on (the work is told to stop,
/// and finishes in the background if it does not notice), so that work which ignores
/// cancellation (a connection that never answers, a library that does not check) cannot hold
/// the one who waits for it.
package enum Deadline {
    package struct Passed: Error, Sendable, CustomStringConvertible {
        package var limit: Duration
        package var description: String { "ran past its budget of \(limit.components.seconds) s" }
    }

    package static func run<Value: Sendable>(
        within limit: Duration, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let once = Once<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                once.set(continuation)
                let task = Task {
                    do { once.resume(.success(try await work())) } catch { once.resume(.failure(error)) }
                }
                once.setTask(task)
                Task {
                    try? await Task.sleep(for: limit)
                    if once.resume(.failure(Passed(limit: limit))) { task.cancel() }
                }
            }
        } onCancel: {
            once.cancel()
        }
    }

    /// A continuation resumed once, by whichever comes first.
    private final class Once<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, any Error>?
            var task: Task<Void, Never>?
            var done = false
        }
        private let state = Mutex(State())

        /// Cancelled before the waiter was set: it is resumed at once.
        func set(_ continuation: CheckedContinuation<Value, any Error>) {
            let done = state.withLock { state in
                if !state.done { state.continuation = continuation }
                return state.done
            }
            if done { continuation.resume(throwing: CancellationError()) }
        }

        func setTask(_ task: Task<Void, Never>) {
            let cancelled = state.withLock { state in
                state.task = task
                return state.done
            }
            if cancelled { task.cancel() }
        }

        /// True for the first caller, who resumed the waiter.
        @discardableResult
        func resume(_ result: Result<Value, any Error>) -> Bool {
            let continuation: CheckedContinuation<Value, any Error>? = state.withLock { state in
                guard !state.done else { return nil }
                state.done = true
                defer { state.continuation = nil }
                return state.continuation
            }
            guard let continuation else { return false }
            continuation.resume(with: result)
            return true
        }

        func cancel() {
            if resume(.failure(CancellationError())) { state.withLock { $0.task }?.cancel() }
        }
    }
}
