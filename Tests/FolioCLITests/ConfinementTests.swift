import FolioTestSupport
import Foundation
import XCTest

/// `--root`: a document reads nothing outside its folder (or the root given), a template
/// nothing outside its own; links that would open something on the reader's machine are
/// left out (issue 12).
final class ConfinementTests: XCTestCase {
    private var chart: String { repositoryDirectory.appendingPathComponent("Examples/Documents/images/chart.png").path }

    /// A folder `doc` and a folder `outside` beside it, which holds a real image.
    private func folders() throws -> (doc: URL, outside: URL) {
        let dir = try makeTemporaryDirectory()
        let doc = dir.appendingPathComponent("doc"), outside = dir.appendingPathComponent("outside")
        for folder in [doc, outside] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(atPath: chart, toPath: outside.appendingPathComponent("chart.png").path)
        return (doc, outside)
    }

    func testAnImageOutsideTheDocumentsFolderIsRefusedAlikeWhetherItExistsOrNot() throws {
        let (doc, outside) = try folders()
        let out = doc.appendingPathComponent("out.pdf").path
        var messages: [String] = []
        for source in ["../outside/chart.png", "../outside/none.png", outside.path + "/chart.png", "/etc/hostname",
                       "file://" + outside.path + "/chart.png", "..%2Foutside%2Fchart.png"] {
            let input = try write("Text.\n\n![Chart](\(source))\n", "doc.md", in: doc)
            let result = try folio(["render", input, "-o", out, "-q"], environment: fixedEpoch)
            XCTAssertEqual(result.status, 1, source)
            XCTAssertTrue(result.stderr.contains("doc.md:3:1: image '\(source)' is outside the document's folder"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), source)
            messages.append(result.stderr.replacingOccurrences(of: source, with: "SOURCE"))
        }
        XCTAssertEqual(messages[0], messages[1], "the message must not tell whether a file outside exists")
    }

    func testALinkInTheDocumentsFolderThatLeadsOutIsRefused() throws {
        let (doc, outside) = try folders()
        try FileManager.default.createSymbolicLink(atPath: doc.appendingPathComponent("shared").path, withDestinationPath: outside.path)
        let input = try write("![Chart](shared/chart.png)\n", "doc.md", in: doc)
        let result = try folio(["render", input, "-q"], environment: fixedEpoch)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("image 'shared/chart.png' is outside the document's folder"), result.stderr)
    }

    func testRootWidensWhatTheDocumentMayRead() throws {
        let (doc, _) = try folders()
        let input = try write("Text.\n\n![Chart](../outside/chart.png)\n", "doc.md", in: doc)
        let parent = doc.deletingLastPathComponent().path
        XCTAssertEqual(try folio(["render", input, "--root", parent, "-q"], environment: fixedEpoch).status, 0)
        let narrow = try folio(["render", input, "--root", doc.path, "-q"], environment: fixedEpoch)
        XCTAssertTrue(narrow.stderr.contains("is outside --root (\(doc.path))"), narrow.stderr)
        let missing = try folio(["render", input, "--root", doc.appendingPathComponent("nope").path, "-q"])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains("--root must be a folder"), missing.stderr)
    }

    func testATemplateReadsFontsAndImagesOnlyFromItsFolder() throws {
        let (doc, _) = try folders()
        let template = doc.appendingPathComponent("tpl")
        try FileManager.default.createDirectory(at: template, withIntermediateDirectories: true)
        let input = try write("Text.\n", "doc.md", in: doc)
        let cases = [
            ("name: t\nfonts: [../../outside/font.ttf]\n", "template.yaml:2:9: font file '../../outside/font.ttf' is outside the template's folder"),
            ("name: t\nmasters:\n  default:\n    frames:\n      - {x: 0, y: 0, width: 10mm, height: 10mm, image: ../../outside/chart.png}\n",
             "template.yaml:5:56: image '../../outside/chart.png' is outside the template's folder"),
            ("name: t\nmasters:\n  default:\n    frames:\n      - {x: 0, y: 0, width: 10mm, height: 10mm, image: /etc/hostname}\n",
             "image '/etc/hostname' is outside the template's folder"),
        ]
        for (yaml, expected) in cases {
            try write(yaml, "template.yaml", in: template)
            let result = try folio(["render", input, "-t", template.path, "-q"])
            XCTAssertEqual(result.status, 1, yaml)
            XCTAssertTrue(result.stderr.contains(expected), result.stderr)
        }
    }

    func testATemplateNamedByTheFrontMatterMustBeInsideTheRoot() throws {
        let (doc, _) = try folders()
        let input = try write("---\ntemplate: /etc\n---\nText.\n", "doc.md", in: doc)
        let result = try folio(["render", input, "-q"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("doc.md:2:1: template '/etc' is outside the document's folder"), result.stderr)
        let builtin = try write("---\ntemplate: book\n---\nText.\n", "doc.md", in: doc)
        XCTAssertEqual(try folio(["render", builtin, "-q"], environment: fixedEpoch).status, 0, "a built-in's name is not a path")
    }

    func testLinksOtherThanWebMailAndAnchorsAreLeftOutWithAWarning() throws {
        let (doc, _) = try folders()
        let input = try write("""
        # Top {#top}

        [a](javascript:alert(1)) [b](file:///etc/passwd) [c](other.pdf) [d](https://example.org/x) \
        [e](mailto:a@example.org) [f](#top) [g]{link="javascript:void(0)"}
        """, "doc.md", in: doc)
        let out = doc.appendingPathComponent("doc.pdf").path
        let result = try folio(["render", input, "-o", out], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        for dropped in ["javascript:alert(1)", "file:///etc/passwd", "other.pdf", "javascript:void(0)"] {
            XCTAssertTrue(result.stderr.contains("the link '\(dropped)' is left out"), result.stderr)
        }
        let pdf = try String(decoding: Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        XCTAssertTrue(pdf.contains("(https://example.org/x)") && pdf.contains("(mailto:a@example.org)"))
        XCTAssertFalse(pdf.contains("javascript") || pdf.contains("file:///") || pdf.contains("other.pdf"))
        let text = try pdfFlatText(out)
        XCTAssertTrue(text.contains("abcdefg"), "the text of a link left out stays: \(text)")
    }

    func testAVeryLongLinkIsLeftOutSoLinksCannotMultiplyThePDF() throws {
        let (doc, _) = try folders()
        let url = "https://example.org/" + String(repeating: "x", count: 20_000)
        let input = try write((0..<200).map { "[l\($0)](\(url))" }.joined(separator: " ") + "\n", "doc.md", in: doc)
        let out = doc.appendingPathComponent("doc.pdf").path
        let result = try folio(["render", input, "-o", out], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr.components(separatedBy: "is longer than 2048 bytes").count - 1, 1, "reported once")
        let size = try FileManager.default.attributesOfItem(atPath: out)[.size] as! Int
        XCTAssertLessThan(size, 200_000, "the 4 MB of addresses are not in the PDF")
    }
}
