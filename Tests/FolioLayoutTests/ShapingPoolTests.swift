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
}
