import Foundation

/// The threads renders run on: `count` of them, fed first come, first served, so a render
/// never blocks the server's event loops or Swift's cooperative threads. At most `count`
/// renders run and `waiting` more wait; past that a job is refused at once (the service
/// answers 429), so a burst cannot pile up work nobody will wait for.
final class RenderWorkers: @unchecked Sendable {
    let count: Int
    let waiting: Int
    private let condition = NSCondition()
    /// Each job runs and returns how to hand its result back, which the worker does once
    /// the job no longer counts as running (so a caller that sees its answer sees the room).
    private var queue: [() -> () -> Void] = []
    private var queueHead = 0
    private var running = 0
    private var stopped = false

    init(count: Int, waiting: Int) {
        self.count = max(1, count)
        self.waiting = max(0, waiting)
        for i in 0..<self.count {
            // The threads hold the workers until `stop()` lets them end: a thread never
            // outlives what it waits on.
            let thread = Thread { [self] in self.work() }
            thread.name = "folio-render-\(i + 1)"
            // A render sets deep paragraphs and big tables: more stack than the default.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Jobs admitted and not yet done: running plus waiting.
    var load: Int {
        condition.lock(); defer { condition.unlock() }
        return running + queue.count - queueHead
    }

    /// Whether another job would be admitted now.
    var hasRoom: Bool { load < count + waiting }

    /// Runs `job` on a render thread and returns its result; nil when there is no room
    /// (`count` running and `waiting` waiting) or the workers have stopped.
    func run<T: Sendable>(_ job: @escaping @Sendable () throws -> T) async throws -> T? {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T?, Error>) in
            condition.lock()
            guard !stopped, running + queue.count - queueHead < count + waiting else {
                condition.unlock()
                continuation.resume(returning: nil)
                return
            }
            queue.append {
                do {
                    let result = try job()
                    return { continuation.resume(returning: result) }
                } catch {
                    return { continuation.resume(throwing: error) }
                }
            }
            condition.signal()
            condition.unlock()
        }
    }

    /// Lets the threads end once the queue is empty.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while queueHead == queue.count && !stopped { condition.wait() }
            if queueHead == queue.count { condition.unlock(); return }
            let job = queue[queueHead]
            queueHead += 1
            if queueHead > 64, queueHead * 2 > queue.count { queue.removeFirst(queueHead); queueHead = 0 }
            running += 1
            condition.unlock()
            let handBack = autoreleasepool { job() }
            condition.lock()
            running -= 1
            condition.unlock()
            handBack()
        }
    }
}

#if !canImport(ObjectiveC)
/// No autorelease pools off Apple's platforms: the body runs as it is.
@inline(__always) private func autoreleasepool<T>(_ body: () throws -> T) rethrows -> T { try body() }
#endif
