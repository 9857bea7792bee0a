/// Which executor runs the process's tasks on NIO's event loops (`serve` and `worker` install it
/// before anything else runs): `eventLoops`, Staffbook's, where a task's calls into nonisolated
/// code continue on the same thread; or `nio`, NIO's own, where each such call is queued on the
/// loop again. The second stays for comparing the two in `make bench`.
package enum ConcurrencyExecutor: String, Sendable {
    case eventLoops = "event-loops"
    case nio
}
