import FolioLayout
import XCTest

/// Code listings wrap at layout time (`ParagraphStyle.continuationMark`): a line of the
/// text too long for its column breaks after a space in the last third of what fits, or
/// between any characters, and each continuation starts with the mark.
final class ContinuationMarkTests: XCTestCase {
    private let mono = TextAttributes(font: FontDescriptor(families: ["DejaVu Sans Mono"], size: 10))
    private let mark = ContinuationMark("↪\u{00A0}", color: Color(red: 0.5, green: 0.5, blue: 0.5))

    private func layout(_ text: String, width: Double) -> (LayoutManager, TextStorage) {
        var style = ParagraphStyle(alignment: .left)
        style.continuationMark = mark
        let storage = TextStorage(text, attributes: mono, paragraphStyle: style)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: width, height: 10_000)))
        manager.ensureLayout()
        assertCoversEveryCharacterOnce(manager)
        return (manager, storage)
    }

    /// The width of one character of the monospaced font.
    private var advance: Double {
        let (m, _) = layout("00", width: 500)
        let run = m.lineFragments[0].glyphRuns[0]
        return run.positions[1].x - run.positions[0].x
    }

    /// Each line's text as set (the mark included where there is one).
    private func lines(_ m: LayoutManager) -> [String] {
        m.lineFragments.map { $0.glyphRuns.map(\.text).joined() }
    }

    func testALongLineIsCutWhereTheColumnEndsAndTheRestIsMarked() {
        let a = advance
        let (m, _) = layout(String(repeating: "x", count: 25), width: 10 * a + 0.01)
        XCTAssertEqual(lines(m), ["xxxxxxxxxx", "↪\u{00A0}xxxxxxxx", "↪\u{00A0}xxxxxxx"],
                       "ten characters, then eight after the two-character mark")
        let markRun = m.lineFragments[1].glyphRuns[0]
        XCTAssertEqual(markRun.attributes.foregroundColor, mark.color)
        XCTAssertTrue(markRun.characterRange.isEmpty, "the mark stands for no text of the storage")
        XCTAssertEqual(m.lineFragments[1].glyphRuns[1].positions[0].x, m.lineFragments[1].usedRect.minX + 2 * a, accuracy: 1e-9)
    }

    func testAWrapPrefersASpaceInTheLastThird() {
        let a = advance
        // Twelve fit; the space after "eight" (the 9th character) is in the last third.
        let (m, _) = layout("aaaaaaaa\u{00A0}bbbbbbbbbb", width: 12 * a + 0.01)
        XCTAssertEqual(lines(m)[0], "aaaaaaaa\u{00A0}".trimmingCharacters(in: .whitespaces))
        XCTAssertTrue(lines(m)[1].hasPrefix("↪\u{00A0}bbbbbbbb"))
        // A space too early (in the first two thirds) is not taken.
        let (early, _) = layout("aa\u{00A0}bbbbbbbbbbbbbbbb", width: 12 * a + 0.01)
        XCTAssertEqual(lines(early)[0].count, 12)
    }

    func testTheTextsOwnLinesAreNotMarked() {
        let a = advance
        let (m, _) = layout("short\u{2028}also short\u{2028}" + String(repeating: "y", count: 15), width: 12 * a + 0.01)
        XCTAssertEqual(lines(m), ["short", "also short", "yyyyyyyyyyyy", "↪\u{00A0}yyy"])
    }

    func testAWiderColumnWrapsLess() {
        let text = String(repeating: "z", count: 100)
        let a = advance
        let (narrow, _) = layout(text, width: 30 * a + 0.01)
        let (wide, _) = layout(text, width: 60 * a + 0.01)
        XCTAssertEqual(narrow.lineFragments.count, 4, "30 + 28 + 28 + 14")
        XCTAssertEqual(wide.lineFragments.count, 2, "60 + 40")
    }
}
