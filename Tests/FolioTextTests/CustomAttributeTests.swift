import XCTest
import FolioText

/// Custom attributes: set, query, enumerate, and replace the text they mark.
final class CustomAttributeTests: XCTestCase {
    private struct Placeholder: Hashable, Sendable {
        var field: String
        var format: String?
    }

    private let placeholder = AttributeKey.custom("placeholder")

    func testSetAndQueryACustomAttribute() {
        let s = TextStorage("Hello, world", attributes: Fixture.plain)
        s.setAttribute(placeholder, value: "greeting", range: 0..<5)
        let (attrs, range) = s.attributes(at: 2)
        XCTAssertEqual(range, 0..<5)
        XCTAssertEqual(attrs.custom("placeholder", as: String.self), "greeting")
        XCTAssertEqual(attrs.custom("placeholder"), "greeting" as String?)
        XCTAssertNil(attrs.custom("placeholder", as: Int.self), "wrong type must give nil")
        XCTAssertNil(attrs.custom("other", as: String.self))
        XCTAssertEqual(attrs.font, Fixture.serif, "other attributes are kept")
        XCTAssertEqual(attrs.value(for: placeholder), AnyHashable("greeting"))
        XCTAssertNil(s.attributes(at: 5).attributes.custom("placeholder", as: String.self))

        let (value, effective) = s.attribute(placeholder, at: 4)
        XCTAssertEqual(value, AnyHashable("greeting"))
        XCTAssertEqual(effective, 0..<5)
        XCTAssertNil(s.attribute(placeholder, at: 7).value)
        XCTAssertEqual(s.attribute(placeholder, at: 7).range, 5..<12)
    }

    func testCustomAttributeWithAStructValue() {
        let p = Placeholder(field: "total", format: "%.2f")
        let s = TextStorage("Total: X")
        s.addAttributes(TextAttributes(custom: ["placeholder": CustomAttributeValue(p)]), range: 7..<8)
        XCTAssertEqual(s.attributes(at: 7).attributes.custom("placeholder", as: Placeholder.self), p)
        XCTAssertEqual(s.attribute(placeholder, at: 7).value, AnyHashable(p))
        XCTAssertEqual(s.attributes(at: 7).attributes.custom["placeholder"]?.description,
                       "\(p)")
        // Setting the same value through setAttribute gives an equal run (merges).
        s.setAttribute(placeholder, value: p, range: 6..<7)
        XCTAssertEqual(s.attribute(placeholder, at: 7).range, 6..<8)
        XCTAssertEqual(s.attributes(at: 7).range, 6..<8)
    }

    func testDifferentCustomValuesMakeDifferentRunsEqualOnesMerge() {
        let s = TextStorage("aabbcc")
        s.setAttribute(.custom("id"), value: 1, range: 0..<2)
        s.setAttribute(.custom("id"), value: 2, range: 2..<4)
        s.setAttribute(.custom("id"), value: 1, range: 4..<6)
        XCTAssertEqual(s.attributeRuns().count, 3)
        XCTAssertEqual(s.attributeRuns(of: .custom("id")).map(\.value), [AnyHashable(1), AnyHashable(2), AnyHashable(1)])
        s.setAttribute(.custom("id"), value: 1, range: 2..<4)
        XCTAssertEqual(s.attributeRuns().map(\.range), [0..<6])
    }

    func testSeveralCustomAttributesAreIndependent() {
        let s = TextStorage("abcdef")
        s.setAttribute(.custom("a"), value: "x", range: 0..<4)
        s.addAttributes(TextAttributes(custom: ["b": CustomAttributeValue(true)]), range: 2..<6)
        let mid = s.attributes(at: 3).attributes
        XCTAssertEqual(mid.custom("a", as: String.self), "x")
        XCTAssertEqual(mid.custom("b", as: Bool.self), true)
        XCTAssertEqual(s.attribute(.custom("a"), at: 3).range, 0..<4)
        XCTAssertEqual(s.attribute(.custom("b"), at: 3).range, 2..<6)

        s.removeAttribute(.custom("a"), range: 0..<6)
        XCTAssertNil(s.attributes(at: 3).attributes.custom("a", as: String.self))
        XCTAssertEqual(s.attributes(at: 3).attributes.custom("b", as: Bool.self), true)
        XCTAssertEqual(s.attributeRuns().map(\.range), [0..<2, 2..<6])
        XCTAssertEqual(s.attributes(at: 0).attributes, .none)
    }

    func testCustomAttributeDoesNotCollideWithAStandardKeyOfTheSameName() {
        let s = TextStorage("abc", attributes: Fixture.plain)
        s.setAttribute(.custom("font"), value: "Comic", range: 0..<3)
        XCTAssertEqual(s.attributes(at: 0).attributes.font, Fixture.serif)
        XCTAssertEqual(s.attributes(at: 0).attributes.custom("font", as: String.self), "Comic")
        s.removeAttribute(.font, range: 0..<3)
        XCTAssertEqual(s.attributes(at: 0).attributes.custom("font", as: String.self), "Comic")
    }

    /// The template use case: find every marked range, replace its text.
    func testFindPlaceholdersAndReplaceTheirText() {
        let template = "Dear {{name}}, you owe {{amount}} by {{date}}."
        let s = TextStorage(template, attributes: Fixture.plain)
        for field in ["name", "amount", "date"] {
            let r = byteRange(of: "{{\(field)}}", in: template)
            s.addAttributes(TextAttributes(custom: ["placeholder": CustomAttributeValue(Placeholder(field: field))]), range: r)
        }
        // Collect with attributeRuns(of:).
        let found = s.attributeRuns(of: placeholder).compactMap { run -> (Range<Int>, Placeholder)? in
            guard let p = run.value?.base as? Placeholder else { return nil }
            return (run.range, p)
        }
        XCTAssertEqual(found.map(\.1.field), ["name", "amount", "date"])
        XCTAssertEqual(found.map(\.0), [byteRange(of: "{{name}}", in: template),
                                        byteRange(of: "{{amount}}", in: template),
                                        byteRange(of: "{{date}}", in: template)])
        XCTAssertEqual(found.map { s.substring($0.0) }, ["{{name}}", "{{amount}}", "{{date}}"])

        // Replace from the back so earlier ranges stay valid; keep each run's own
        // attributes by passing them explicitly.
        let values = ["name": "Zoë", "amount": "€12.50", "date": "1 May"]
        for (range, p) in found.reversed() {
            let attrs = s.attributes(at: range.lowerBound).attributes
            s.replaceCharacters(in: range, with: values[p.field]!, attributes: attrs)
        }
        let expected = "Dear Zoë, you owe €12.50 by 1 May."
        XCTAssertEqual(s.string, expected)
        let after = s.attributeRuns(of: placeholder).filter { $0.value != nil }
        XCTAssertEqual(after.map(\.range), [byteRange(of: "Zoë", in: expected),
                                            byteRange(of: "€12.50", in: expected),
                                            byteRange(of: "1 May", in: expected)])
        XCTAssertEqual(after.map { ($0.value?.base as? Placeholder)?.field }, ["name", "amount", "date"])
        XCTAssertEqual(after.map { s.substring($0.range) }, ["Zoë", "€12.50", "1 May"])
        // Every character still has the base font.
        XCTAssertEqual(s.attributeRuns(of: .font).map(\.range), [0..<s.length])
        assertConsistent(s)
    }

    func testEnumerateFindsTheFirstPlaceholderAndReplacesIt() {
        let s = TextStorage("Hi NAME, bye NAME")
        s.setAttribute(.custom("slot"), value: "who", range: 3..<7)
        s.setAttribute(.custom("slot"), value: "who", range: 13..<17)
        var hit: Range<Int>?
        s.enumerateAttribute(.custom("slot")) { value, range in
            if value == AnyHashable("who") { hit = range; return false }
            return true
        }
        XCTAssertEqual(hit, 3..<7)
        guard let hit else { return }
        s.replaceCharacters(in: hit, with: "Ann")
        XCTAssertEqual(s.string, "Hi Ann, bye NAME")
        // Without explicit attributes the new text takes the first character it replaced
        // (TextKit's rule), so it keeps the slot; the second slot moved by -1.
        XCTAssertEqual(s.attribute(.custom("slot"), at: 3).value, AnyHashable("who"))
        XCTAssertEqual(s.attribute(.custom("slot"), at: 3).range, 3..<6)
        XCTAssertEqual(s.attribute(.custom("slot"), at: 12).value, AnyHashable("who"))
        XCTAssertEqual(s.attribute(.custom("slot"), at: 12).range, 12..<16)
    }

    func testReplacingPartOfAMarkedRangeKeepsTheMarkOnTheInsertedText() {
        let s = TextStorage("<<abcdef>>")
        s.setAttribute(.custom("m"), value: 7, range: 2..<8)
        s.replaceCharacters(in: 4..<6, with: "XYZW")             // inherits from "c", the first replaced (marked)
        XCTAssertEqual(s.string, "<<abXYZWef>>")
        XCTAssertEqual(s.attribute(.custom("m"), at: 5).value, AnyHashable(7))
        XCTAssertEqual(s.attribute(.custom("m"), at: 5).range, 2..<10)
        XCTAssertEqual(s.attributes(at: 5).attributes.custom("m", as: Int.self), 7)
    }

    func testCustomAttributeValueDescriptionAndEquality() {
        XCTAssertEqual(CustomAttributeValue(42).description, "42")
        XCTAssertEqual(CustomAttributeValue("x"), CustomAttributeValue("x"))
        XCTAssertNotEqual(CustomAttributeValue("x"), CustomAttributeValue("y"))
        XCTAssertNotEqual(CustomAttributeValue(1), CustomAttributeValue("1"))
        XCTAssertEqual(CustomAttributeValue(3).base as? Int, 3)
    }
}
