@testable import FolioLayout
import FolioTestSupport
import XCTest

/// What a line is made of without arrays of its own: a glyph run's text as a slice of its
/// paragraph's bytes, the cursor's band and a line's shown clusters held inline. Each must
/// give what the arrays they replace gave.
final class LineStorageTests: XCTestCase {
    func testEachRunsTextIsTheStoragesTextOfItsRange() {
        let text = "Naïve café owners—“quoted” and ‘nested’—read Ælfric’s homilies; " + prose
        let storage = makeStorage(text)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 120, height: 2000)))
        manager.ensureLayout()
        var hyphens = 0, checked = 0
        for fragment in manager.lineFragments {
            for run in fragment.glyphRuns {
                if run.characterRange.isEmpty {
                    // A hyphen (or ellipsis) the line adds: text that is not in the storage.
                    XCTAssertEqual(run.text, "-")
                    hyphens += 1
                } else {
                    XCTAssertEqual(Array(run.utf8Text), Array(storage.substring(run.characterRange).utf8), "\(run.characterRange)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(hyphens, 0, "a column this narrow hyphenates")
        XCTAssertGreaterThan(checked, manager.lineFragments.count - 1)
    }

    func testSettingARunsTextSetsItsBytes() {
        let manager = LayoutManager(textStorage: makeStorage("Café"))
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 100)))
        manager.ensureLayout()
        var run = manager.lineFragments[0].glyphRuns[0]
        run.text = "Ærø"
        XCTAssertEqual(Array(run.utf8Text), Array("Ærø".utf8))
        XCTAssertEqual(run.text, "Ærø")
    }

    func testLineBandIsItsFragmentsWhetherOneOrMany() {
        let a = Rect(x: 0, y: 10, width: 50, height: 12), b = Rect(x: 70, y: 10, width: 30, height: 12)
        for rects in [[], [a], [a, b]] {
            let band = LineBand(rects)
            XCTAssertEqual(band.count, rects.count)
            XCTAssertEqual(band.isEmpty, rects.isEmpty)
            XCTAssertEqual(band.rects, rects)
            for (k, r) in rects.enumerated() { XCTAssertEqual(band[k], r) }
        }
        XCTAssertEqual(LineBand(a), LineBand([a]))
        XCTAssertEqual(LineBand([]), [])
        XCTAssertNotEqual(LineBand(a), LineBand([a, b]))
    }

    func testClusterRangesAreOneOrTwoRanges() {
        let one = LineAssembler.ClusterRanges(3..<9)
        XCTAssertEqual(Array(one), [3..<9])
        XCTAssertEqual(one.first, 3..<9)
        let two = LineAssembler.ClusterRanges(0..<4, 7..<12)
        XCTAssertEqual(Array(two), [0..<4, 7..<12])
        XCTAssertEqual(two.count, 2)
        XCTAssertEqual(Array(two.enumerated().map(\.offset)), [0, 1])
    }

    /// A plain rectangle's fragment, worked out without the span lists, is the one the
    /// general path gives for a container whose shape is that same rectangle.
    func testAPlainFragmentIsWhatTheShapedPathGives() {
        var generator = SplitMix64(seed: 0x5EED_F0110)
        for _ in 0..<2_000 {
            let plain = TextContainer(size: Size(width: 300, height: 400))
            plain.insets = EdgeInsets(top: Double.random(in: 0...20, using: &generator), left: Double.random(in: 0...20, using: &generator),
                                      bottom: Double.random(in: 0...20, using: &generator), right: Double.random(in: 0...20, using: &generator))
            plain.minimumFragmentWidth = [0, 12, 200, 290].randomElement(using: &generator)!
            let shaped = TextContainer(size: plain.size)
            shaped.insets = plain.insets
            shaped.minimumFragmentWidth = plain.minimumFragmentWidth
            shaped.shape = RectangleShape(Rect(x: -10, y: -10, width: 320, height: 420))
            let proposed = Rect(x: Double.random(in: -50...250, using: &generator), y: Double.random(in: -20...410, using: &generator),
                                width: Double.random(in: 0...350, using: &generator), height: Double.random(in: 0...30, using: &generator))
            let fragment = plain.plainFragment(proposed: proposed)
            XCTAssertEqual(fragment.map { [$0] } ?? [], shaped.lineFragmentRects(proposed: proposed),
                           "\(proposed) in \(plain.contentRect), fragments at least \(plain.minimumFragmentWidth) wide")
        }
    }
}

/// `ensureLayout(until:)`, with which the page composer measures a section's rest only as
/// far as it must: it stops after the paragraph at which it is told to, and what it has
/// laid out is what a whole layout lays out there.
final class PartialLayoutTests: XCTestCase {
    func testLayoutStopsWhereAskedAndAgreesWithAWholeLayout() {
        let text = Array(repeating: prose, count: 12).joined(separator: "\n")
        let whole = LayoutManager(textStorage: makeStorage(text))
        whole.addTextContainer(TextContainer(size: Size(width: 200, height: 1e7)))
        whole.ensureLayout()
        let partial = LayoutManager(textStorage: makeStorage(text))
        partial.addTextContainer(TextContainer(size: Size(width: 200, height: 1e7)))
        var asked = 0
        partial.ensureLayout(until: {
            asked += 1
            return (partial.lineFragments.last?.paragraphIndex ?? -1) >= 2
        })
        XCTAssertEqual(partial.lineFragments.last?.paragraphIndex, 2, "stopped after the third paragraph")
        XCTAssertEqual(asked, 4, "asked before the first paragraph and after each")
        let count = partial.lineFragments.count
        XCTAssertLessThan(count, whole.lineFragments.count)
        for (a, b) in zip(partial.lineFragments, whole.lineFragments.prefix(count)) {
            XCTAssertEqual(a.rect, b.rect)
            XCTAssertEqual(a.characterRange, b.characterRange)
        }
        // Never told to stop, it lays out everything.
        let all = LayoutManager(textStorage: makeStorage(text))
        all.addTextContainer(TextContainer(size: Size(width: 200, height: 1e7)))
        all.ensureLayout(until: { false })
        XCTAssertEqual(all.lineFragments.map(\.rect), whole.lineFragments.map(\.rect))
    }
}
