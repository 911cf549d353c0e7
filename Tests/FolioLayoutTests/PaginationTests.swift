import Foundation
import FolioLayout
import XCTest

/// Adds containers of one size on demand, up to a limit.
private final class ColumnSupplier: LayoutManagerDelegate {
    var made = 0
    var completed: [Int] = []
    let limit: Int
    init(limit: Int) { self.limit = limit }
    func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?) -> TextContainer? {
        guard made < limit else { return nil }
        made += 1
        return TextContainer(size: Size(width: 150, height: 100))
    }
    func layoutManager(_ layoutManager: LayoutManager, didCompleteContainerAt index: Int) { completed.append(index) }
}

final class PaginationTests: XCTestCase {
    func testDelegateSuppliesContainersUntilTheTextIsSet() {
        let storage = makeStorage(Array(repeating: prose, count: 4).joined(separator: "\n"))
        let manager = LayoutManager(textStorage: storage)
        let supplier = ColumnSupplier(limit: 100)
        manager.delegate = supplier
        manager.ensureLayout()
        XCTAssertGreaterThan(supplier.made, 3)
        XCTAssertEqual(manager.textContainers.count, supplier.made)
        XCTAssertEqual(supplier.completed, Array(0..<supplier.made))
        // Every container but the last is used; none is empty.
        for i in 0..<supplier.made { XCTAssertFalse(manager.lineFragments(inContainerAt: i).isEmpty, "container \(i) empty") }
        assertCoversEveryCharacterOnce(manager)
        XCTAssertNil(manager.unplacedRange)
    }

    func testTextThatFindsNoContainerIsReportedNotLost() {
        let storage = makeStorage(Array(repeating: prose, count: 4).joined(separator: "\n"))
        let manager = LayoutManager(textStorage: storage)
        let supplier = ColumnSupplier(limit: 2)
        manager.delegate = supplier
        manager.ensureLayout()
        let unplaced = try! XCTUnwrap(manager.unplacedRange)
        XCTAssertEqual(unplaced.upperBound, storage.length)
        XCTAssertEqual(manager.lineFragments.last!.characterRange.upperBound, unplaced.lowerBound)
        XCTAssertTrue(manager.warnings.contains { $0.message.contains("no container") })
    }

    func testAContainerTooSmallForAnyLineDoesNotHang() {
        let storage = makeStorage(prose)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 3)))
        manager.ensureLayout()   // must return
        XCTAssertNotNil(manager.unplacedRange)
    }

    func testAWordWiderThanTheColumnIsBrokenNotOverflowing() {
        let storage = makeStorage("A Pneumonoultramicroscopicsilicovolcanoconiosis-Pneumonoultramicroscopicsilicovolcanoconiosis word.",
                                  style: ParagraphStyle(alignment: .left))
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 60, height: 2000)))
        manager.ensureLayout()
        for line in manager.lineFragments {
            XCTAssertLessThanOrEqual(line.usedRect.maxX, 60.01, "line \(line.characterRange) overflows")
        }
        assertCoversEveryCharacterOnce(manager)
    }
}

final class BackgroundShapingTests: XCTestCase {
    /// Shaping (and breaking ahead) on a second thread must give exactly the layout the
    /// single-threaded path gives, across containers of different widths.
    func testBackgroundShapingGivesTheSameLayout() {
        let text = (0..<120).map { i in "Paragraph \(i). " + prose }.joined(separator: "\n")
        func layout(background: Bool) -> [LineFragment] {
            let storage = makeStorage(text)
            let manager = LayoutManager(textStorage: storage)
            for i in 0..<40 { manager.addTextContainer(TextContainer(size: Size(width: i % 3 == 2 ? 150 : 220, height: 300))) }
            manager.shapesInBackground = background
            manager.ensureLayout()
            return manager.lineFragments
        }
        let plain = layout(background: false), threaded = layout(background: true)
        XCTAssertEqual(plain.count, threaded.count)
        for (a, b) in zip(plain, threaded) {
            XCTAssertEqual(a.characterRange, b.characterRange)
            XCTAssertEqual(a.containerIndex, b.containerIndex)
            XCTAssertEqual(a.rect, b.rect)
            XCTAssertEqual(a.glyphRuns.flatMap(\.positions), b.glyphRuns.flatMap(\.positions))
        }
    }
}

/// Hands a job to the worker thread each time a container is complete, and waits for
/// the one before first, as a streaming renderer does.
private final class JobPerMissingContainer: LayoutManagerDelegate, @unchecked Sendable {
    let lock = NSLock()
    /// Each job's container index and thread, in the order the jobs ran.
    var ran: [(index: Int, thread: String)] = []
    var pending: BackgroundJob?
    /// Containers completed, in the order reported.
    var completed: [Int] = []
    /// Jobs no shaping thread took, so the delegate ran them itself (as the API asks).
    var inline = 0
    func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?) -> TextContainer? {
        TextContainer(size: Size(width: 220, height: 300))
    }
    func layoutManager(_ layoutManager: LayoutManager, didCompleteContainerAt index: Int) {
        completed.append(index)
        if let pending { layoutManager.wait(for: pending) }
        let job: @Sendable () -> Void = { [self] in
            lock.withLock { ran.append((index, Thread.isMainThread ? "main" : "worker")) }
        }
        pending = layoutManager.performOnWorkerThread(job)
        if pending == nil {
            inline += 1
            job()
        }
    }
}

final class ShapingThreadJobTests: XCTestCase {
    func testJobsRunOnTheShapingThreadInOrderAndAllBeforeLayoutReturns() {
        let storage = makeStorage((0..<150).map { "Paragraph \($0). " + prose }.joined(separator: "\n"))
        let manager = LayoutManager(textStorage: storage)
        let delegate = JobPerMissingContainer()
        manager.delegate = delegate
        manager.shapeInBackground()
        manager.ensureLayout()
        let containers = manager.textContainers.count
        XCTAssertGreaterThan(containers, 20)
        if let job = delegate.pending { manager.wait(for: job) }
        XCTAssertEqual(delegate.completed, Array(0..<delegate.completed.count), "containers reported complete in order")
        delegate.lock.withLock {
            // Every job ran exactly once, in the order handed over.
            XCTAssertEqual(delegate.ran.map(\.index), delegate.completed)
            let onWorker = delegate.ran.filter { $0.thread == "worker" }.count
            XCTAssertGreaterThan(onWorker, containers / 2, "most went to the worker")
            // A job the worker did not take ran on the caller's thread, there and then.
            XCTAssertEqual(delegate.ran.filter { $0.thread == "main" }.count, delegate.inline)
        }
        assertCoversEveryCharacterOnce(manager)
    }

    func testWithoutAShapingThreadTheCallerRunsTheJob() {
        final class Log: @unchecked Sendable {
            let lock = NSLock()
            var entries: [String] = []
            func record(_ what: String) { lock.withLock { entries.append(what) } }
            var all: [String] { lock.withLock { entries } }
        }
        let log = Log()
        // The documented use: hand the job over, and run it yourself when nil comes back.
        func submit(_ name: String, to manager: LayoutManager) -> Bool {
            let job: @Sendable () -> Void = { log.record(name) }
            guard manager.performOnWorkerThread(job) == nil else { return false }
            job()
            return true
        }
        // No background shaping asked for: never a thread to take the job.
        let manager = LayoutManager(textStorage: makeStorage(prose))
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 1000)))
        XCTAssertTrue(submit("plain", to: manager))
        // Asked for, with enough paragraphs to shape ahead, but between layout calls: the
        // thread runs only during one.
        let background = LayoutManager(textStorage: makeStorage((0..<100).map { "Paragraph \($0)." }.joined(separator: "\n")))
        background.addTextContainer(TextContainer(size: Size(width: 200, height: 100_000)))
        background.shapeInBackground()
        background.ensureLayout()
        XCTAssertTrue(submit("background", to: background))
        // Each ran once, in order, on this thread; more layout does not run them again.
        manager.ensureLayout()
        background.invalidateLayout(fromParagraph: 0); background.ensureLayout()
        XCTAssertEqual(log.all, ["plain", "background"])
    }
}

/// Supplies containers whose whole area is covered by an exclusion.
private final class BlockedSupplier: LayoutManagerDelegate {
    var made = 0
    func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?) -> TextContainer? {
        made += 1
        guard made < 10_000 else { return nil }
        let c = TextContainer(size: Size(width: 200, height: 200))
        c.exclusionPaths = [BezierPath(rect: Rect(x: -10, y: -10, width: 220, height: 220))]
        return c
    }
}

final class BlockedContainerTests: XCTestCase {
    func testContainersBlockedAllOverEndLayoutInsteadOfHanging() {
        let storage = makeStorage(prose)
        let manager = LayoutManager(textStorage: storage)
        let supplier = BlockedSupplier()
        manager.delegate = supplier
        manager.ensureLayout()
        XCTAssertLessThan(supplier.made, 10, "gave up after a few unusable containers")
        XCTAssertEqual(manager.unplacedRange, 0..<storage.length)
    }
}
