import FolioMarkup
import FolioTestSupport
import Foundation
import XCTest

/// Front-matter fields a template sets in the flow (`before-body`, `after-body`) and
/// image frames that take their file from a field (`image: "{logo}"`), as the builder
/// makes them: in order, in their styles, line breaks kept, images at their height, paths
/// resolved from the right folder, mistakes at the front matter's line.
final class BodyFieldsBuilderTests: XCTestCase {
    private var dir: URL!
    private var square: URL { repositoryDirectory.appendingPathComponent("Examples/Documents/images/square.png") }

    override func setUpWithError() throws {
        dir = try makeTemporaryDirectory("folio-body-fields")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("tpl"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("doc/img"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: square, to: dir.appendingPathComponent("doc/img/sig.png"))
        try FileManager.default.copyItem(at: square, to: dir.appendingPathComponent("tpl/default-logo.png"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// A template (in `tpl/`) extending the default with `yaml`, and `markdown` (as
    /// `doc/letter.md`) built with it.
    private func build(_ yaml: String, _ markdown: String) throws -> BuiltDocument {
        let templateFile = dir.appendingPathComponent("tpl/template.yaml")
        try ("extends: default\n" + yaml).write(to: templateFile, atomically: true, encoding: .utf8)
        let template = try TemplateLoader.load(file: templateFile.path)
        let document = try MarkdownReader.parse(markdown, file: dir.appendingPathComponent("doc/letter.md").path)
        return try DocumentBuilder(template: template, styles: try StyleSheet(template: template), columnWidth: 400, columnHeight: 600)
            .build(document)
    }

    private func paragraphs(_ built: BuiltDocument) -> [(text: String, style: ParagraphStyle, attributes: TextAttributes)] {
        let s = built.storage
        return (0..<s.paragraphCount).map { i in
            let r = s.paragraphContentRange(at: i)
            return (s.substring(r), s.paragraphStyle(ofParagraph: i), s.attributes(at: r.lowerBound).attributes)
        }
    }

    private static let fields = """
    before-body: [subject]
    after-body:
      - signature.closing
      - {image: signature.image, height: 30pt, keep-room: true}
      - signature.name
    styles:
      subject: {parent: body, weight: bold}
      signature-name: {parent: body, size: 9pt}
    """

    func testBeforeBodyReplacesTheTitleBlockAndAfterBodyClosesTheText() throws {
        let built = try build(Self.fields, """
        ---
        title: Not shown
        subject: Your *order* 42
        signature:
          closing: Kind regards,
          image: img/sig.png
          name: "Jana Lindqvist\\nHead of Service"
        ---
        Dear Ann,

        the text.
        """)
        let p = paragraphs(built)
        XCTAssertEqual(p.map(\.text), ["Your order 42", "Dear Ann,", "the text.", "Kind regards,", "\u{FFFC}", "Jana Lindqvist\u{2028}Head of Service"])
        XCTAssertEqual(p[0].attributes.font?.weight, .bold, "the subject in its style")
        XCTAssertEqual(p[5].attributes.font?.size, 9, "the name in signature-name")
        XCTAssertEqual(built.sections.first?.offset, 0, "the fields above the body span the columns")
        XCTAssertEqual(built.metadata.title, "Not shown", "the title still names the PDF")
        let image = try XCTUnwrap(built.storage.attributes(at: built.storage.paragraphContentRange(at: 4).lowerBound).attributes.attachment)
        XCTAssertEqual(image.bounds.size, Size(width: 30, height: 30), "a square image 30 pt high")
        XCTAssertEqual(image.path, dir.appendingPathComponent("doc/img/sig.png").path)
        XCTAssertTrue(built.images.contains(image.path))
    }

    func testAMissingImageLeavesRoomOnlyWhenAskedAndMissingFieldsAreLeftOut() throws {
        let room = try build(Self.fields, "---\nsignature:\n  name: Jo\n---\nText.\n")
        let p = paragraphs(room)
        XCTAssertEqual(p.map(\.text), ["Text.", "", "Jo"], "no subject, no closing: left out; the image's room kept")
        XCTAssertEqual(p[1].style.minimumLineHeight, 30)
        XCTAssertEqual(p[1].style.maximumLineHeight, 30)
        let none = try build("after-body:\n  - {image: signature.image, height: 30pt}\n", "Text.\n")
        XCTAssertEqual(paragraphs(none).map(\.text), ["Text."])
    }

    func testTheUsualTitleBlockKeepsItsSoftBreaksAndItsDateRule() throws {
        let built = try build("name: plain\n", "---\ntitle: \"A long\\ntitle\"\ndate: 1 May\n---\nText.\n")
        XCTAssertEqual(paragraphs(built).map(\.text), ["A long title", "Text."], "no date style in the default: no date")
    }

    func testAnImageFrameTakesItsFileFromAFieldRelativeToWhereTheValueWasGiven() throws {
        let frames = "variables: {logo: default-logo.png}\nmasters:\n  first:\n    frames:\n      - {x: 0, y: 0, width: 20mm, height: 10mm, image: \"{logo}\"}\n"
        let own = try build(frames, "---\nlogo: img/sig.png\n---\nText.\n")
        XCTAssertEqual(own.variables["logo"], dir.appendingPathComponent("doc/img/sig.png").path, "the document's, from its folder")
        XCTAssertTrue(own.images.contains(dir.appendingPathComponent("doc/img/sig.png").path), "watched")
        let fallback = try build(frames, "Text.\n")
        XCTAssertEqual(fallback.variables["logo"], dir.appendingPathComponent("tpl/default-logo.png").path, "the template's, from its folder")
        let empty = try build(frames, "---\nlogo: \"\"\n---\nText.\n")
        XCTAssertEqual(empty.variables["logo"], "", "an empty value draws nothing")
    }

    func testAnImageFieldThatNamesNoFileIsAnErrorAtItsKey() throws {
        let frames = "masters:\n  first:\n    frames:\n      - {x: 0, y: 0, width: 20mm, height: 10mm, image: \"{logo}\"}\n"
        XCTAssertThrowsError(try build(frames, "---\ntitle: t\nlogo: img/nope.png\n---\nText.\n")) {
            let letter = self.dir.appendingPathComponent("doc/letter.md").path
            XCTAssertEqual("\($0)", "\(letter):3:1: logo: image 'img/nope.png' not found (looked for \(self.dir.appendingPathComponent("doc/img/nope.png").path))")
        }
        XCTAssertThrowsError(try build(frames, "Text.\n")) {
            XCTAssertTrue("\($0)".hasPrefix("\(self.dir.appendingPathComponent("tpl/template.yaml").path):5:9: unknown field {logo} in an image frame"), "\($0)")
        }
        XCTAssertThrowsError(try build(Self.fields, "---\nsignature:\n  image: img/gone.png\n---\nText.\n")) {
            XCTAssertTrue("\($0)".contains("letter.md:3:3: image 'img/gone.png' not found"), "\($0)")
        }
    }
}
