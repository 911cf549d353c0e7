import FolioDocument
import Foundation
import XCTest

/// What a reader gets when copying text out of the PDF: the text that was set.
final class TextExtractionTests: RenderTestCase {
    func testRightToLeftTextComesOutInLogicalOrder() throws {
        let manager = layout("Hello שלום עולם world. العربية نص end.", family: "DejaVu Sans", size: 14, width: 300,
                             containers: 1, alignment: .left)
        XCTAssertTrue(manager.lineFragments(inContainerAt: 0).contains { $0.glyphRuns.contains(where: \.isRightToLeft) })
        let path = try write(manager, to: "rtl.pdf")
        try assertValidPDF(path)
        let text = try text(of: path)
        XCTAssertTrue(text.contains("שלום עולם"), text)
        XCTAssertTrue(text.contains("العربية نص"), text)
        // A bad cluster table used to put the page in an error state, dropping what came after.
        XCTAssertTrue(text.contains("end."), text)
    }

    func testLigaturesAndHyphensExtractAsText() throws {
        let words = "Office affine flow, " + String(repeating: "incomprehensibilities ", count: 12)
        let manager = layout(words, width: 120, containers: 1)
        XCTAssertTrue(manager.lineFragments(inContainerAt: 0).contains(where: \.isHyphenated), "the test needs a hyphenated line")
        let path = try write(manager, to: "liga.pdf")
        let text = try text(of: path)
        XCTAssertTrue(text.contains("Office affine flow"), text)
        // Joining hyphenated line ends gives the words back.
        let joined = text.replacingOccurrences(of: "-\n", with: "").replacingOccurrences(of: "\n", with: " ")
        XCTAssertEqual(joined.components(separatedBy: "incomprehensibilities").count - 1, 12, text)
    }

    func testDecorationsDrawWithoutLosingText() throws {
        let manager = layout("Underlined struck outlined filled shadowed highlighted slanted expanded.", alignment: .left)
        let s = manager.textStorage
        s.addAttributes(TextAttributes(underline: TextLine(.double, color: .red)), range: 0..<10)
        s.addAttributes(TextAttributes(strikethrough: TextLine(.thick)), range: 11..<17)
        s.addAttributes(TextAttributes(stroke: TextStroke(width: 0.5, color: .blue)), range: 18..<26)
        s.addAttributes(TextAttributes(foregroundColor: .red, stroke: TextStroke(width: -0.5, color: .blue)), range: 27..<33)
        s.addAttributes(TextAttributes(shadow: TextShadow(offset: Point(x: 1, y: 1), blurRadius: 2)), range: 34..<42)
        s.addAttributes(TextAttributes(backgroundColor: Color(hex: "#ffee00")!), range: 43..<54)
        s.addAttributes(TextAttributes(obliqueness: 0.2), range: 55..<62)
        s.addAttributes(TextAttributes(expansion: 1.2), range: 63..<71)
        manager.ensureLayout()
        let path = try write(manager, to: "deco.pdf")
        try assertValidPDF(path)
        let text = try text(of: path)
        for word in ["Underlined", "struck", "outlined", "filled", "shadowed", "highlighted", "slanted", "expanded"] {
            XCTAssertEqual(text.components(separatedBy: word).count - 1, 1, "\(word) once (shadows are not text) in \(text)")
        }
    }
}
