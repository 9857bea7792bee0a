import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A helper program run to its end with a hard deadline: input on its standard input, output
/// read from its standard output up to a limit, standard error discarded. The child starts with
/// an empty signal mask and every signal at its default (the server blocks or ignores some,
/// and a child inherits both), so the deadline's SIGTERM ends it; SIGKILL follows after `grace`
/// whatever the child does. Runs on the calling thread, which it blocks: call it from a pool
/// of its own.
struct ChildProcess: Sendable {
    enum Outcome: Sendable, Equatable {
        /// It exited with this status; `output` is what it wrote.
        case exited(status: Int32, output: Data)
        /// It wrote more than the limit: ended then.
        case outputTooLarge
        /// It ran past the deadline, or the caller gave up: ended then.
        case timedOut
        /// It ended on a signal of its own (a crash, or a resource limit).
        case signalled(Int32)
        /// It could not be started.
        case failedToStart
    }

    var executable: String
    var arguments: [String] = []
    var timeout: Duration
    var grace: Duration = .milliseconds(500)
    var maximumOutput: Int

    /// Set from another thread to end the child now (the request was cancelled).
    final class Cancellation: Sendable {
        private let flag = Atomic<Bool>(false)
        func cancel() { flag.store(true, ordering: .relaxed) }
        var isCancelled: Bool { flag.load(ordering: .relaxed) }
    }

    func run(input: Data, cancellation: Cancellation = Cancellation()) -> Outcome {
        // One socket pair, made close-on-exec atomically: no other child started meanwhile (by
        // this code or by anything else in the process) can inherit the parent's end and keep
        // the child's input open. The child reads and writes its end as standard input and
        // output; the parent shuts down its writing side when the input is sent.
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return .failedToStart }
        let pid = spawn(stdin: ends[1], stdout: ends[1])
        close(ends[1])
        guard let pid else {
            close(ends[0])
            return .failedToStart
        }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return exchange(pid: pid, input: input, socket: ends[0], cancellation: cancellation)
    }

    /// Feeds the input and collects the output until the child closes its output, the deadline
    /// passes or the output outgrows its limit; then reaps the child (killing it if needed).
    private func exchange(pid: pid_t, input: Data, socket: Int32, cancellation: Cancellation) -> Outcome {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var sending = !input.isEmpty
        var written = 0
        var output = Data()
        var ended: Outcome?
        var buffer = [UInt8](repeating: 0, count: 65536)
        if !sending { shutdown(socket, Int32(SHUT_WR)) }
        while ended == nil {
            if cancellation.isCancelled || ContinuousClock.now >= deadline {
                ended = .timedOut
                break
            }
            var fd = pollfd(fd: socket, events: Int16(POLLIN) | (sending ? Int16(POLLOUT) : 0), revents: 0)
            let ready = poll(&fd, 1, Int32(min(Self.milliseconds(until: deadline), 50)))
            if ready < 0, errno != EINTR { break }
            if sending, fd.revents & Int16(POLLOUT) != 0 {
                let sent = input.withUnsafeBytes { bytes -> Int in
                    guard let base = bytes.baseAddress else { return 0 }
                    return send(socket, base + written, min(bytes.count - written, 65536), Int32(MSG_NOSIGNAL))
                }
                if sent > 0 { written += sent }
                if sent < 0, errno != EAGAIN, errno != EINTR { written = input.count }  // the child stopped reading
                if written >= input.count {
                    sending = false
                    shutdown(socket, Int32(SHUT_WR))
                }
            }
            if fd.revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 {
                let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if count == 0 { break }  // the child closed its output: it is ending
                if count > 0 {
                    output.append(contentsOf: buffer[0..<count])
                    if output.count > maximumOutput { ended = .outputTooLarge }
                } else if errno != EAGAIN, errno != EINTR {
                    break
                }
            }
        }
        close(socket)
        let status = reap(pid, deadline: ended == nil ? deadline : .now, cancellation: cancellation)
        if let ended { return ended }
        guard let status else { return .timedOut }
        if status & 0x7f == 0 { return .exited(status: (status >> 8) & 0xff, output: output) }
        return .signalled(status & 0x7f)
    }

    /// Waits for the child until `deadline`; past it SIGTERM, and SIGKILL after the grace. The
    /// wait status, or nil when it had to be ended.
    private func reap(_ pid: pid_t, deadline: ContinuousClock.Instant, cancellation: Cancellation) -> Int32? {
        var status: Int32 = 0
        while ContinuousClock.now < deadline, !cancellation.isCancelled {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return status }
            if done < 0, errno != EINTR { return nil }
            usleep(2000)
        }
        kill(pid, SIGTERM)
        let killAt = ContinuousClock.now.advanced(by: grace)
        while ContinuousClock.now < killAt {
            if waitpid(pid, &status, WNOHANG) == pid { return nil }
            usleep(2000)
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return nil
    }

    /// posix_spawn with the child's standard input and output on its end of the socket pair, standard error on
    /// /dev/null, an empty signal mask and default dispositions for every signal.
    private func spawn(stdin: Int32, stdout: Int32) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment: [UnsafeMutablePointer<CChar>?] = [nil]
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        return result == 0 ? pid : nil
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int {
        let left = ContinuousClock.now.duration(to: deadline)
        return max(0, Int(left.components.seconds) * 1000 + Int(left.components.attoseconds / 1_000_000_000_000_000))
    }
}
