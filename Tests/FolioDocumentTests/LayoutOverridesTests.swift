import FolioTestSupport
import Foundation
import XCTest
@testable import FolioDocument

final class LayoutOverridesTests: XCTestCase {
    private func apply(_ overrides: LayoutOverrides, to name: String = "default") throws -> (Template, [String: String]) {
        var template = try BuiltinTemplates.template(named: name)
        var variables: [String: String] = [:]
        try overrides.apply(to: &template, variables: &variables)
        return (template, variables)
    }

    func testSetReachesStandardStylesTheTemplateDoesNotList() throws {
        var o = LayoutOverrides()
        o.settings = [("heading-4.size", "30pt"), ("quote.color", "#ff0000")]
        XCTAssertNil(try BuiltinTemplates.template(named: "default").styles["heading-4"], "the premise: default does not list it")
        let (template, variables) = try apply(o)
        let styles = try StyleSheet(template: template)
        XCTAssertEqual(try styles.paragraphStyle(named: "heading-4", at: nil).attributes.font?.size, 30)
        XCTAssertEqual(try styles.paragraphStyle(named: "quote", at: nil).attributes.foregroundColor, Color(red: 1, green: 0, blue: 0))
        XCTAssertTrue(variables.isEmpty)
    }

    func testAMistypedStyleIsAnErrorNotAVariable() {
        var o = LayoutOverrides()
        o.settings = [("bdy.size", "14pt")]
        XCTAssertThrowsError(try apply(o)) { error in
            XCTAssertTrue("\(error)".contains("--set bdy.size=14pt"), "\(error)")
            XCTAssertTrue("\(error)".contains("did you mean 'body'"), "\(error)")
        }
        o.settings = [("subtitle", "A plain variable")]
        XCTAssertEqual(try? apply(o).1["subtitle"], "A plain variable")
    }

    func testAnotherPaperKeepsFramesInTheirPlaces() throws {
        // A frame placed from the top in the lower half keeps its distance from the bottom.
        var moved = LayoutOverrides()
        moved.pageSize = Size(width: 420, height: 595)
        var template = try BuiltinTemplates.template(named: "default")
        let paper = template.pageSize
        template.masters["default"]!.frames.append(Frame(rect: Rect(x: 100, y: 800, width: 50, height: 10), text: "x"))
        var variables: [String: String] = [:]
        try moved.apply(to: &template, variables: &variables)
        let r = template.masters["default"]!.frames.last!.rect
        XCTAssertEqual(r.minX, 100 * 420 / paper.width, accuracy: 1e-9)
        XCTAssertEqual(r.width, 50 * 420 / paper.width, accuracy: 1e-9)
        XCTAssertEqual(595 - r.minY, paper.height - 800, accuracy: 1e-9)
        XCTAssertEqual(r.height, 10)

        let (a4, _) = try apply(LayoutOverrides())
        var o = LayoutOverrides()
        o.pageSize = Size(width: 420, height: 595)   // A5
        let (a5, _) = try apply(o)
        let before = a4.masters["default"]!.frames[0].rect, after = a5.masters["default"]!.frames[0].rect
        // The folio's box spanned the page and stays centred on it ...
        XCTAssertEqual(before.minX + before.width / 2, a4.pageSize.width / 2, accuracy: 0.01)
        XCTAssertEqual(after.minX + after.width / 2, a5.pageSize.width / 2, accuracy: 0.01)
        // ... at the same distance from the bottom edge (a negative y counts from it).
        func fromBottom(_ r: Rect, _ page: Size) -> Double { r.minY < 0 ? -r.minY : page.height - r.minY }
        XCTAssertEqual(fromBottom(after, a5.pageSize), fromBottom(before, a4.pageSize), accuracy: 0.01)
        XCTAssertEqual(after.height, before.height)
    }

    // MARK: Typed alignment and hyphenation

    func testHyphenationIsReadOnce() {
        XCTAssertEqual(LayoutOverrides.Hyphenation("none"), .off)
        XCTAssertEqual(LayoutOverrides.Hyphenation("NONE"), .off)
        XCTAssertEqual(LayoutOverrides.Hyphenation("en-US"), .language("en-US"))
        XCTAssertEqual(LayoutOverrides.Hyphenation("de"), .language("de"))
        XCTAssertNil(LayoutOverrides.Hyphenation(""), "an empty language is refused, not looked up")
        XCTAssertEqual(LayoutOverrides.Hyphenation("de")?.language, "de")
        XCTAssertNil(LayoutOverrides.Hyphenation.off.language)
    }

    func testEveryAlignmentReachesTheBody() throws {
        for alignment in TextAlignment.allCases {
            var o = LayoutOverrides()
            o.alignment = alignment
            let (template, _) = try apply(o)
            let body = try StyleSheet(template: template).paragraphStyle(named: "body", at: nil)
            XCTAssertEqual(body.paragraph.alignment, alignment)
        }
    }

    func testHyphenationTurnsTheBodysOnAndOff() throws {
        for (setting, hyphenates) in [(LayoutOverrides.Hyphenation.off, false), (.language("en-US"), true)] {
            var o = LayoutOverrides()
            o.hyphenation = setting
            // Start from a body that does the opposite: the override must change it.
            o.settings = [("body.hyphenate", hyphenates ? "false" : "true")]
            let (template, _) = try apply(o)
            XCTAssertEqual(try StyleSheet(template: template).paragraphStyle(named: "body", at: nil).paragraph.hyphenation, hyphenates)
        }
    }

    func testFlagsWinOverSet() throws {
        var o = LayoutOverrides()
        o.settings = [("body.align", "left")]
        o.alignment = .center
        let (template, _) = try apply(o)
        XCTAssertEqual(try StyleSheet(template: template).paragraphStyle(named: "body", at: nil).paragraph.alignment, .center)
        var set = LayoutOverrides()
        set.settings = [("body.align", "right")]
        let (alone, _) = try apply(set)
        XCTAssertEqual(try StyleSheet(template: alone).paragraphStyle(named: "body", at: nil).paragraph.alignment, .right,
                       "--set alone still sets the property")
    }

    func testContentSizeAndTextStylesReachLayoutInProportionToTheBody() throws {
        let dir = try makeTemporaryDirectory("folio-overrides")
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("doc.md")
        try "---\ncontent-size: extra-large\n---\n\n[Big]{text-style=headline} text.\n".write(to: input, atomically: true, encoding: .utf8)
        let prepared = try RenderJob(input: input.path).prepare()
        XCTAssertEqual(prepared.defaults.contentSizeCategory, .extraLarge)
        let body = try XCTUnwrap(prepared.defaults.attributes.font?.size)
        XCTAssertEqual(prepared.defaults.textStyleScale * TextStyle.body.pointSize(for: .large), body, accuracy: 1e-9)
        let storage = prepared.document.storage
        XCTAssertEqual(storage.attributes(at: storage.range(of: "Big")!.lowerBound).attributes.textStyle, .headline)
        try "---\ncontent-size: huge\n---\n\nText.\n".write(to: input, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try RenderJob(input: input.path).prepare()) { error in
            XCTAssertTrue("\(error)".contains("doc.md:2:15: content-size must be one of extra-small, small, medium, large"), "\(error)")
        }
    }

    func testAHyphenationLanguageBecomesTheDocumentsLanguage() throws {
        let dir = try makeTemporaryDirectory("folio-overrides")
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("doc.md")
        try "---\nlang: fr\n---\n\nText.\n".write(to: input, atomically: true, encoding: .utf8)
        var job = RenderJob(input: input.path)
        job.overrides.hyphenation = .language("de")
        XCTAssertEqual(try job.prepare().defaults.language, "de")
        job.overrides.hyphenation = .off
        XCTAssertEqual(try job.prepare().defaults.language, "fr", "none leaves the document's language")
    }
}
