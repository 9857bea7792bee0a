import Metrics
import NIOPosix
import StaffbookCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Threads of their own for one kind of blocking work, so that no other kind can take them: an
/// upload's PDF helper never holds the thread a sign-in's bcrypt needs. At most `threads` jobs
/// run and `waiting` wait, none longer than `maximumWait`; past either a job is refused
/// (`BlockingWorkError.busy`), so neither the queue nor a caller's wait grows with the load. The
/// pools live as long as the process, as NIO's own do.
///
/// A pool of bulk work (parsing uploads) runs its threads at a lower priority (`niceness`): when
/// the cores are busy, the event loops and sign-ins come first, and the bulk work takes longer.
package final class WorkPool: BlockingWork {
    let name: String
    private let pool: NIOThreadPool
    private let capacity: Int
    private let maximumWait: Duration
    private let niceness: Int32
    private let admitted = Mutex(0)
    private let refused: Counter

    init(name: String, threads: Int, waiting: Int, maximumWait: Duration = .seconds(20), niceness: Int32 = 0) {
        self.name = name
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        capacity = threads + waiting
        self.maximumWait = maximumWait
        self.niceness = niceness
        refused = Counter(label: "staffbook_work_refused_total", dimensions: [("pool", name)])
    }

    /// Lowers the calling thread's priority to the pool's (Linux keeps a nice value per thread;
    /// lowering needs no privilege). Cheap enough to repeat at every job.
    private func lowerPriority() {
        #if canImport(Glibc)
            if niceness > 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness) }
        #endif
    }

    package func run<Value: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> Value) async throws -> Value {
        let entered = admitted.withLock { count in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard entered else {
            refused.increment()
            throw BlockingWorkError.busy
        }
        defer { admitted.withLock { $0 -= 1 } }
        let queued = ContinuousClock.now
        let result: Result<Value, any Error>? = try await pool.runIfActive { [self] in
            // Waited past its bound: the caller has been told nothing for too long already.
            guard ContinuousClock.now - queued <= maximumWait else { return nil }
            lowerPriority()
            do { return .success(try work()) } catch { return .failure(error) }
        }
        guard let result else {
            refused.increment()
            throw BlockingWorkError.busy
        }
        return try result.get()
    }

    /// bcrypt for sign-ins, resets and invitations (each throttled before it gets here).
    static let passwords = WorkPool(name: "passwords", threads: 2, waiting: 128)
    /// Parsers of uploaded documents (ISDOC, bank statements, time files, containers), each with
    /// its own budget.
    static let documents = WorkPool(name: "documents", threads: 2, waiting: 256, niceness: 10)
    /// The PDF attachment helper's waits: a thread per child process, so this bounds how many run.
    static let pdfHelpers = WorkPool(name: "pdf_helpers", threads: 2, waiting: 256)
    /// Reading uploads' multipart bodies (a task executor, `withTaskExecutorPreference`): the
    /// parser's byte-by-byte work on megabytes never runs on an event loop.
    static let uploads = WorkPool(name: "uploads", threads: 2, waiting: 0, niceness: 10)
}

/// Tasks that prefer a pool run their jobs on its threads, as they come: a job is never refused
/// (it is part of a request already admitted), so no gate applies.
extension WorkPool: TaskExecutor {
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        pool.submit { [self] _ in
            lowerPriority()
            job.runSynchronously(on: executor)
        }
    }
}
