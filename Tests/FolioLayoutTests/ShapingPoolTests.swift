@testable import FolioLayout
import XCTest

/// Shaping contexts lent by pools: one borrower each from a pool, or one for all the
/// borrowers of a pool lending a single context (a page's frames).
final class ShapingPoolTests: XCTestCase {
    private func manager(_ text: String, _ pool: ShapingPool) -> LayoutManager {
        let manager = LayoutManager(textStorage: TextStorage(text), shaping: pool)
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 200)))
        manager.ensureLayout()
        return manager
    }

    func testAPoolLendsEachContextToOneBorrowerAndTakesItBack() {
        let pool = ShapingPool()
        var a: LayoutManager? = manager("Page 1", pool)
        let b = manager("Page 2", pool)
        XCTAssertFalse(a!.context === b.context)
        XCTAssertEqual(pool.contextCount, 2)
        let lent = a!.context
        a = nil
        XCTAssertTrue(manager("Page 3", pool).context === lent, "given back, and lent again warm")
        XCTAssertEqual(pool.contextCount, 2)
    }

    func testAOneContextPoolLendsItToEveryBorrowerAndGivesItBackWhenItGoes() {
        let source = ShapingPool()
        let shared: ShapingContext
        do {
            // The frames' pool, and managers holding it, as a page's frames do.
            let frames = ShapingPool(lendingOneContextFrom: source)
            let head = manager("Chapter One", frames), folio = manager("12", frames)
            XCTAssertTrue(head.context === folio.context)
            XCTAssertEqual(source.contextCount, 1)
            // Laid out one after the other, the shared context gives each what its own would.
            XCTAssertEqual(head.lineFragments.map(\.characterRange),
                           manager("Chapter One", ShapingPool()).lineFragments.map(\.characterRange))
            shared = head.context
        }
        XCTAssertTrue(manager("body", source).context === shared, "back in the source pool once the lending pool is gone")
        XCTAssertEqual(source.contextCount, 1)
    }

    /// A note's lines are measured by a layout manager made in the middle of the flow; it
    /// borrows the flow's own context (`nestedShaping`), so the pool makes no other, and
    /// the notes are set as a context of their own would set them.
    func testNotesAreMeasuredWithTheFlowsOwnContext() {
        func storage() -> TextStorage {
            let storage = TextStorage()
            let font = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
            for k in 0..<8 {
                storage.append(String(repeating: "A paragraph of plain words set in a narrow column. ", count: 4), attributes: font)
                let note = Footnote("Note \(k): a remark at the foot, long enough to take a line or two of its own.",
                                    attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 8)))
                storage.append("*", attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10), footnote: note))
                storage.append("\n", attributes: font)
            }
            return storage
        }
        func layOut(_ pool: ShapingPool?) -> LayoutManager {
            let manager = LayoutManager(textStorage: storage(), shaping: pool)
            for _ in 0..<6 { manager.addTextContainer(TextContainer(size: Size(width: 180, height: 240))) }
            manager.ensureLayout()
            return manager
        }
        let pool = ShapingPool()
        let shared = layOut(pool)
        XCTAssertEqual(pool.contextCount, 1, "the notes' manager borrowed the flow's context")
        let own = layOut(nil)
        XCTAssertEqual(shared.lineFragments.map(\.characterRange), own.lineFragments.map(\.characterRange))
        XCTAssertEqual(shared.lineFragments.map(\.rect), own.lineFragments.map(\.rect))
        func noteLines(_ manager: LayoutManager) -> [Rect] {
            (0..<manager.textContainers.count).flatMap { manager.footnoteArea(inContainerAt: $0)?.lines.map(\.rect) ?? [] }
        }
        XCTAssertEqual(noteLines(shared), noteLines(own))
        XCTAssertGreaterThan(noteLines(shared).count, 8)
        XCTAssertEqual(pool.contextCount, 1)
    }
}
