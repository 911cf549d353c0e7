import FolioMarkup
import Foundation
import XCTest

/// What template.yaml says for letters and forms: frames that fill a colour, place an
/// image where they say or take it from a field (`image: "{logo}"`), and the
/// `before-body` / `after-body` fields — each read, and each mistake at its line.
final class TemplateLetterKeysTests: XCTestCase {
    private func load(_ yaml: String) throws -> Template {
        try TemplateLoader.load(yaml: yaml, path: "t/template.yaml", directory: nil)
    }

    private func assertError(_ yaml: String, at place: String, _ reason: String, line: UInt = #line) {
        XCTAssertThrowsError(try load(yaml), line: line) { error in
            XCTAssertTrue("\(error)".hasPrefix("t/template.yaml:\(place): \(reason)"), "\(error)", line: line)
        }
    }

    func testFramesFillAlignAndNameTheirImageByAField() throws {
        let t = try load("""
        masters:
          first:
            frames:
              - {x: 4mm, y: 105mm, width: 5mm, height: 0.5pt, fill: "#888"}
              - {x: 120mm, y: 12mm, width: 70mm, height: 22mm, image: "{ logo }", align: top right}
              - {x: 0, y: 0, width: 10mm, height: 10mm, image: mark.png, align: bottom}
              - {x: 0, y: 0, width: 10mm, height: 10mm, text: "{oneline(return-address|sender)}", fill: navy}
        """)
        let frames = try XCTUnwrap(t.masters["first"]?.frames)
        XCTAssertEqual(frames[0].fill, Color(hex: "#888888"))
        XCTAssertEqual(frames[0].rect.height, 0.5)
        XCTAssertNil(frames[0].text)
        XCTAssertNil(frames[0].image)
        XCTAssertEqual(frames[1].imageField, "logo")
        XCTAssertEqual(frames[1].alignment, FrameAlignment(horizontal: 1, vertical: 0))
        XCTAssertNil(frames[2].imageField, "a file named as written")
        XCTAssertEqual(frames[2].alignment, FrameAlignment(horizontal: 0.5, vertical: 1))
        XCTAssertEqual(frames[3].alignment, .center)
        XCTAssertNotNil(frames[3].fill)
        XCTAssertEqual(FrameAlignment("left middle"), FrameAlignment(horizontal: 0, vertical: 0.5))
        XCTAssertNil(FrameAlignment("left right"))
        XCTAssertNil(FrameAlignment("up"))
    }

    func testFrameMistakes() {
        let frame = "masters:\n  default:\n    frames:\n      - "
        assertError(frame + "{x: 0, y: 0, width: 1, height: 1, fill: blu}\n", at: "4:49", "'blu' is not a colour")
        assertError(frame + "{x: 0, y: 0, width: 1, height: 1, image: a.png, align: upwards}\n", at: "4:64",
                    "align is where the image sits: left, center or right and top, middle or bottom ('top right'), not 'upwards'")
        assertError(frame + "{x: 0, y: 0, width: 1, height: 1, image: \"logos/{company}.png\"}\n", at: "4:50",
                    "image 'logos/{company}.png' must be a file name or one field, such as \"{logo}\", and nothing else")
        assertError(frame + "{x: 0, y: 0, width: 1, height: 1, align: left}\n", at: "4:9", "a frame needs text:, image: or fill:")
    }

    func testBeforeAndAfterBodyFields() throws {
        let t = try load("""
        before-body: [subject, date]
        after-body:
          - signature.closing
          - {image: signature.image, height: 15mm, keep-room: yes}
          - {field: signature.name, style: closing}
          - {image: stamp, height: 20pt}
        styles:
          closing: {size: 9pt}
        """)
        XCTAssertEqual(t.beforeBody?.map(\.name), ["subject", "date"])
        XCTAssertEqual(t.beforeBody?.map(\.style), ["subject", "date"])
        let after = t.afterBody
        XCTAssertEqual(after.map(\.name), ["signature.closing", "signature.image", "signature.name", "stamp"])
        XCTAssertEqual(after.map(\.style), ["signature-closing", "signature-image", "closing", "stamp"])
        XCTAssertEqual(after[1].imageHeight ?? 0, 15 * 72 / 25.4, accuracy: 1e-9)
        XCTAssertTrue(after[1].keepsRoom)
        XCTAssertNil(after[2].imageHeight)
        XCTAssertEqual(after[3].imageHeight, 20)
        XCTAssertFalse(after[3].keepsRoom)
        // Without them: the usual title block, nothing after.
        let plain = try load("name: x\n")
        XCTAssertNil(plain.beforeBody)
        XCTAssertEqual(plain.afterBody, [])
    }

    func testBodyFieldMistakes() {
        assertError("before-body: subject\n", at: "1:14", "expected a list")
        assertError("after-body:\n  - {image: sig}\n", at: "2:5", "an image field needs a height (15mm)")
        assertError("after-body:\n  - {field: a, image: b, height: 1mm}\n", at: "2:5", "an entry names either field: or image:, one of them")
        assertError("after-body:\n  - {field: a, height: 1mm}\n", at: "2:24", "height is for an image")
        assertError("after-body:\n  - {image: a, height: 0mm}\n", at: "2:24", "an image's height must be above 0")
        assertError("after-body:\n  - {image: a, hight: 1mm}\n", at: "2:16", "unknown key 'hight' in a body field (did you mean 'height'?)")
        assertError("after-body:\n  - {field: a, style: closng}\n", at: "2:5", "style 'closng' of field 'a' is not a style of this template")
        assertError("before-body:\n  - {field: a, style: strong}\n", at: "2:5", "style 'strong' of field 'a' is a character style")
    }
}
