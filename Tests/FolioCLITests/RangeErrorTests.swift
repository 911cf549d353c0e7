import FolioTestSupport
import Foundation
import XCTest

/// Every length, size and count has a range; out of range is an error naming the field,
/// the range and the place — never a trap, a hang or a PDF with numbers no reader takes
/// (issue 12).
final class RangeErrorTests: XCTestCase {
    private func run(_ markdown: String, _ arguments: [String] = [], template yaml: String? = nil) throws -> ProcessResult {
        let dir = try makeTemporaryDirectory()
        let doc = try write(markdown, "doc.md", in: dir)
        var extra = arguments
        if let yaml {
            let folder = dir.appendingPathComponent("tpl")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try write(yaml, "template.yaml", in: folder)
            extra += ["-t", folder.path]
        }
        let out = dir.appendingPathComponent("doc.pdf").path
        let result = try folio(["render", doc, "-o", out, "-q"] + extra, environment: fixedEpoch, timeout: 60)
        if result.status == 0 { XCTAssertEqual(try qpdfCheck(out).status, 0, "every PDF written is valid") }
        else { XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no PDF after an error") }
        return result
    }

    private func assertError(_ result: ProcessResult, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNotEqual(result.status, 0, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(expected), result.stderr, file: file, line: line)
    }

    /// A language tag reaches Foundation's locales (which crashed on an Arabic letter in
    /// one, found by fuzzing) and libhyphen's file names: every way in checks it.
    func testLanguageTagsAreCheckedWhereverTheyComeIn() throws {
        let bad = "\u{75A}n-GB"
        assertError(try run("---\nlang: \(bad)\n---\n\nText.\n"), "doc.md:2:7: lang must be a language tag such as en-GB or zh-Hans (got '\(bad)')")
        assertError(try run("Some [text]{lang=\(bad)}.\n"), "lang must be a language tag such as en-GB or zh-Hans")
        assertError(try run("Text.\n", ["--set", "lang=\(bad)"]), "--set lang must be a language tag such as en-GB or zh-Hans")
        assertError(try run("Text.\n", ["--hyphenate", "../../etc/passwd"]), "--hyphenate")
        // Through data, a malformed tag cannot be refused where it is written: dates and
        // numbers are then formatted as in en_US_POSIX, and the render goes on.
        let dir = try makeTemporaryDirectory()
        let data = try write("{\"lang\": \"\(bad)\", \"when\": \"2026-11-26\"}", "data.json", in: dir)
        let merged = try run("---\nlang: \"{{lang}}\"\n---\n\nOn {{date(when)}}.\n", ["--data", data])
        XCTAssertNotEqual(merged.stderr, "", "a message at least")
        XCTAssertFalse(merged.stderr.contains("Fatal error"), merged.stderr)
    }

    func testDocumentAttributesOutOfRangeAreErrorsAtTheirPlace() throws {
        let cases = [
            ("First.\n\n{space-before=-1e308pt}\nSecond.\n", "doc.md:3:2: space-before must be from 0pt to 14400pt (got -1e+308pt)"),
            ("{space-after=-5pt}\nFirst.\n\nSecond.\n", "doc.md:1:2: space-after must be from 0pt to 14400pt (got -5pt)"),
            ("{line-spacing=1e9pt}\nText.\n", "line-spacing must be from 0pt to 14400pt"),
            ("{tail-indent=-1e30pt}\nText.\n\n    code\n", "tail-indent must be from -14400pt to 14400pt"),
            ("A [b]{stroke-width=1e30pt} c.\n", "stroke-width must be from -100pt to 100pt"),
            ("A [b]{tracking=5000pt} c.\n", "tracking must be from -1000pt to 1000pt"),
            ("A [b]{baseline-offset=1e20pt} c.\n", "baseline-offset must be from -1000pt to 1000pt"),
            ("A [b]{shadow=\"1e9pt 1pt\"} c.\n", "shadow must be from -1000pt to 1000pt"),
            ("A [b]{obliqueness=1e9} c.\n", "obliqueness must be from -1.0 to 1.0"),
            ("{line-height=1e9}\nText.\n", "line-height must be from 0 to 100"),
            ("A [b]{size=1e9em} c.\n", "size must be"),
        ]
        for (markdown, expected) in cases { assertError(try run(markdown), expected) }
    }

    func testLimitsThemselvesAreAccepted() throws {
        let result = try run("{space-before=14400pt line-spacing=0pt tail-indent=-20pt}\nText [b]{tracking=-1000pt stroke-width=100pt obliqueness=-1} c.\n")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testTemplateNumbersOutOfRangeAreErrorsAtTheirLine() throws {
        let text = "# One\n\nText.\n\n# Two\n\nMore.\n"
        assertError(try run(text, template: "name: t\npage:\n  size: 1e308ptx1e308pt\n"),
                    "template.yaml:3:9: '1e308ptx1e308pt' is not a paper size")
        assertError(try run(text, template: "name: t\npage:\n  first-number: 9223372036854775807\n"),
                    "template.yaml:3:17: first-number must be a whole number from 0 to 1000000")
        assertError(try run(text, template: "name: t\nmasters:\n  default:\n    frames:\n      - {x: 0, y: 0, width: 10mm, height: 1e30pt, text: \"{page}\"}\n"),
                    "a length must be from -14400pt to 14400pt (got 1e+30pt)")
        assertError(try run(text, template: "name: t\nstyles:\n  body: {space-before: -1e308pt}\n"),
                    "space-before must be from 0pt to 14400pt")
        assertError(try run(text, template: "name: t\npage:\n  gutter: -3mm\n"), "gutter must be from 0pt to 14400pt")
        let largest = try run(text, template: "name: t\npage:\n  size: 14400ptx14400pt\n  first-number: 1000000\n")
        XCTAssertEqual(largest.status, 0, largest.stderr)
    }

    func testFlagsOutOfRangeAreErrorsNamingTheFlag() throws {
        assertError(try run("Text.\n", ["--paper", "1e308ptx1e308pt"]), "--paper '1e308ptx1e308pt' is not a paper size")
        assertError(try run("Text.\n", ["--margin", "1e9pt"]), "--margin must be at most 14400pt")
        assertError(try run("Text.\n", ["--columns", "9223372036854775807"]), "--columns must be from 1 to 64 (got 9223372036854775807)")
        assertError(try run("Text.\n", ["--leading", "1e9"]), "--leading must be above 0 and at most 14400pt")
        assertError(try run("Text.\n", ["--set", "body.space-after=-1e308pt"]), "space-after must be from 0pt to 14400pt")
    }
}
