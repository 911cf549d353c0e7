import XCTest
import FolioText

/// `TextAttributes` keeps its values in one shared box (copy on write): every copy must
/// still behave as a value of its own.
final class TextAttributesValueTests: XCTestCase {
    func testChangingACopyLeavesTheOriginalAsItWas() {
        let original = TextAttributes(font: FontDescriptor(family: "DejaVu Sans", size: 9), foregroundColor: .black,
                                      link: "https://example.org", language: "de")
        var copy = original
        copy.expansion = 1.02
        copy.language = "en"
        copy.custom["note"] = CustomAttributeValue("x")
        XCTAssertNil(original.expansion)
        XCTAssertEqual(original.language, "de")
        XCTAssertTrue(original.custom.isEmpty)
        XCTAssertEqual(copy.expansion, 1.02)
        XCTAssertEqual(copy.language, "en")
        XCTAssertEqual(copy.link, "https://example.org", "what the copy did not change, it keeps")
        XCTAssertEqual(copy.font, original.font)

        // A copy of a copy, changed in a loop, each step its own value.
        var steps: [TextAttributes] = []
        var running = original
        for k in 0..<5 {
            steps.append(running)
            running.tracking = Double(k)
        }
        XCTAssertNil(steps[0].tracking)
        XCTAssertEqual(steps.dropFirst().map { $0.tracking }, [0, 1, 2, 3])
    }

    func testEqualValuesAreEqualAndHashAlikeWhetherSharedOrBuiltApart() {
        let a = TextAttributes(font: FontDescriptor(size: 11), underline: TextLine(), language: "fr")
        var b = TextAttributes(language: "fr")
        b.font = FontDescriptor(size: 11)
        b.underline = TextLine()
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertEqual(Set([a, b, a]).count, 1)
        var c = a
        XCTAssertEqual(a, c)
        c.underline = nil
        XCTAssertNotEqual(a, c)
        c.underline = TextLine()
        XCTAssertEqual(a, c, "changed back, equal again")
    }

    func testMergingWithNothingSetOnEitherSide() {
        let styled = TextAttributes(foregroundColor: Color(red: 1, green: 0, blue: 0), tracking: 0.5)
        XCTAssertEqual(styled.merging(.none), styled)
        XCTAssertEqual(TextAttributes.none.merging(styled), styled)
        XCTAssertEqual(TextAttributes().merging(TextAttributes()), .none)
        var merged = TextAttributes.none.merging(styled)
        merged.tracking = 2
        XCTAssertEqual(styled.tracking, 0.5, "a merged result is a value of its own")
        XCTAssertEqual(TextAttributes.none, TextAttributes())
        let over = styled.merging(TextAttributes(tracking: 1, language: "it"))
        XCTAssertEqual(over.tracking, 1)
        XCTAssertEqual(over.language, "it")
        XCTAssertEqual(over.foregroundColor, Color(red: 1, green: 0, blue: 0))
    }
}
