import FolioTestSupport
import Foundation
import XCTest

/// Each layout option of `folio render` has the effect it promises in the PDF, every
/// value `validate()` refuses is refused with its message, and -v / --version say what
/// they should.
final class RenderOptionTests: XCTestCase {
    /// One long paragraph of plain text, so every line but the last is a full one.
    private let paragraph = (1...12).map { _ in "The compositor sets each line of this paragraph to the measure the page allows, and the reader follows it from edge to edge." }
        .joined(separator: " ") + " The end."

    /// Renders `text` (plain text) with the default template and `options`; the PDF's path.
    private func render(_ options: [String], text: String? = nil, in dir: URL, name: String = "o") throws -> String {
        let input = try write(text ?? paragraph, "\(name).txt", in: dir)
        let out = dir.appendingPathComponent("\(name).pdf").path
        let result = try folio(["render", input, "-o", out, "-q"] + options, environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, "\(options): \(result.stderr)")
        return out
    }

    /// The body's lines on page 1: lines of several words (the folio at the foot is one).
    private func bodyLines(_ pdf: String) throws -> [PDFLine] {
        try pdfLines(pdf, first: 1).filter { $0.words.count >= 3 }
    }

    private func spread(_ values: [Double]) -> Double { (values.max() ?? 0) - (values.min() ?? 0) }

    // The default template: A4, 27 mm inner and outer margins.
    private let left = 27 / 25.4 * 72, right = 595.276 - 27 / 25.4 * 72

    func testAlignSetsTheBodysAlignment() throws {
        let dir = try makeTemporaryDirectory()
        for align in ["left", "right", "center", "justify"] {
            let lines = try bodyLines(try render(["--align", align, "--hyphenate", "none"], in: dir, name: align))
            XCTAssertGreaterThan(lines.count, 8, align)
            // The first line is indented (1.5 em), the last is short: the ones between are full.
            let middle = Array(lines.dropFirst().dropLast())
            switch align {
            case "left":
                XCTAssertEqual(spread(middle.map(\.xMin)), 0, accuracy: 0.05, "left edges")
                XCTAssertEqual(middle[0].xMin, left, accuracy: 0.5)
                XCTAssertGreaterThan(spread(middle.map(\.xMax)), 5, "ragged right")
            case "right":
                XCTAssertEqual(spread(lines.map(\.xMax)), 0, accuracy: 0.15, "right edges")
                XCTAssertEqual(lines[0].xMax, right, accuracy: 0.5)
                XCTAssertGreaterThan(spread(middle.map(\.xMin)), 5, "ragged left")
            case "center":
                XCTAssertEqual(spread(middle.map(\.midX)), 0, accuracy: 0.1, "centres")
                XCTAssertEqual(middle[0].midX, (left + right) / 2, accuracy: 0.5)
                XCTAssertGreaterThan(spread(middle.map(\.xMin)), 5, "ragged both sides")
            default:
                XCTAssertEqual(spread(middle.map(\.xMin)), 0, accuracy: 0.05, "left edges")
                // Lines ending in a letter end at the edge; punctuation hangs a little past it.
                let flush = lines.dropLast().filter { !hangsAtEnd($0.words.last!.text) }
                XCTAssertGreaterThan(flush.count, 3)
                XCTAssertEqual(spread(flush.map(\.xMax)), 0, accuracy: 0.15, "right edges")
                XCTAssertEqual(flush[0].xMax, right, accuracy: 0.5)
                XCTAssertTrue(lines.dropLast().allSatisfy { $0.xMax <= right + hangingAllowance })
                XCTAssertLessThan(lines.last!.xMax, right - 5, "the last line is not stretched")
            }
        }
    }

    func testLeadingSetsTheBaselineDistance() throws {
        let dir = try makeTemporaryDirectory()
        for leading in [13.0, 21.5] {
            let pdf = try render(["--leading", "\(leading)", "--hyphenate", "none"], in: dir, name: "l\(leading)")
            let tops = try bodyLines(pdf).map(\.yMin)
            XCTAssertGreaterThan(tops.count, 8)
            for (a, b) in zip(tops, tops.dropFirst()) { XCTAssertEqual(b - a, leading, accuracy: 0.01, "--leading \(leading)") }
        }
    }

    /// The body is set at the size asked for: word heights scale with it (same font), and
    /// a smaller size fits more words on a line.
    func testSizeSetsTheBodyFontSize() throws {
        let dir = try makeTemporaryDirectory()
        let small = try bodyLines(try render(["--size", "8"], in: dir, name: "s8"))
        let large = try bodyLines(try render(["--size", "16"], in: dir, name: "s16"))
        let ratio = median(small.flatMap(\.words).map(\.height)) / median(large.flatMap(\.words).map(\.height))
        XCTAssertEqual(ratio, 0.5, accuracy: 0.01)
        XCTAssertGreaterThan(Double(small[1].words.count), 1.7 * Double(large[1].words.count), "twice as many words a line")
    }

    func testFontSetsTheBodyFontAndFallsBackInOrder() throws {
        let dir = try makeTemporaryDirectory()
        XCTAssertFalse(try pdfFontNames(try render([], in: dir, name: "plain")).contains("DejaVuSansMono"))
        // Set ragged: justification may scale glyphs a little (font expansion).
        let mono = try render(["--font", "DejaVu Sans Mono", "--align", "left"], in: dir, name: "mono")
        let monoFonts = try pdfFontNames(mono)
        XCTAssertTrue(monoFonts.contains("DejaVuSansMono"), monoFonts.joined(separator: ", "))
        // Monospaced: every letter as wide as the next, so words' widths go by their length.
        let words = try bodyLines(mono).flatMap(\.words).filter { $0.text.allSatisfy(\.isLetter) }
        let perLetter = words.map { $0.width / Double($0.text.count) }
        XCTAssertEqual(spread(perLetter), 0, accuracy: 0.01)
        // A list falls back to the first family installed, with no warning.
        let input = try write(paragraph, "list.txt", in: dir)
        let list = dir.appendingPathComponent("list.pdf").path
        let result = try folio(["render", input, "-o", list, "--font", "No Such Family, DejaVu Sans Mono"], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(try pdfFontNames(list).contains("DejaVuSansMono"))
    }

    /// en-US hyphenates long words at the end of narrow justified lines; none never does.
    func testHyphenateChoosesWhetherWordsAreHyphenated() throws {
        let dir = try makeTemporaryDirectory()
        let text = (1...6).map { _ in "Notwithstanding considerable typographical responsibilities, incomprehensibly international correspondence accumulates unpredictably." }
            .joined(separator: " ")
        let narrow = ["--paper", "a5", "--margin", "15mm", "--columns", "2", "--align", "justify"]
        func endsWithHyphen(_ pdf: String) throws -> Int {
            try pdfLines(pdf).filter { $0.words.last?.text.hasSuffix("-") == true }.count
        }
        let hyphenated = try render(narrow + ["--hyphenate", "en-US"], text: text, in: dir, name: "en")
        XCTAssertGreaterThan(try endsWithHyphen(hyphenated), 2)
        let none = try render(narrow + ["--hyphenate", "none"], text: text, in: dir, name: "none")
        XCTAssertEqual(try endsWithHyphen(none), 0)
        // The same words either way.
        XCTAssertEqual(try pdfFlatText(hyphenated), try pdfFlatText(none))
    }

    /// Every check of `Render.validate()`: a usage error (exit 64) naming the option, and
    /// nothing written.
    func testValidateRefusesEachBadValue() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("Words.\n", "v.md", in: dir)
        let out = dir.appendingPathComponent("v.pdf").path
        let cases: [([String], String)] = [
            (["--columns", "0"], "--columns must be from 1 to 64 (got 0)"),
            (["--columns=-2"], "--columns must be from 1 to 64 (got -2)"),
            (["--columns", "65"], "--columns must be from 1 to 64 (got 65)"),
            (["--size", "0"], "--size must be between 0 and 1000 points (got 0.0)"),
            (["--size", "1000"], "--size must be between 0 and 1000 points (got 1000.0)"),
            (["--size", "nan"], "--size must be between 0 and 1000 points (got nan)"),
            (["--leading", "0"], "--leading must be above 0 and at most 14400pt (got 0.0)"),
            (["--leading=-12"], "--leading must be above 0 and at most 14400pt (got -12.0)"),
            (["--margin=-1cm"], "--margin cannot be negative"),
            (["--gutter=-2mm"], "--gutter cannot be negative"),
            (["--set", "title"], "--set takes KEY=VALUE (got 'title')"),
            (["--set", "=x"], "--set takes KEY=VALUE (got '=x')"),
            (["-q", "-v"], "--quiet and --verbose cannot be used together"),
        ]
        for (options, message) in cases {
            let result = try folio(["render", input, "-o", out] + options)
            XCTAssertEqual(result.status, 64, "\(options): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("Error: \(message)"), "\(options): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("Usage: folio render"), "\(options): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(options)")
        }
    }

    func testVersionPrintsTheVersionTheSourcesDeclare() throws {
        let result = try folio(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
        // The version is the one in the command's configuration.
        let sources = repositoryDirectory.appendingPathComponent("Sources/folio")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        let declared = try files.lazy.compactMap { file in
            try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8).firstMatch(of: /version: "([^"]+)"/).map { String($0.1) }
        }.first
        XCTAssertEqual(result.stdout, "\(try XCTUnwrap(declared))\n")
    }

    /// -v names the template and each style's font and size and times each step; without it
    /// only the page count is printed; -q prints nothing.
    func testVerboseQuietAndDefaultOutput() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("# Title\n\nSome words.\n", "v.md", in: dir)
        let out = dir.appendingPathComponent("v.pdf").path
        let verbose = try folio(["render", input, "-o", out, "-v"])
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        XCTAssertEqual(verbose.stdout, "\(out): 1 page\n")
        XCTAssertTrue(verbose.stderr.contains("folio: template 'default'"), verbose.stderr)
        // The body first, then every other style (RenderReportTests), sizes as people write them.
        XCTAssertTrue(verbose.stderr.contains("folio: template 'default' (built-in template 'default')\nfolio: style 'body': DejaVu Serif 10.5 pt\n"), verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("folio: style 'code': DejaVu Sans Mono 8.92 pt\n"), verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("folio: style 'footer': DejaVu Sans 8.5 pt\n"), verbose.stderr)
        XCTAssertNotNil(verbose.stderr.firstMatch(of: /folio: read \d+\.\d{3} s, template \d+\.\d{3} s, styled \d+\.\d{3} s, set and written \d+\.\d{3} s \(\d+\.\d{3} s in all\)\n/),
                        verbose.stderr)
        let plain = try folio(["render", input, "-o", out])
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.stdout, "\(out): 1 page\n")
        XCTAssertEqual(plain.stderr, "")
        let quiet = try folio(["render", input, "-o", out, "-q"])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stdout + quiet.stderr, "")
    }
}
