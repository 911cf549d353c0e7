import XCTest
@testable import FolioMarkup

final class HTMLEntitiesTests: XCTestCase {
    private func decode(_ s: String) -> String { HTMLEntities.decode(s) }

    func testNamedReferences() {
        XCTAssertEqual(decode("wait&hellip; &lt;b&gt; &amp; &quot;q&quot; &apos;"), "wait\u{2026} <b> & \"q\" '")
        XCTAssertEqual(decode("&AElig;&zwnj;&Afr;&CounterClockwiseContourIntegral;"), "\u{C6}\u{200C}\u{1D504}\u{2233}")
        // Two code points.
        XCTAssertEqual(decode("&NotEqualTilde;"), "\u{2242}\u{0338}")
        XCTAssertEqual(decode("&NotEqualTilde;").unicodeScalars.count, 2)
        // Names are case-sensitive.
        XCTAssertEqual(decode("&AMP; &Hellip;"), "& &Hellip;")
    }

    func testLegacyNamesWithoutSemicolon() {
        XCTAssertEqual(decode("a &amp b"), "a & b")
        XCTAssertEqual(decode("&copy2024 &ampx"), "\u{A9}2024 &x")
        // The longest name wins: `&notin;` is its own character; without the semicolon only
        // the legacy `&not` is.
        XCTAssertEqual(decode("&notin; &notin"), "\u{2209} \u{AC}in")
        // Names that need their semicolon stay text without it.
        XCTAssertEqual(decode("&hellip and &NotEqualTilde"), "&hellip and &NotEqualTilde")
    }

    func testNumericReferences() {
        XCTAssertEqual(decode("&#65;&#x42;&#X43;&#0000068;&#x1F600;"), "ABCD\u{1F600}")
        XCTAssertEqual(decode("&#8230;&#x2026;"), "\u{2026}\u{2026}")
        // The semicolon may be left out.
        XCTAssertEqual(decode("&#65B &#x41g"), "AB Ag")
    }

    func testInvalidNumericReferences() {
        XCTAssertEqual(decode("a&#0;b"), "a\u{FFFD}b", "never a NUL")
        XCTAssertEqual(decode("&#x0;&#00;"), "\u{FFFD}\u{FFFD}")
        XCTAssertEqual(decode("&#xD800;&#xDFFF;&#55296;"), "\u{FFFD}\u{FFFD}\u{FFFD}", "surrogates")
        XCTAssertEqual(decode("&#x110000;&#1114112;&#99999999999999999999999;"), "\u{FFFD}\u{FFFD}\u{FFFD}", "past U+10FFFF")
        XCTAssertEqual(decode("&#x10FFFF;"), "\u{10FFFF}")
        // C1 controls are read as Windows-1252; its five holes stay as they are.
        XCTAssertEqual(decode("&#128;&#x85;&#150;&#x97;&#x9F;"), "\u{20AC}\u{2026}\u{2013}\u{2014}\u{0178}")
        XCTAssertEqual(decode("&#x81;&#x8D;"), "\u{81}\u{8D}")
        XCTAssertEqual(decode("&#x7F;&#xA0;"), "\u{7F}\u{A0}")
    }

    func testWhatIsNoReferenceStaysText() {
        for text in ["&", "a & b", "&;", "&#;", "&#x;", "&#xg;", "&unknown;", "&1;", "AT&T", "&&", "tail&"] {
            XCTAssertEqual(decode(text), text)
        }
        XCTAssertEqual(decode("&&amp;&"), "&&&")
        XCTAssertEqual(decode("caf\u{E9} &eacute; \u{1F600}&gt;"), "caf\u{E9} \u{E9} \u{1F600}>")
    }

    func testTheWholeTableIsThere() {
        XCTAssertEqual(HTMLEntities.decode("&Aacute;&aacute;&zopf;&ThickSpace;&fjlig;"), "\u{C1}\u{E1}\u{1D56B}\u{205F}\u{200A}fj")
        let names = HTMLEntities.table.split(whereSeparator: { $0 == " " || $0 == "\n" })
        XCTAssertEqual(names.count, 2231)
        XCTAssertEqual(names.filter { !$0.contains(";") }.count, 106, "legacy names without a semicolon")
        for entry in names {
            let name = entry.prefix { $0 != "=" }
            XCTAssertNotEqual(decode("&\(name)"), "&\(name)", String(name))
        }
    }

    func testHTMLBlockTextIsDecoded() {
        XCTAssertEqual(InlineHTML.tokens("<p>Fish &amp chips&hellip; &#0;</p>"),
                       [.tag("<p>"), .text("Fish & chips\u{2026} \u{FFFD}"), .tag("</p>")])
    }
}
