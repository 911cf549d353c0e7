import XCTest
import FolioText

final class ColorTests: XCTestCase {
    private func assertColor(_ c: Color?, _ r: Double, _ g: Double, _ b: Double, _ a: Double = 1,
                             file: StaticString = #filePath, line: UInt = #line) {
        guard let c else { return XCTFail("no colour parsed", file: file, line: line) }
        XCTAssertEqual(c.red, r, accuracy: 1e-12, "red", file: file, line: line)
        XCTAssertEqual(c.green, g, accuracy: 1e-12, "green", file: file, line: line)
        XCTAssertEqual(c.blue, b, accuracy: 1e-12, "blue", file: file, line: line)
        XCTAssertEqual(c.alpha, a, accuracy: 1e-12, "alpha", file: file, line: line)
    }

    func testSixDigits() {
        assertColor(Color(hex: "#000000"), 0, 0, 0)
        assertColor(Color(hex: "#ffffff"), 1, 1, 1)
        assertColor(Color(hex: "#FF8000"), 1, 128.0 / 255, 0)
        assertColor(Color(hex: "#12ab9F"), 0x12 / 255.0, 0xAB / 255.0, 0x9F / 255.0)
        assertColor(Color(hex: "336699"), 0x33 / 255.0, 0x66 / 255.0, 0x99 / 255.0)
        XCTAssertEqual(Color(hex: "#ffffff"), .white)
        XCTAssertEqual(Color(hex: "#000000"), .black)
    }

    func testThreeDigitsExpandEachDigit() {
        assertColor(Color(hex: "#fff"), 1, 1, 1)
        assertColor(Color(hex: "#000"), 0, 0, 0)
        assertColor(Color(hex: "#abc"), 0xAA / 255.0, 0xBB / 255.0, 0xCC / 255.0)
        assertColor(Color(hex: "F80"), 1, 0x88 / 255.0, 0)
        XCTAssertEqual(Color(hex: "#abc"), Color(hex: "#aabbcc"))
    }

    func testEightDigitsCarryAlpha() {
        assertColor(Color(hex: "#ff000080"), 1, 0, 0, 128.0 / 255)
        assertColor(Color(hex: "#00000000"), 0, 0, 0, 0)
        assertColor(Color(hex: "#336699FF"), 0x33 / 255.0, 0x66 / 255.0, 0x99 / 255.0, 1)
        XCTAssertEqual(Color(hex: "#00000000"), .clear)
    }

    func testInvalidTextGivesNil() {
        let bad = ["", "#", "##fff", "#ff", "#ffff", "#fffff", "#fffffff", "#fffffffff", "#ggg", "#12345g",
                   " #fff", "#fff ", "#fff\n", "ff ff ff", "#+ff", "#-12", "0xfff", "rgb(0,0,0)", "red",
                   "#éé", "#ＦＦＦ", "#１２３", "#ｆｆｆｆｆｆ", "#٣٣٣", "#f\u{301}ff"]
        for text in bad { XCTAssertNil(Color(hex: text), "\"\(text)\" is not a colour") }
    }

    func testDescriptionIsHex() {
        XCTAssertEqual(Color.black.description, "#000000")
        XCTAssertEqual(Color.white.description, "#ffffff")
        XCTAssertEqual(Color.red.description, "#cc0000")
        XCTAssertEqual(Color.clear.description, "#00000000")
        XCTAssertEqual(Color(red: 0, green: 0, blue: 0, alpha: 0.5).description, "#00000080")
    }

    func testHexRoundTrips() {
        for hex in ["#12ab9f", "#000000", "#ffffff", "#0f0f0f", "#12ab9f80", "#ff000001"] {
            XCTAssertEqual(Color(hex: hex)?.description, hex)
        }
        XCTAssertEqual(Color(hex: "#ABCDEF")?.description, "#abcdef")
    }

    func testDefaultAlphaAndHashing() {
        XCTAssertEqual(Color(red: 0.1, green: 0.2, blue: 0.3).alpha, 1)
        let set: Set<Color> = [.red, .red, .blue, Color(hex: "#cc0000")!]
        XCTAssertEqual(set.count, 2)
    }
}
