import FolioTestSupport
import Foundation
import XCTest

/// `folio render` with templates, and the template, font and watch commands, run as a user would.
final class TemplateCommandTests: XCTestCase {
    private let epoch = fixedEpoch

    private func pdftotext(_ pdf: String, page: Int? = nil, layout: Bool = false) throws -> String {
        try pdfText(pdf, first: page, layout: layout)
    }

    private func pageCount(_ pdf: String) throws -> Int { try pdfPageCount(pdf) }

    func testMarkdownRendersBesideTheInputWithTheDefaultTemplate() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("---\ntitle: A Small Document\nauthor: Ann\n---\n\n# Heading One\n\nSome *text*.\n\n## Heading Two\n\nMore text, with a [link](#heading-one).\n", "doc.md", in: dir)
        let result = try folio(["render", input], environment: epoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        let pdf = dir.appendingPathComponent("doc.pdf").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: pdf))
        XCTAssertEqual(try qpdfCheck(pdf).status, 0)
        let text = try pdftotext(pdf)
        for piece in ["A Small Document", "Ann", "Heading One", "Some text.", "Heading Two", "More text, with a link."] {
            XCTAssertTrue(text.contains(piece), "missing \(piece) in \(text)")
        }
        // The outline holds the headings, nested by level; metadata comes from the front matter.
        let qpdfJSON = try tool("qpdf", ["--json", "--json-key=outlines", pdf]).stdout
        XCTAssertTrue(qpdfJSON.contains("\"title\": \"Heading One\""), qpdfJSON)
        XCTAssertTrue(qpdfJSON.contains("\"title\": \"Heading Two\""), qpdfJSON)
        let info = try tool("pdfinfo", [pdf]).stdout
        XCTAssertTrue(info.contains("A Small Document"))
        XCTAssertTrue(info.contains("Ann"))
        // Same input, same bytes.
        let again = dir.appendingPathComponent("again.pdf").path
        XCTAssertEqual(try folio(["render", input, "-o", again], environment: epoch).status, 0)
        XCTAssertEqual(FileManager.default.contents(atPath: pdf), FileManager.default.contents(atPath: again))
    }

    func testEveryBuiltinRendersItsExample() throws {
        let list = try folio(["templates"])
        XCTAssertEqual(list.status, 0)
        let names = list.stdout.split(separator: "\n").map { String($0.split(separator: " ").first!) }
        XCTAssertEqual(Set(names), ["default", "book", "two-column", "newspaper", "report", "large-print", "letter", "invoice", "vertical"])
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Documents")
        let dir = try makeTemporaryDirectory()
        for name in names {
            let out = dir.appendingPathComponent("\(name).pdf").path
            // A template whose example is filled from data has the data beside it.
            let data = examples.appendingPathComponent("\(name).yaml").path
            let withData = FileManager.default.fileExists(atPath: data) ? ["--data", data] : []
            let result = try folio(["render", examples.appendingPathComponent("\(name).md").path, "-t", name, "-o", out, "-q"] + withData,
                                   environment: epoch)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "\(name) warned")
            XCTAssertEqual(try qpdfCheck(out).status, 0, name)
        }
    }

    func testBookRunningHeadsSitOnTheRightPagesAndMarginsMirror() throws {
        let dir = try makeTemporaryDirectory()
        var md = "---\ntitle: Book Title\ntemplate: book\n---\n\n"
        for chapter in 1...2 {
            md += "## Chapter \(chapter)\n\n"
            for _ in 0..<14 { md += String(repeating: "The text of chapter \(chapter) runs on and on across the pages of the book. ", count: 6) + "\n\n" }
        }
        let input = try write(md, "book.md", in: dir)
        let result = try folio(["render", input, "-q"], environment: epoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        let pdf = dir.appendingPathComponent("book.pdf").path
        let pages = try pageCount(pdf)
        XCTAssertGreaterThan(pages, 6)
        var sawLeft = false, sawRight = false
        for page in 2...pages {
            let text = try pdftotext(pdf, page: page)
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{0C}"))) }.filter { !$0.isEmpty }
            guard lines.count > 2 else { continue }
            // A chapter's opening page has no head: its folio is the last line instead.
            if !lines.prefix(2).contains("\(page)") {
                XCTAssertEqual(lines.last, "\(page)", "page \(page): no folio in the head or at the foot")
                continue
            }
            // Small capitals made by hand come out of pdftotext as "B OOK T ITLE".
            let head = lines.prefix(2).joined(separator: " ").replacingOccurrences(of: " ", with: "").uppercased()
            if page % 2 == 0 {
                XCTAssertTrue(head.contains("BOOKTITLE"), "left page \(page) head: \(head)")
                sawLeft = true
            } else {
                XCTAssertTrue(head.contains("CHAPTER"), "right page \(page) head: \(head)")
                sawRight = true
            }
        }
        XCTAssertTrue(sawLeft && sawRight)
        // Mirrored margins: the body's left edge moves between odd and even pages.
        let bbox = try tool("pdftotext", ["-bbox", "-f", "3", "-l", "4", pdf, "-"]).stdout
        let pagesX = bbox.components(separatedBy: "<page ").dropFirst().map { page -> Double in
            let xs = page.components(separatedBy: "xMin=\"").dropFirst().compactMap { Double($0.prefix { $0 != "\"" }) }
            return xs.sorted()[xs.count / 2 > 3 ? 3 : 0]
        }
        XCTAssertEqual(pagesX.count, 2)
        // Page 3 (right-hand) binds on the left: its text starts further right than page 4's.
        XCTAssertGreaterThan(pagesX[0] - pagesX[1], 10, "inner 20 mm vs outer 15 mm")
    }

    func testARunningHeadTooLongForItsFrameEndsInAnEllipsisClearOfTheFolio() throws {
        let dir = try makeTemporaryDirectory()
        var md = "---\ntitle: Short\ntemplate: book\n---\n\n## A Chapter Title Far Too Long For Any Running Head Of A Small Book Page Ending Here\n\n"
        for _ in 0..<40 { md += String(repeating: "Text that fills the pages so that running heads appear. ", count: 4) + "\n\n" }
        let input = try write(md, "long.md", in: dir)
        let result = try folio(["render", input, "-q"], environment: epoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        let pdf = dir.appendingPathComponent("long.pdf").path
        let head = try pdftotext(pdf, page: 3).split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(head.contains("…"), head)
        XCTAssertFalse(head.replacingOccurrences(of: " ", with: "").uppercased().contains("ENDINGHERE"), head)
        // The folio is a word of its own, not run into the head.
        let bbox = try tool("pdftotext", ["-bbox", "-f", "3", "-l", "3", pdf, "-"]).stdout
        let words = bbox.components(separatedBy: "<word ").dropFirst().prefix(40)
        let folio = try XCTUnwrap(words.first { $0.contains(">3</word>") })
        let ellipsis = try XCTUnwrap(words.first { $0.contains("…") })
        func x(_ word: String, _ key: String) -> Double {
            Double(word.components(separatedBy: "\(key)=\"")[1].prefix { $0 != "\"" }) ?? 0
        }
        XCTAssertLessThan(x(ellipsis, "xMax"), x(folio, "xMin") - 10, "the head stops short of the folio")
    }

    func testAFrameWithAMinimumScaleShrinksItsTextRatherThanCuttingIt() throws {
        let dir = try makeTemporaryDirectory()
        let folder = dir.appendingPathComponent("shrink")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let frames = """
              - {x: 20mm, y: 8mm, width: 60mm, height: 6mm, text: "{title}", style: header, min-scale: 0.5}
              - {x: 110mm, y: 8mm, width: 60mm, height: 6mm, text: "{title}", style: header}
        """
        _ = try write("name: shrink\nextends: default\nmasters:\n  default:\n    frames:\n\(frames)\n", "template.yaml", in: folder)
        let input = try write("---\ntitle: The Annual Report of the Northern Region Office\n---\n\nText.\n", "s.md", in: dir)
        let result = try folio(["render", input, "-t", folder.path, "-q"], environment: epoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        let pdf = dir.appendingPathComponent("s.pdf").path
        let bbox = try tool("pdftotext", ["-bbox", "-f", "1", "-l", "1", pdf, "-"]).stdout
        func value(_ word: String, _ key: String) -> Double { Double(word.components(separatedBy: "\(key)=\"")[1].prefix { $0 != "\"" }) ?? 0 }
        let words: [String] = Array(bbox.components(separatedBy: "<word ").dropFirst()).filter { value($0, "yMin") < 40 }
        let shrunk = words.filter { value($0, "xMin") < 110 / 25.4 * 72 }, cut = words.filter { value($0, "xMin") >= 110 / 25.4 * 72 }
        XCTAssertTrue(shrunk.contains { $0.contains(">Office</word>") }, "the shrinking frame shows the whole title")
        XCTAssertFalse(shrunk.contains { $0.contains("…") })
        XCTAssertTrue(cut.contains { $0.contains("…") }, "the other ends in an ellipsis")
        XCTAssertLessThanOrEqual(try XCTUnwrap(shrunk.map { value($0, "xMax") }.max()), (20 + 60) / 25.4 * 72 + 0.5, "inside its frame")
        let height = { (w: [String]) in w.map { value($0, "yMax") - value($0, "yMin") }.max() ?? 0 }
        XCTAssertLessThan(height(shrunk), height(cut) * 0.95, "set smaller")
    }

    func testReportFooterSaysPageXOfY() throws {
        let dir = try makeTemporaryDirectory()
        var md = "---\ntitle: R\ntemplate: report\n---\n\n"
        for i in 1...40 { md += "# Part \(i)\n\n" + String(repeating: "Report text fills the page. ", count: 20) + "\n\n" }
        let input = try write(md, "r.md", in: dir)
        XCTAssertEqual(try folio(["render", input, "-q"], environment: epoch).status, 0)
        let pdf = dir.appendingPathComponent("r.pdf").path
        let pages = try pageCount(pdf)
        XCTAssertGreaterThan(pages, 2)
        for page in 1...pages {
            XCTAssertTrue(try pdftotext(pdf, page: page).contains("Page \(page) of \(pages)"), "page \(page)")
        }
    }

    func testCoreFlagsOverrideTheTemplate() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write(String(repeating: "Words in columns. ", count: 400), "c.md", in: dir)
        let out = dir.appendingPathComponent("c.pdf").path
        let result = try folio(["render", input, "-t", "book", "--paper", "a4", "--columns", "3", "--size", "8", "-o", out, "-q"], environment: epoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        let info = try tool("pdfinfo", [out]).stdout
        XCTAssertTrue(info.contains("595.28 x 841.89") || info.contains("595.276 x 841.89"), info)
        let fonts = try tool("pdffonts", [out]).stdout
        XCTAssertTrue(fonts.contains("DejaVuSerif"), fonts)
        // Three columns: the layout keeps three runs of text side by side on a line.
        let layout = try pdftotext(out, page: 1, layout: true)
        XCTAssertTrue(layout.split(separator: "\n").contains { $0.components(separatedBy: "   ").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count >= 3 })
        // --size 8: the body's words are half as tall as with --size 16, same font, same template.
        let big = dir.appendingPathComponent("c16.pdf").path
        XCTAssertEqual(try folio(["render", input, "-t", "book", "--paper", "a4", "--columns", "3", "--size", "16", "-o", big, "-q"], environment: epoch).status, 0)
        func bodyHeight(_ pdf: String) throws -> Double {
            median(try pdfWords(pdf, first: 1).filter { ["Words", "in", "columns."].contains($0.text) }.map(\.height))
        }
        XCTAssertEqual(try bodyHeight(out) / bodyHeight(big), 0.5, accuracy: 0.01)
    }

    func testSetOverridesFieldsAndStyleProperties() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("---\ntitle: Old\n---\n\nBody text.\n", "s.md", in: dir)
        let out = dir.appendingPathComponent("s.pdf").path
        let result = try folio(["render", input, "--set", "title=New Title", "--set", "body.color=#ff0000", "-o", out], environment: epoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try pdftotext(out).contains("New Title"))
        XCTAssertFalse(try pdftotext(out).contains("Old"))
        // body.color: the body is filled red (Cairo's "1 0 0 rg"); without the override it is not.
        XCTAssertTrue(try qpdfUncompressed(out).contains("1 0 0 rg"), "no red fill")
        let plain = dir.appendingPathComponent("plain.pdf").path
        XCTAssertEqual(try folio(["render", input, "-o", plain], environment: epoch).status, 0)
        XCTAssertFalse(try qpdfUncompressed(plain).contains("1 0 0 rg"), "red without the override")
        let bad = try folio(["render", input, "--set", "body.colr=red", "-o", out])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("unknown style property 'colr'"), bad.stderr)
    }

    func testTemplateErrorsNameFileLineAndColumnAndKeepTheOutput() throws {
        let dir = try makeTemporaryDirectory()
        let tdir = dir.appendingPathComponent("tpl")
        try FileManager.default.createDirectory(at: tdir, withIntermediateDirectories: true)
        let input = try write("Hello.\n", "e.md", in: dir)
        let out = dir.appendingPathComponent("e.pdf").path
        try "precious".write(toFile: out, atomically: true, encoding: .utf8)
        let cases: [(String, String)] = [
            ("name: t\npage:\n  size: a4\n  margins: [oops\n", "template.yaml:"),
            ("name: t\nstyles:\n  body: {size: 10pt}\n  heading-1: {parent: nosuch}\n", "template.yaml:4:"),
            ("name: t\nstyles:\n  body: {size: 10pt, colour: red}\n", "template.yaml:3:"),
            ("name: t\nfonts: [missing.ttf]\n", "template.yaml:2:"),
        ]
        for (yaml, place) in cases {
            try yaml.write(to: tdir.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
            let result = try folio(["render", input, "-t", tdir.path, "-o", out])
            XCTAssertEqual(result.status, 1, yaml)
            XCTAssertTrue(result.stderr.contains(place), "\(yaml) → \(result.stderr)")
            XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "precious")
        }
        let unknown = try folio(["render", input, "-t", "no-such-template", "-o", out])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("no-such-template"), unknown.stderr)
    }

    func testDocumentErrorsNameFileLineAndColumn() throws {
        let dir = try makeTemporaryDirectory()
        let out = dir.appendingPathComponent("d.pdf").path
        let cases: [(String, String)] = [
            ("---\ntitle: [unclosed\n---\nText.\n", "d.md:2:"),
            ("Text.\n\n{.nosuch}\nMore.\n", "d.md:3:"),
            ("Text.\n\n![pic](nothere.png)\n", "d.md:3:"),
        ]
        for (md, place) in cases {
            let input = try write(md, "d.md", in: dir)
            let result = try folio(["render", input, "-o", out])
            XCTAssertEqual(result.status, 1, md)
            XCTAssertTrue(result.stderr.contains(place), "\(md) → \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        }
    }

    func testTemplateExportWritesAnEditableCopy() throws {
        let dir = try makeTemporaryDirectory()
        let target = dir.appendingPathComponent("mine").path
        let result = try folio(["template", "export", "report", target])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: target + "/template.yaml"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: target + "/logo.png"))
        let again = try folio(["template", "export", "report", target])
        XCTAssertEqual(again.status, 1, "never overwrites")
        let input = try write("# Hi\n\nText.\n", "x.md", in: dir)
        XCTAssertEqual(try folio(["render", input, "-t", target, "-q"], environment: epoch).status, 0)
    }

    func testFontsListsInstalledFamilies() throws {
        let result = try folio(["fonts"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.split(separator: "\n").contains("DejaVu Serif"))
    }
}

extension TemplateCommandTests {
    /// `-o` naming the document (or an image it uses) is refused before anything is written.
    func testOutputThatWouldReplaceASourceIsRefused() throws {
        let dir = try makeTemporaryDirectory()
        let text = "Some text.\n"
        let input = try write(text, "doc.md", in: dir)
        let result = try folio(["render", input, "-o", input])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("would replace"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: input, encoding: .utf8), text, "the document is untouched")
    }

    /// Every bookmark opens the page its heading is set on.
    func testOutlineEntriesOpenTheirHeadingsPages() throws {
        let dir = try makeTemporaryDirectory()
        var md = ""
        for chapter in 1...5 {
            md += "# Part \(chapter)\n\n" + String(repeating: "Words of part \(chapter) fill the page. ", count: 120) + "\n\n"
            md += "## Section \(chapter).1\n\n" + String(repeating: "More words. ", count: 60) + "\n\n"
        }
        let input = dir.appendingPathComponent("o.md").path
        try md.write(toFile: input, atomically: true, encoding: .utf8)
        XCTAssertEqual(try folio(["render", input, "-q"]).status, 0)
        let pdf = dir.appendingPathComponent("o.pdf").path
        let json = try tool("qpdf", ["--json", "--json-key=outlines", pdf]).stdout
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var entries: [(title: String, page: Int, level: Int)] = []
        func walk(_ items: [[String: Any]], level: Int) {
            for item in items {
                entries.append((item["title"] as? String ?? "", item["destpageposfrom1"] as? Int ?? 0, level))
                walk(item["kids"] as? [[String: Any]] ?? [], level: level + 1)
            }
        }
        walk(root["outlines"] as? [[String: Any]] ?? [], level: 1)
        XCTAssertEqual(entries.map(\.title), (1...5).flatMap { ["Part \($0)", "Section \($0).1"] })
        XCTAssertEqual(entries.map(\.level), Array(repeating: [1, 2], count: 5).flatMap { $0 }, "sections nest under parts")
        for entry in entries {
            let page = try tool("pdftotext", ["-f", "\(entry.page)", "-l", "\(entry.page)", pdf, "-"]).stdout
            XCTAssertTrue(page.contains(entry.title), "\(entry.title) is not on page \(entry.page)")
        }
    }
}

extension TemplateCommandTests {
    func testOptionErrorsNameTheOptionAndFrameFieldsAreCheckedFirst() throws {
        let dir = try makeTemporaryDirectory()
        let input = dir.appendingPathComponent("w.md").path
        try "Words.\n".write(toFile: input, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("w.pdf").path
        let size = try folio(["render", input, "--set", "body.size=huge", "-o", out])
        XCTAssertEqual(size.status, 1)
        XCTAssertTrue(size.stderr.contains("error: --set body.size=huge: 'huge' is not a length"), size.stderr)
        let tpl = dir.appendingPathComponent("ft")
        try FileManager.default.createDirectory(at: tpl, withIntermediateDirectories: true)
        try "name: ft\nmasters:\n  default:\n    frames:\n      - {x: 10mm, y: 5mm, width: 90mm, height: 20pt, text: \"{chapter}\"}\n"
            .write(to: tpl.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
        let field = try folio(["render", input, "-t", tpl.path, "-o", out])
        XCTAssertEqual(field.status, 1)
        XCTAssertTrue(field.stderr.contains("template.yaml:5:9: unknown field {chapter}"), field.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        // A front-matter variable of that name makes it a field.
        try "---\nchapter: One\n---\nWords.\n".write(toFile: input, atomically: true, encoding: .utf8)
        XCTAssertEqual(try folio(["render", input, "-t", tpl.path, "-o", out]).status, 0)
        XCTAssertTrue(try pdfText(out).contains("One"))
    }
}

extension TemplateCommandTests {
    func testALanguageWithoutADictionaryWarnsAndStillRenders() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("---\nlang: fr\n---\n\nBonjour le monde.\n", "fr.md", in: dir)
        let result = try folio(["render", input])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("no hyphenation dictionary for language 'fr'"), result.stderr)
    }

    func testABodySizeThatPushesOtherStylesOutOfRangeNamesTheFlag() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("# Big\n\nText.\n", "big.md", in: dir)
        let result = try folio(["render", input, "--size", "999"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("error: --size 999: "), result.stderr)
        XCTAssertFalse(result.stderr.contains("template.yaml"), result.stderr)
    }
}

extension TemplateCommandTests {
    func testDashWritesThePDFToStandardOutput() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("# Piped\n\nText for a pipe.\n", "p.md", in: dir)
        let result = try folio(["render", input, "-o", "-"], environment: epoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("%PDF-"), String(result.stdout.prefix(20)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
    }
}
