import NIOCore
import NIOPosix
import StaffbookHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// Swift Concurrency's global executor on NIO's event loops, running each job as nonisolated
/// code, as Swift's own global executor does, rather than isolated to the loop.
///
/// NIO's installation runs every job isolated to its loop, as the loop's serial executor. From
/// there, every call into a nonisolated async function (each middleware, each layer of the
/// OpenAPI runtime, each repository call) must switch to the generic executor, which the runtime
/// cannot do inline from a custom serial executor: it queues the task on the loop again and the
/// loop runs it on its next tick, some 170 times for one `GET /v1/me`. A job run on the generic
/// executor makes those calls as plain calls on the same thread (callgrind: 1,343,195 → 729,657
/// instructions for `GET /v1/me`, docs/performance.md). Where a job runs does not change: on
/// the loop that enqueues it when enqueued from one (so a task resumed by a database reply
/// carries on where the reply was read), on any loop of the group otherwise.
enum EventLoopExecutor {
    /// Installs `choice` as Swift Concurrency's global executor. Call once, before the process's
    /// own code starts a task. Where Staffbook's cannot be installed, NIO's is tried (it uses
    /// the same hook of the runtime).
    static func install(_ choice: ConcurrencyExecutor) {
        if choice == .nio || !installEventLoops() {
            NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
    }

    static func enqueue(_ job: UnownedJob) {
        MultiThreadedEventLoopGroup.singleton.any().execute {
            // The generic executor's reference is two zero words: what Swift's own global
            // executor passes to `swift_job_run`, and no initializer of `UnownedSerialExecutor`
            // makes.
            runJob(job, unsafeBitCast((0, 0), to: UnownedSerialExecutor.self))
        }
    }

    /// Points the runtime's global-enqueue hook at `enqueue`; false when the runtime has no such
    /// hook or another executor holds it already.
    private static func installEventLoops() -> Bool {
        #if canImport(Glibc)
            typealias EnqueueGlobalHook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void
            // The hook is a global pointer to a function, read at every global enqueue; nothing
            // else runs yet, so it is set without an atomic exchange.
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return false }
            let hook = symbol.assumingMemoryBound(to: UnsafeRawPointer?.self)
            guard hook.pointee == nil else { return false }
            return withUnsafeTemporaryAllocation(of: EnqueueGlobalHook.self, capacity: 1) { buffer in
                guard let function = buffer.baseAddress else { return false }
                function.initialize(to: { job, _ in EventLoopExecutor.enqueue(job) })
                return function.withMemoryRebound(to: UnsafeRawPointer.self, capacity: 1) { pointer in
                    hook.pointee = pointer.pointee
                    return true
                }
            }
        #else
            return false
        #endif
    }
}

/// Runs a job on an executor: what `ExecutorJob.runSynchronously(on:)` calls, which takes only
/// executors of a type, not the generic one.
@_silgen_name("swift_job_run")
private func runJob(_ job: UnownedJob, _ executor: UnownedSerialExecutor)
