import Foundation

/// Work items `0..<count` done on up to `jobs` threads, each giving a stream of events
/// that the calling thread takes in item order: all of item 0's, then item 1's, and so on —
/// the order, and so the output, of doing them one after another.
///
/// Memory stays bounded whatever `count` is: a thread starts item `i` only while
/// `i < current + ahead` (`current` being the item the caller is taking), and an item holds
/// at most `buffer` events not yet taken (`emit` waits for room). Items are claimed in
/// order, so the item the caller waits for is always being worked on: no deadlock.
///
/// The first error, in item order — an item's or the consumer's — stops everything: items
/// not started are not, the threads stop at their next `emit`, and `run` rethrows it.
package final class OrderedStreams<Event>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let jobs: Int
    private let ahead: Int
    private let buffer: Int
    private let work: (Int, _ emit: (Event) throws -> Void) throws -> Void
    private var queues: [Int: [Event]] = [:]
    /// Items whose work has returned: nil for success, else its error.
    private var ended: [Int: Error?] = [:]
    private var next = 0
    private var current = 0
    private var cancelled = false

    /// Thrown by `emit` once everything stops: the item's work should return.
    package struct Cancelled: Error {}

    /// `work(i, emit)` does item `i`, giving its events to `emit` in order; `jobs` threads
    /// (at least 1), items started at most `ahead` (at least `jobs`) beyond the one taken,
    /// at most `buffer` events held per item.
    package init(count: Int, jobs: Int, ahead: Int? = nil, buffer: Int = 8,
                 work: @escaping (Int, _ emit: (Event) throws -> Void) throws -> Void) {
        self.count = count
        self.jobs = max(1, jobs)
        self.ahead = max(self.jobs, ahead ?? self.jobs + 1)
        self.buffer = max(1, buffer)
        self.work = work
    }

    /// Runs the items, calling `consume(i, event)` for each event in item order on the
    /// calling thread; returns when all are done, or throws the first error.
    package func run(consume: (Int, Event) throws -> Void) throws {
        let threads = (0..<min(jobs, count)).map { _ in DispatchSemaphore(value: 0) }
        for done in threads {
            let thread = Thread { [self] in
                worker()
                done.signal()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        defer {
            stop()
            for done in threads { done.wait() }
        }
        for item in 0..<count {
            while true {
                condition.lock()
                while queues[item, default: []].isEmpty && ended[item] == nil { condition.wait() }
                let events = queues.removeValue(forKey: item) ?? []
                let end = events.isEmpty ? ended[item] : nil
                condition.broadcast()
                condition.unlock()
                for event in events { try consume(item, event) }
                if let end {
                    if let error = end { throw error }
                    break
                }
            }
            condition.lock()
            current = item + 1
            ended[item] = nil
            condition.broadcast()
            condition.unlock()
        }
    }

    private func stop() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    private func worker() {
        while true {
            condition.lock()
            while !cancelled && next < count && next >= current + ahead { condition.wait() }
            guard !cancelled, next < count else {
                condition.unlock()
                return
            }
            let item = next
            next += 1
            condition.unlock()
            var failure: Error?
            do { try work(item) { try emit($0, item: item) } } catch { failure = error }
            condition.lock()
            ended[item] = .some(failure)
            condition.broadcast()
            condition.unlock()
        }
    }

    private func emit(_ event: Event, item: Int) throws {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && queues[item, default: []].count >= buffer { condition.wait() }
        if cancelled { throw Cancelled() }
        queues[item, default: []].append(event)
        condition.broadcast()
    }
}
