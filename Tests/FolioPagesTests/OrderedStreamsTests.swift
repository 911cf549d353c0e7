import FolioPages
import Foundation
import XCTest

/// Work done on several threads, taken in order (`OrderedStreams`, behind `--jobs`).
final class OrderedStreamsTests: XCTestCase {
    /// Counts what the threads have started, under a lock.
    private final class Started: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Int] = []
        func add(_ item: Int) { lock.withLock { items.append(item) } }
        var all: [Int] { lock.withLock { items } }
    }

    func testEventsComeInItemOrderWhateverTheThreads() throws {
        for jobs in [1, 2, 3, 8] {
            let streams = OrderedStreams<String>(count: 20, jobs: jobs, buffer: 2) { item, emit in
                // Later items have less to do: they would finish first if order were not kept.
                for k in 0..<(25 - item) { try emit("\(item).\(k)") }
            }
            var taken: [String] = []
            try streams.run { item, event in
                XCTAssertTrue(event.hasPrefix("\(item).")); taken.append(event)
            }
            XCTAssertEqual(taken, (0..<20).flatMap { item in (0..<(25 - item)).map { "\(item).\($0)" } }, "jobs \(jobs)")
        }
    }

    func testNoItemStartsMoreThanAheadBeyondTheOneTaken() throws {
        let started = Started()
        let streams = OrderedStreams<Int>(count: 40, jobs: 3, ahead: 4, buffer: 1) { item, emit in
            started.add(item)
            for k in 0..<3 { try emit(k) }
        }
        try streams.run { item, _ in
            let beyond = started.all.filter { $0 >= item }.max() ?? item
            XCTAssertLessThan(beyond, item + 4, "item \(item) being taken")
        }
        XCTAssertEqual(started.all.sorted(), Array(0..<40))
    }

    func testTheFirstErrorInItemOrderStopsEverything() throws {
        struct Failure: Error, Equatable { var item: Int }
        let started = Started()
        let streams = OrderedStreams<Int>(count: 100, jobs: 3) { item, emit in
            started.add(item)
            if item == 5 || item == 7 { throw Failure(item: item) }
            try emit(item)
        }
        var taken: [Int] = []
        XCTAssertThrowsError(try streams.run { _, event in taken.append(event) }) { error in
            XCTAssertEqual(error as? Failure, Failure(item: 5))
        }
        XCTAssertEqual(taken, [0, 1, 2, 3, 4])
        XCTAssertLessThan(started.all.max() ?? 0, 10, "items far beyond the error were never started")
    }

    func testAnErrorOfTheConsumerStopsTheThreads() throws {
        struct Stop: Error {}
        let streams = OrderedStreams<Int>(count: 1000, jobs: 2, buffer: 1) { item, emit in
            for k in 0..<100 { try emit(item * 100 + k) }
        }
        var taken = 0
        XCTAssertThrowsError(try streams.run { _, _ in
            taken += 1
            if taken == 150 { throw Stop() }
        }) { XCTAssertTrue($0 is Stop) }
        XCTAssertEqual(taken, 150)
    }
}
