import FolioLayout
import XCTest

/// Character and paragraph attributes change the layout the way they say.
final class AttributeLayoutTests: XCTestCase {
    private func layOut(_ storage: TextStorage, width: Double = 400) -> LayoutManager {
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: width, height: 2000)))
        manager.ensureLayout()
        return manager
    }

    func testSuperscriptAndSubscriptAreSmallerAndShifted() {
        let storage = makeStorage("E = mc2 and H2O", style: ParagraphStyle(alignment: .left))
        storage.addAttributes(TextAttributes(superscript: 1), range: 6..<7)
        storage.addAttributes(TextAttributes(superscript: -1), range: 13..<14)
        let line = layOut(storage).lineFragments[0]
        let base = line.glyphRuns.first { $0.text.hasPrefix("E") }!
        let sup = line.glyphRuns.first { $0.characterRange == 6..<7 }!
        let sub = line.glyphRuns.first { $0.characterRange == 13..<14 }!
        XCTAssertLessThan(sup.font.size, base.font.size)
        XCTAssertLessThan(sup.baseline, base.baseline - 2, "superscript sits higher")
        XCTAssertGreaterThan(sub.baseline, base.baseline + 0.5, "subscript sits lower")
    }

    func testBaselineOffsetRaisesTheRun() {
        let storage = makeStorage("raised text", style: ParagraphStyle(alignment: .left))
        storage.addAttributes(TextAttributes(baselineOffset: 4), range: 0..<6)
        let line = layOut(storage).lineFragments[0]
        XCTAssertEqual(line.glyphRuns[0].baseline, line.baseline - 4, accuracy: 0.001)
    }

    func testLigaturesCanBeTurnedOff() {
        let on = layOut(makeStorage("office affluent", style: ParagraphStyle(alignment: .left))).lineFragments[0]
        let storage = makeStorage("office affluent", style: ParagraphStyle(alignment: .left))
        storage.addAttributes(TextAttributes(ligatures: false), range: 0..<storage.length)
        let off = layOut(storage).lineFragments[0]
        let glyphsOn = on.glyphRuns.reduce(0) { $0 + $1.glyphs.count }
        let glyphsOff = off.glyphRuns.reduce(0) { $0 + $1.glyphs.count }
        XCTAssertEqual(glyphsOff, "office affluent".count)
        XCTAssertLessThan(glyphsOn, glyphsOff, "DejaVu Serif joins ffi/ffl when ligatures are on")
    }

    func testTrackingWidensTheLine() {
        let plain = layOut(makeStorage("tracking", style: ParagraphStyle(alignment: .left))).lineFragments[0].usedRect.width
        let storage = makeStorage("tracking", style: ParagraphStyle(alignment: .left))
        storage.addAttributes(TextAttributes(tracking: 2), range: 0..<storage.length)
        let tracked = layOut(storage).lineFragments[0].usedRect.width
        XCTAssertEqual(tracked - plain, 2 * 8, accuracy: 0.01)
    }

    func testLineHeightControls() {
        func lineStep(_ configure: (inout ParagraphStyle) -> Void) -> Double {
            var style = ParagraphStyle(alignment: .left)
            configure(&style)
            let lines = layOut(makeStorage(prose, style: style), width: 150).lineFragments
            return lines[1].rect.minY - lines[0].rect.minY
        }
        let natural = lineStep { _ in }
        XCTAssertEqual(lineStep { $0.lineHeightMultiple = 1.5 }, natural * 1.5, accuracy: 0.01)
        XCTAssertEqual(lineStep { $0.minimumLineHeight = 20 }, 20, accuracy: 0.01)
        XCTAssertEqual(lineStep { $0.maximumLineHeight = 10 }, 10, accuracy: 0.01)
        XCTAssertEqual(lineStep { $0.lineSpacing = 3 }, natural + 3, accuracy: 0.01)
    }

    func testParagraphSpacingBeforeAndAfterButNotAtTheTop() {
        var style = ParagraphStyle(alignment: .left)
        style.paragraphSpacingBefore = 7
        style.paragraphSpacing = 5
        let lines = layOut(makeStorage("One\nTwo", style: style)).lineFragments
        XCTAssertEqual(lines[0].rect.minY, 0, "no space before at the top of a container")
        XCTAssertEqual(lines[1].rect.minY - lines[0].rect.maxY, 12, accuracy: 0.001)
    }

    func testIndents() {
        var style = ParagraphStyle(alignment: .left)
        style.firstLineHeadIndent = 30; style.headIndent = 10; style.tailIndent = -20
        let lines = layOut(makeStorage(prose, style: style), width: 200).lineFragments
        XCTAssertEqual(lines[0].usedRect.minX, 30, accuracy: 0.001)
        for line in lines.dropFirst() {
            XCTAssertEqual(line.usedRect.minX, 10, accuracy: 0.001)
            XCTAssertLessThanOrEqual(line.usedRect.maxX, 180.01)
        }
    }

    func testRightAndCenterTabStops() {
        var style = ParagraphStyle(alignment: .left)
        style.tabStops = [TabStop(.center, at: 100), TabStop(.right, at: 250)]
        let storage = makeStorage("a\tmiddle\tend", style: style)
        let manager = layOut(storage)
        let middle = manager.boundingRect(forCharacterRange: 2..<8, inContainerAt: 0)!
        let end = manager.boundingRect(forCharacterRange: 9..<12, inContainerAt: 0)!
        XCTAssertEqual((middle.minX + middle.maxX) / 2, 100, accuracy: 0.01)
        XCTAssertEqual(end.maxX, 250, accuracy: 0.01)
    }

    func testExplicitRightToLeftBaseDirection() {
        var style = ParagraphStyle()
        style.baseWritingDirection = .rightToLeft
        let line = layOut(makeStorage("Latin words, right to left paragraph", style: style)).lineFragments[0]
        XCTAssertEqual(line.usedRect.maxX, 400, accuracy: 0.01, "natural alignment follows the base direction")
    }

    func testFontFallbackCoversOtherScripts() {
        let storage = makeStorage("Greek αβγ, Cyrillic жзи, Arabic عربي, Hebrew עברית", style: ParagraphStyle(alignment: .left))
        let manager = layOut(storage)
        // No missing-glyph boxes: Pango marks unknown glyphs with PANGO_GLYPH_UNKNOWN_FLAG.
        for run in manager.lineFragments.flatMap(\.glyphRuns) {
            for g in run.glyphs { XCTAssertEqual(g & 0x1000_0000, 0, "missing glyph in \(run.text)") }
        }
        XCTAssertTrue(manager.lineFragments.flatMap(\.glyphRuns).contains { $0.font.familyName != "DejaVu Serif" },
                      "Arabic falls back to another family")
        XCTAssertTrue(manager.warnings.isEmpty, "\(manager.warnings)")
    }

    func testCharactersNoFontCoversAreReported() {
        // Unassigned code points: no font maps them, whatever is installed (a private-use
        // character is covered by some, such as TeX Gyre's).
        let storage = makeStorage("Unassigned: \u{0378}\u{0379} here.", style: ParagraphStyle(alignment: .left))
        let manager = layOut(storage)
        XCTAssertTrue(manager.warnings.contains { $0.message.contains("no installed font") }, "\(manager.warnings)")
    }

    func testControlCharactersAndNoncharactersAreNotMissingGlyphs() {
        let nonCharacters = String(String.UnicodeScalarView([0xFFFE, 0xFDD0, 0x10FFFF].map { Unicode.Scalar($0)! }))
        let text = "Bell \u{07} DEL \u{7F} C1 \u{85}\u{9B} non \(nonCharacters) nul \u{0} end."
        let storage = makeStorage(text, style: ParagraphStyle(alignment: .left))
        let manager = layOut(storage)
        XCTAssertTrue(manager.warnings.isEmpty, "\(manager.warnings)")
        XCTAssertNil(manager.unplacedRange)
        let shown = manager.lineFragments.map { storage.substring($0.characterRange) }.joined()
        XCTAssertEqual(shown, text, "the storage keeps its text; only what Pango sees is replaced")
    }
}
