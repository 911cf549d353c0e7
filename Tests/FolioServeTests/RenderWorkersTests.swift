@testable import FolioServe
import Foundation
import XCTest

/// The render threads: at most `count` jobs run and `waiting` wait; more are refused.
final class RenderWorkersTests: XCTestCase {
    func testJobsPastTheThreadsAndTheQueueAreRefusedAndTheRestRunInOrder() async throws {
        let workers = RenderWorkers(count: 1, waiting: 1)
        defer { workers.stop() }
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let order = OrderLog()
        // One job runs (held at the gate), one waits; the third finds no room.
        async let first: Int? = workers.run { started.signal(); gate.wait(); order.add(1); return 1 }
        started.wait()
        async let second: Int? = workers.run { order.add(2); return 2 }
        while workers.load < 2 { try await Task.sleep(for: .milliseconds(1)) }
        XCTAssertFalse(workers.hasRoom)
        let third = try await workers.run { order.add(3); return 3 }
        XCTAssertNil(third, "no room: refused at once")
        gate.signal()
        let results = try await [first, second]
        XCTAssertEqual(results, [1, 2])
        XCTAssertEqual(order.values, [1, 2])
        XCTAssertTrue(workers.hasRoom)
        // A job that throws gives its error to its caller.
        struct Failure: Error {}
        do { _ = try await workers.run { () throws -> Int in throw Failure() }; XCTFail("no error") } catch is Failure {}
    }
}

private final class OrderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Int] = []
    func add(_ v: Int) { lock.lock(); list.append(v); lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return list }
}
