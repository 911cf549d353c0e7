@testable import FolioLayout
import XCTest

/// The base direction of a paragraph with `baseWritingDirection = .natural`: the first
/// strong letter outside an isolate decides (UAX #9, P2–P3), as FriBidi reads it.
final class BaseDirectionTests: XCTestCase {
    private func rtl(_ s: String) -> Bool { BaseDirection.isRightToLeft(Array(s.utf8)) }

    func testTheFirstStrongLetterDecides() {
        XCTAssertFalse(rtl("Hello שלום"))
        XCTAssertTrue(rtl("שלום Hello"))
        XCTAssertTrue(rtl("مرحبا"), "Arabic letters are AL: right to left")
        XCTAssertTrue(rtl("123 - ( שלום"), "digits and punctuation are not strong")
        XCTAssertFalse(rtl("123 -- ..."), "no strong letter: left to right")
        XCTAssertFalse(rtl(""))
    }

    func testMarksAreStrong() {
        XCTAssertTrue(rtl("\u{200F}Hello"), "RLM is a strong right-to-left character")
        XCTAssertTrue(rtl("\u{061C}Hello"), "ALM too")
        XCTAssertFalse(rtl("\u{200E}שלום"), "LRM is strong left to right")
    }

    func testIsolatesAreSkipped() {
        XCTAssertFalse(rtl("\u{2067}שלום\u{2069} Hello"), "an RLI…PDI isolate does not set the paragraph's direction")
        XCTAssertTrue(rtl("\u{2066}Hello\u{2069} שלום"))
        XCTAssertFalse(rtl("\u{2068}שלום"), "an isolate never closed runs to the end: nothing strong outside it")
    }

    /// The byte test that spares FriBidi never misses a code point FriBidi takes as right
    /// to left: every code point, alone, is asked of both.
    func testTheByteTestMissesNoRightToLeftCodePoint() {
        var missed: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), BaseDirection.direction([value]) == true else { continue }
            if !BaseDirection.mayHoldRightToLeft(Array("\u{201C}\(Character(scalar))".utf8)) {
                missed.append(String(value, radix: 16))
            }
        }
        XCTAssertEqual(missed, [], "right-to-left code points the byte test lets through")
        XCTAssertFalse(BaseDirection.mayHoldRightToLeft(Array("\u{201C}Well,\u{201D} said Jo, \u{2014} caf\u{E9} na\u{EF}ve \u{6F22}\u{5B57}".utf8)))
    }

    func testALateFirstStrongLetterIsFound() {
        // Past the first stretch read (64 code points) and past the next.
        XCTAssertTrue(rtl(String(repeating: "1 ", count: 200) + "שלום Hello"))
        XCTAssertFalse(rtl(String(repeating: "\u{2067}ש\u{2069} ", count: 100) + "Hello"))
    }

    func testLayoutSetsAnRLMParagraphFromTheRight() {
        let storage = TextStorage("\u{200F}Folio 1.0", attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Sans"], size: 12)),
                                  paragraphStyle: ParagraphStyle(alignment: .natural))
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 100)))
        let line = manager.lineFragments(inContainerAt: 0)[0]
        XCTAssertEqual(line.usedRect.maxX, 300, accuracy: 0.01, "natural alignment of a right-to-left paragraph is flush right")
    }
}
