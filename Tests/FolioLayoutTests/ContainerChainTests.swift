import FolioLayout
import FolioTestSupport
import XCTest

/// Changes to the container chain after layout — inserting, removing, reshaping a
/// container, invalidating — give the layout a fresh manager gives for the same chain.
final class ContainerChainTests: XCTestCase {
    private func container(_ width: Double, _ height: Double) -> TextContainer {
        TextContainer(size: Size(width: width, height: height))
    }

    /// A copy of `c` for another manager (a container belongs to one manager).
    private func copy(_ c: TextContainer) -> TextContainer {
        let d = TextContainer(size: c.size)
        d.insets = c.insets; d.lineFragmentPadding = c.lineFragmentPadding; d.exclusionPaths = c.exclusionPaths
        d.shape = c.shape; d.maximumNumberOfLines = c.maximumNumberOfLines; d.minimumFragmentWidth = c.minimumFragmentWidth
        return d
    }

    private func assertSameAsFresh(_ manager: LayoutManager, file: StaticString = #filePath, line: UInt = #line) {
        let fresh = LayoutManager(textStorage: manager.textStorage)
        for c in manager.textContainers { fresh.addTextContainer(copy(c)) }
        fresh.ensureLayout()
        XCTAssertEqual(layoutSignatures(manager.lineFragments), layoutSignatures(fresh.lineFragments), file: file, line: line)
        XCTAssertEqual(manager.unplacedRange, fresh.unplacedRange, file: file, line: line)
        assertCoversEveryCharacterOnce(manager, file: file, line: line)
    }

    private func widestLine(in manager: LayoutManager, container index: Int) -> Double {
        manager.lineFragments(inContainerAt: index).map(\.rect.width).max() ?? 0
    }

    func testInsertRemoveAndReshapeContainersGiveAFreshLayout() {
        let storage = makeStorage(Array(repeating: prose, count: 3).joined(separator: "\n"))
        let manager = LayoutManager(textStorage: storage)
        let a = container(200, 150), b = container(140, 150), c = container(260, 2000)
        manager.addTextContainer(a); manager.addTextContainer(c)
        manager.ensureLayout()
        XCTAssertEqual(widestLine(in: manager, container: 1), 260)

        manager.insertTextContainer(b, at: 1)
        manager.ensureLayout()
        assertSameAsFresh(manager)
        XCTAssertEqual(widestLine(in: manager, container: 1), 140, "lines now go into the inserted container")
        XCTAssertEqual(manager.lineFragments(inContainerAt: 1).first?.characterRange.lowerBound,
                       manager.lineFragments(inContainerAt: 0).last?.characterRange.upperBound)

        b.size = Size(width: 100, height: 150)
        b.exclusionPaths = [BezierPath(rect: Rect(x: 0, y: 0, width: 40, height: 40))]
        manager.textContainerChangedGeometry(b)
        manager.ensureLayout()
        assertSameAsFresh(manager)
        let inB = manager.lineFragments(inContainerAt: 1)
        XCTAssertEqual(inB.map(\.rect.maxX).max(), 100)
        XCTAssertEqual(inB.first?.rect.minX, 40, "the first lines start right of the exclusion")

        manager.removeTextContainer(at: 0)
        manager.ensureLayout()
        assertSameAsFresh(manager)
        XCTAssertEqual(manager.textContainers.count, 2)
        XCTAssertEqual(manager.lineFragments.first?.characterRange.lowerBound, 0)
        XCTAssertEqual(manager.lineFragments.first?.rect.minX, 40, "the text now starts in the reshaped container")
    }

    func testInvalidatingLaysOutAgainFromThatParagraph() {
        let storage = makeStorage(Array(repeating: prose, count: 4).joined(separator: "\n"))
        let manager = LayoutManager(textStorage: storage)
        let column = container(220, 5000)
        manager.addTextContainer(column)
        manager.ensureLayout()
        let before = layoutSignatures(manager.lineFragments)
        let laidOut = manager.paragraphsLaidOut

        // Nothing changed: paragraphs 2 and 3 are laid out again, to the same result.
        manager.invalidateLayout(fromParagraph: 2)
        manager.ensureLayout()
        XCTAssertEqual(manager.paragraphsLaidOut - laidOut, 2)
        XCTAssertEqual(layoutSignatures(manager.lineFragments), before)

        // A change to the container's geometry lays the text out again by itself (TextKit's way).
        column.lineFragmentPadding = 15
        manager.ensureLayout()
        XCTAssertNotEqual(layoutSignatures(manager.lineFragments), before, "the container told its manager")
        assertSameAsFresh(manager)
    }

    func testLineFragmentPaddingInsetsTheTextWithinTheFragment() {
        // Text in a 200 pt container padded by 10 on each side is set exactly as in a 180 pt
        // container, 10 pt further right; the fragments still span the whole 200 pt.
        for alignment in [TextAlignment.left, .justified, .right] {
            let storage = makeStorage(prose, style: ParagraphStyle(alignment: alignment, hyphenation: true))
            let padded = LayoutManager(textStorage: storage), plain = LayoutManager(textStorage: storage)
            let c = container(200, 1000)
            c.lineFragmentPadding = 10
            padded.addTextContainer(c)
            plain.addTextContainer(container(180, 1000))
            padded.ensureLayout(); plain.ensureLayout()
            XCTAssertEqual(padded.lineFragments.map(\.characterRange), plain.lineFragments.map(\.characterRange), "\(alignment)")
            for (p, q) in zip(padded.lineFragments, plain.lineFragments) {
                XCTAssertEqual(p.rect.minX, 0); XCTAssertEqual(p.rect.width, 200)
                XCTAssertEqual(p.usedRect.minX, q.usedRect.minX + 10, accuracy: 1e-9, "\(alignment)")
                let xs = p.glyphRuns.flatMap { $0.positions.map(\.x) }, ys = q.glyphRuns.flatMap { $0.positions.map(\.x) }
                XCTAssertEqual(xs.count, ys.count)
                for (x, y) in zip(xs, ys) { XCTAssertEqual(x, y + 10, accuracy: 1e-9, "\(alignment)") }
                // Punctuation of a justified line may hang into the padding, no further.
                XCTAssertLessThanOrEqual(p.usedRect.maxX, 190 + (alignment == .justified ? hangingAllowance : 1e-6), "\(alignment): clear of the right padding")
            }
            XCTAssertGreaterThan(padded.lineFragments.count, 3)
        }
    }
}
