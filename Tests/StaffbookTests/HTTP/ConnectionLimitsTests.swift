import Foundation
import NIOCore
import NIOEmbedded
import NIOPosix
import Synchronization
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP

/// A slow client cannot hold a connection for ever, and one address cannot take them all: a body
/// has a deadline for the whole of it (its length at a minimum rate, after the progress timeout),
/// and connections are capped per client address. `make verify` runs the same with 1000 sockets.
@Suite("HTTP: slow bodies and one address's connections")
struct ConnectionLimitsTests {
    @Test func theWholeBodyDeadlineIsTheProgressTimeoutPlusTheLengthAtTheMinimumRate() {
        let limits = ConnectionLimits(bodyProgressTimeout: .seconds(30), bodyMinimumBytesPerSecond: 8192, bodyAssumedBytes: 10 << 20)

        #expect(limits.bodyDeadline(length: 0) == .seconds(30))
        #expect(limits.bodyDeadline(length: 81_920) == .seconds(40))
        #expect(limits.bodyDeadline(length: nil) == .seconds(30) + .milliseconds(1_280_000), "chunked: the largest upload's time")
        #expect(limits.bodyDeadline(length: -5) == .seconds(30))
        #expect(limits.bodyDeadline(length: .max) > .seconds(30), "no overflow")
    }

    @Test func eachAddressIsCountedOnItsOwnAndFreedWhenItsConnectionsClose() {
        let connections = OpenConnections()

        let first = (0..<3).map { _ in connections.tryOpen(address: "198.51.100.1", limit: 2) }
        let other = connections.tryOpen(address: "198.51.100.2", limit: 2)
        connections.close(address: "198.51.100.1")

        #expect(first == [true, true, false])
        #expect(other)
        #expect(connections.tryOpen(address: "198.51.100.1", limit: 2))
        #expect(connections.current(address: "198.51.100.1") == 2)
    }

    /// Fifth probe, finding 3 (and 15): one IPv6 /64 is one client, and 6to4 and Teredo tunnels
    /// are not public addresses.
    @Test(.tags(.fifthProbe)) func anIPv6ClientIsCountedByItsSlash64AndTunnelsAreNotPublic() throws {
        let one = try #require(IPAddress("2001:db8:1:2:aaaa::1")), other = try #require(IPAddress("2001:db8:1:2:ffff:1:2:3"))
        #expect(one.capKey == other.capKey && one.capKey == "2001:db8:1:2:0:0:0:0/64")
        #expect(try #require(IPAddress("2001:db8:1:3::1")).capKey != one.capKey)
        #expect(try #require(IPAddress("::ffff:198.51.100.7")).capKey == "198.51.100.7")
        #expect(try #require(IPAddress("198.51.100.7")).capKey == "198.51.100.7")
        for tunnel in ["2002:7f00:1::1", "2002:a9fe:a9fe::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2"] {
            #expect(try #require(IPAddress(tunnel)).isPublic == false, "\(tunnel)")
        }
        #expect(try #require(IPAddress("2a00:1450:4014:80c::200e")).isPublic)
    }

    /// At a full cap, the connection that gives way is the longest idle, then the slowest
    /// unfinished request past its grace; one being answered never.
    @Test(.tags(.fifthProbe)) func theConnectionThatGivesWayIsIdleOrTheSlowestAndNeverOneBeingAnswered() throws {
        func connection(_ phase: ConnectionProgress.Phase, bytes: Int) -> ConnectionProgress {
            let progress = ConnectionProgress(channel: EmbeddedChannel())
            progress.enter(phase, resetting: true)
            progress.arrived(bytes)
            return progress
        }
        let answering = connection(.answering, bytes: 0)
        let trickling = connection(.readingBody, bytes: 3)
        let quick = connection(.readingBody, bytes: 90_000)
        let later = NIODeadline.now().uptimeNanoseconds + 5_000_000_000
        #expect(Shedding.victim(among: [answering, quick, trickling], now: later) === trickling, "the slowest")
        #expect(Shedding.victim(among: [answering, quick, trickling], now: NIODeadline.now().uptimeNanoseconds) == nil, "within the grace")
        let idle = connection(.idle, bytes: 0)
        #expect(Shedding.victim(among: [answering, trickling, idle], now: later) === idle, "an idle one first")
        #expect(Shedding.victim(among: [answering], now: later) == nil)
    }

    /// Fifth probe, finding 3: a client reopening trickled bodies from 16 addresses kept the
    /// whole cap (20 of 30 bystanders refused). At a full cap the slowest gives way.
    @Test(.tags(.fifthProbe)) func aCapFullOfTricklesFromManyAddressesStillAnswersABystander() async throws {
        try await TestApp.test(
            .live,
            configure: {
                $0.http.limits.maxConnections = 16
                $0.http.limits.maxConnectionsPerAddress = 4
            }
        ) { app in
            let port = try #require(app.client.port)
            var trickles: [NIOAsyncChannel<ByteBuffer, ByteBuffer>] = []
            for n in 0..<16 {
                let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .bind(to: try SocketAddress(ipAddress: "127.0.0.\(2 + n / 4)", port: 0))
                    .connect(host: "127.0.0.1", port: port) { channel in
                        channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
                    }
                try await channel.outbound.write(
                    ByteBuffer(string: "POST /v1/auth/password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"))
                trickles.append(channel)
            }
            try await Task.sleep(for: .milliseconds(1500))
            var answered = 0
            for _ in 0..<10 {
                if let live = try? await app.client.execute(uri: "/health/live", method: .get, headers: [:], body: nil), live.status == .ok {
                    answered += 1
                }
            }
            #expect(answered == 10, "every bystander answered while sixteen trickles filled the cap (before: refused): \(answered)")
            for channel in trickles { try? await channel.channel.close() }
        }
    }

    /// Sends a head declaring `length` bytes, then a byte every 200 ms; how long until the server
    /// closed the connection (nil: still open after `patience`).
    private static func trickle(port: Int, length: Int, patience: Duration) async throws -> Duration? {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        let started = ContinuousClock.now
        return try await channel.executeThenClose { inbound, outbound in
            try await withThrowingTaskGroup(of: Duration?.self) { group in
                group.addTask {
                    // A reset is as much an end as a close: the server may cut while bytes arrive.
                    do { for try await _ in inbound {} } catch {}
                    return ContinuousClock.now - started
                }
                group.addTask {
                    let head = "POST /v1/auth/password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n"
                    try? await outbound.write(ByteBuffer(string: head))
                    while ContinuousClock.now - started < patience {
                        try await Task.sleep(for: .milliseconds(200))
                        try? await outbound.write(ByteBuffer(string: " "))
                    }
                    return nil
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
        }
    }

    @Test(.tags(.fourthProbe))
    func aBodyThatKeepsTricklingIsCutAtItsWholeDeadline() async throws {
        try await TestApp.test(
            .live,
            configure: {
                $0.http.limits.bodyProgressTimeout = .seconds(1)
                $0.http.limits.bodyMinimumBytesPerSecond = 1000
            }
        ) { app in
            let port = try #require(app.client.port)

            // 2000 bytes at 5 a second would take 400 s; the deadline is 1 s + 2 s.
            let closedAfter = try await Self.trickle(port: port, length: 2000, patience: .seconds(30))

            #expect(closedAfter != nil, "still open after 30 s")
        }
    }

    @Test(.tags(.fourthProbe))
    func connectionsPastTheAddressCapAreClosedAtOnceWhileOthersAreServed() async throws {
        try await TestApp.test(
            .live,
            configure: {
                $0.http.limits.maxConnectionsPerAddress = 3
                // Only the cap closes an idle connection within the test's patience.
                $0.http.limits.requestHeadTimeout = .seconds(120)
            }
        ) { app in
            let port = try #require(app.client.port)
            // Six connections from one address: the cap keeps at most three (the test client's
            // own may be one of them); the rest are closed as they arrive.
            let opened = try await (0..<6).asyncMap { _ in
                try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port).get()
            }
            // The closes are at once; seeing them may wait for a busy machine's event loops.
            var open = opened.filter(\.isActive).count
            let waitedFrom = ContinuousClock.now
            while open > 3, ContinuousClock.now - waitedFrom < .seconds(20) {
                try await Task.sleep(for: .milliseconds(100))
                open = opened.filter(\.isActive).count
            }
            for channel in opened { try? await channel.close() }
            try await Task.sleep(for: .milliseconds(300))
            let (answer, _) = try await RawHTTP.exchange(port: port, Array("GET /health/live HTTP/1.0\r\n\r\n".utf8))

            #expect(open <= 3, "\(open) of 6 stayed open")
            #expect(RawHTTP.status(answer) == 200, "once they go, the address is served again")
        }
    }
}

extension Sequence {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
