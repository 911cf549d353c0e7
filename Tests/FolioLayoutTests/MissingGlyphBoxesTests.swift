@testable import FolioLayout
import XCTest

/// Pango measures the box it draws for a missing character through a font it makes with
/// cairo; a context has that done under the font lock before shaping such text
/// (`MissingGlyphBoxes`), once per font, and only when the text needs it.
final class MissingGlyphBoxesTests: XCTestCase {
    private let serif = FontDescriptor(families: ["DejaVu Serif"], size: 10)

    private func shape(_ text: String, context: ShapingContext) -> ShapedParagraph {
        let bytes = Array(text.utf8)
        return context.shapeParagraph(text: bytes, storageOffset: 0, attributeRuns: [(range: 0..<bytes.count, attributes: TextAttributes(font: serif))],
                                      style: ParagraphStyle(), defaults: LayoutDefaults(font: serif))
    }

    func testOnlyTextWithAMissingCharacterHasItsBoxMeasured() throws {
        let context = ShapingContext()
        let plain = shape("Naïve café — “quoted” text.", context: context)
        let font = try XCTUnwrap(plain.runs.first?.font)
        XCTAssertFalse(context.missingGlyphBoxes.isReady(font.pangoFont), "nothing missing, nothing measured")
        // U+0378 is unassigned: no font has it.
        let missing = shape("A gap \u{0378} here.", context: context)
        XCTAssertTrue(missing.hasMissingGlyphs)
        let fonts = Set(missing.runs.map(\.font))
        XCTAssertTrue(fonts.contains { context.missingGlyphBoxes.isReady($0.pangoFont) }, "the box was measured before shaping")
        // Measured once: the same text again changes nothing, and lays out as before.
        let again = shape("A gap \u{0378} here.", context: context)
        XCTAssertEqual(again.advances, missing.advances)
    }
}
