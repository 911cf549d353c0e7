import FolioRender
import FolioTestSupport
import Foundation
import XCTest

/// TextKit's units accepted beside Folio's: a stroke width in percent of the font size,
/// expansion as a logarithm, hyphenation as a factor — each meaning what it does in TextKit.
final class TextKitUnitsTests: RenderTestCase {
    func testStrokeInPercentOfFontSizeIsDrawnThatWide() throws {
        let manager = layout("Points and percent.", size: 20, alignment: .left)
        let s = manager.textStorage
        s.addAttributes(TextAttributes(stroke: TextStroke(width: 0.7, color: .blue)), range: 0..<6)
        s.addAttributes(TextAttributes(stroke: TextStroke(percentOfFontSize: -6, color: .red)), range: 11..<18)
        XCTAssertEqual(TextStroke(percentOfFontSize: 3).width(inPointsAt: 12), 0.36, accuracy: 1e-12)
        XCTAssertEqual(TextStroke(width: 3).width(inPointsAt: 12), 3)
        let path = try write(manager, to: "stroke.pdf")
        let content = try qpdfUncompressed(path)
        XCTAssertTrue(content.contains("0.7 w"), "the stroke in points")
        XCTAssertTrue(content.contains("1.2 w"), "6 % of 20 pt")
        XCTAssertEqual(try text(of: path).trimmingCharacters(in: .whitespacesAndNewlines), "Points and percent.")
    }

    func testTextKitExpansionIsTheLogarithmOfTheFactor() {
        var a = TextAttributes()
        a.textKitExpansion = log(1.2)
        XCTAssertEqual(a.expansion!, 1.2, accuracy: 1e-12)
        a.expansion = 1
        XCTAssertEqual(a.textKitExpansion, 0)
        a.textKitExpansion = nil
        XCTAssertNil(a.expansion)
        // Set through either unit, the run is set equally wide.
        func width(_ attributes: TextAttributes) -> Double {
            let manager = layout("Expanded", alignment: .left)
            manager.textStorage.addAttributes(attributes, range: 0..<8)
            manager.ensureLayout()
            return manager.lineFragments[0].usedRect.width
        }
        var textKit = TextAttributes()
        textKit.textKitExpansion = 0.2
        XCTAssertEqual(width(textKit), width(TextAttributes(expansion: exp(0.2))), accuracy: 1e-9)
        XCTAssertGreaterThan(width(textKit), width(TextAttributes()) * 1.15)
    }

    func testHyphenationFactorTurnsHyphenationOnAboveZero() {
        var style = ParagraphStyle()
        style.hyphenationFactor = 0.9
        XCTAssertTrue(style.hyphenation)
        XCTAssertEqual(style.hyphenationFactor, 1)
        style.hyphenationFactor = 0
        XCTAssertFalse(style.hyphenation)
        let text = String(repeating: "incomprehensibilities notwithstanding ", count: 6)
        func hyphenated(_ factor: Float) -> Bool {
            let manager = layout(text, width: 120, alignment: .justified)
            var p = ParagraphStyle(alignment: .justified)
            p.hyphenationFactor = factor
            manager.textStorage.setParagraphStyle(p, range: 0..<manager.textStorage.length)
            manager.ensureLayout()
            return manager.lineFragments.contains(where: \.isHyphenated)
        }
        XCTAssertTrue(hyphenated(1))
        XCTAssertFalse(hyphenated(0))
    }
}
