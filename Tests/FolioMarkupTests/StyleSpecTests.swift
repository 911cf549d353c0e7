import XCTest
@testable import FolioMarkup

final class StyleSpecTests: XCTestCase {
    private let start = SourceLocation(file: "s.md", line: 4, column: 10)

    private func at(_ column: Int) -> SourceLocation { SourceLocation(file: "s.md", line: 4, column: column) }

    private func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> DocumentError? {
        do {
            let spec = try StyleSpec.parse(text, at: start)
            XCTFail("expected an error, got \(spec)", file: file, line: line)
        } catch let error as DocumentError {
            return error
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
        return nil
    }

    func testClassesIdAndProperties() throws {
        let spec = try StyleSpec.parse("{.a .b-c #top key=value quoted=\"two words\" single='x y' color=#b00}", at: start)
        XCTAssertEqual(spec.classes, ["a", "b-c"])
        XCTAssertEqual(spec.id, "top")
        XCTAssertEqual(spec.properties, [
            StyleProperty(name: "key", value: "value", location: at(24)),
            StyleProperty(name: "quoted", value: "two words", location: at(34)),
            StyleProperty(name: "single", value: "x y", location: at(53)),
            StyleProperty(name: "color", value: "#b00", location: at(66)),
        ])
        XCTAssertEqual(spec.value(of: "color"), "#b00")
        XCTAssertNil(spec.value(of: "missing"))
    }

    func testSpacingAndEmpty() throws {
        XCTAssertEqual(try StyleSpec.parse("  {  .x   }  ", at: start), StyleSpec(classes: ["x"]))
        XCTAssertTrue(try StyleSpec.parse("{}", at: start).isEmpty)
        XCTAssertEqual(try StyleSpec.parse("{.ünï #größe}", at: start), StyleSpec(classes: ["ünï"], id: "größe"))
    }

    func testErrorsPointAtTheBadCharacter() {
        let quote = failure("{.a k=\"open}")
        XCTAssertEqual(quote.map { [$0.line!, $0.column!] }, [4, 16])
        XCTAssertTrue(quote?.reason.contains("unterminated") ?? false)

        let stray = failure("{.a !}")
        XCTAssertEqual(stray?.column, 14)
        XCTAssertTrue(stray?.reason.contains("'!'") ?? false)

        let missing = failure("{.a .b")
        XCTAssertEqual(missing?.column, 16)
        XCTAssertTrue(missing?.reason.contains("missing '}'") ?? false)

        XCTAssertEqual(failure("{word}")?.column, 11)
        XCTAssertEqual(failure("{. x}")?.column, 12)
        XCTAssertEqual(failure("{#a #b}")?.column, 14)
        XCTAssertEqual(failure("{k= v}")?.column, 13)
        XCTAssertEqual(failure("{.a\"b\"}")?.column, 13)
        XCTAssertEqual(failure("{.a} extra")?.column, 15)
        XCTAssertEqual(failure("no braces")?.column, 10)
        // Columns count characters, not bytes.
        XCTAssertEqual(failure("{.é !}")?.column, 14)
    }

    func testMerged() {
        let line = StyleSpec(classes: ["a", "b"], id: "one", properties: [StyleProperty(name: "k", value: "1")])
        let own = StyleSpec(classes: ["b", "c"], id: "two", properties: [StyleProperty(name: "k", value: "2")])
        let merged = line.merged(with: own)
        XCTAssertEqual(merged.classes, ["a", "b", "c"])
        XCTAssertEqual(merged.id, "two")
        XCTAssertEqual(merged.value(of: "k"), "2")
        XCTAssertEqual(line.merged(with: StyleSpec()).id, "one")
    }

    func testLooksLikeSpec() {
        func looks(_ s: String) -> Bool { StyleSpecScanner.looksLikeSpec(Array(s.utf8), at: 0) }
        XCTAssertTrue(looks("{.a}"))
        XCTAssertTrue(looks("{ #id}"))
        XCTAssertTrue(looks("{key=v}"))
        XCTAssertFalse(looks("{sic}"))
        XCTAssertFalse(looks("{...}"))
        XCTAssertFalse(looks("{}"))
        XCTAssertFalse(looks("{ESTELLE, x}"))
    }
}
