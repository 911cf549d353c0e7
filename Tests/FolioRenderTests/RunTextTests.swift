@testable import FolioRender
import FolioText
import Foundation
import XCTest

/// A run's text goes to cairo as the bytes of its paragraph (`GlyphRun.utf8Text`). Text
/// cairo would refuse — a run whose attributes cut a character in two, a noncharacter —
/// is drawn without it rather than put the page in cairo's error state.
final class RunTextTests: RenderTestCase {
    func testCairoTakesWellFormedTextWithoutNoncharacters() {
        func accepts(_ bytes: [UInt8]) -> Bool { PageCanvas.cairoAccepts(bytes[...]) }
        XCTAssertTrue(accepts(Array("plain text".utf8)))
        XCTAssertTrue(accepts(Array("排版 “naïve” — 𝔘".utf8)))
        XCTAssertTrue(accepts([]))
        XCTAssertFalse(accepts(Array("排".utf8).dropLast()), "a character cut short")
        XCTAssertFalse(accepts(Array("排".utf8).dropFirst() + Array("a".utf8)), "bytes that continue nothing")
        XCTAssertFalse(accepts([0xC0, 0xAF]), "an overlong form")
        XCTAssertFalse(accepts([0xED, 0xA0, 0x80]), "a surrogate")
        XCTAssertFalse(accepts(Array("a\u{FFFE}b".utf8)), "a noncharacter")
        XCTAssertFalse(accepts([0xEF, 0xB7, 0x90]), "U+FDD0")
        XCTAssertTrue(accepts([0xEF, 0xB7, 0x8F, 0xEF, 0xB7, 0xB0]), "U+FDCF and U+FDF0, next to the noncharacters")
    }

    func testARunCutInsideACharacterIsDrawnAndTheRestKeepsItsText() throws {
        let manager = layout("排版 plain words after it.", family: "DejaVu Serif", width: 300, containers: 1, alignment: .left)
        // A colour on the first byte of 排 alone: a run of one byte, one of two, then the rest.
        manager.textStorage.addAttributes(TextAttributes(foregroundColor: Color(red: 1, green: 0, blue: 0)), range: 0..<1)
        manager.ensureLayout()
        let runs = manager.lineFragments.flatMap(\.glyphRuns)
        XCTAssertTrue(runs.contains { !PageCanvas.cairoAccepts($0.utf8Text) }, "the cut leaves a run cairo would refuse")
        let file = try write(manager, to: "cut.pdf")
        try assertValidPDF(file)
        XCTAssertTrue(try text(of: file).contains("plain words after it."))
    }
}
