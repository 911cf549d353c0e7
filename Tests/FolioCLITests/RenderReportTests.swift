import FolioDocument
import FolioTestSupport
import Foundation
import XCTest
@testable import folio

/// What `folio render` leaves behind and tells: `-o -` goes through a private temporary
/// file it removes; `-v` names every style's font and a missing font is reported for
/// every request that lacks it.
final class RenderReportTests: XCTestCase {
    // MARK: -o - (standard output)

    /// The folder is made by mkdtemp: a fresh name each time, inside the folder given,
    /// open to this user only (0700), so no one can plant a file or link where the PDF
    /// is written or read it there.
    func testThePrivateFolderIsFreshAndClosedToOthers() throws {
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let a = try Render.makePrivateFolder(in: parent.path), b = try Render.makePrivateFolder(in: parent.path)
        XCTAssertNotEqual(a, b)
        for folder in [a, b] {
            XCTAssertEqual(URL(fileURLWithPath: folder).deletingLastPathComponent().path, parent.path)
            XCTAssertFalse(folder.contains("\(getpid())"), "no name made from the process id: \(folder)")
            var info = stat()
            XCTAssertEqual(stat(folder, &info), 0)
            XCTAssertEqual(info.st_mode & S_IFMT, S_IFDIR)
            XCTAssertEqual(info.st_mode & 0o777, 0o700, folder)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
        }
        XCTAssertThrowsError(try Render.makePrivateFolder(in: parent.appendingPathComponent("missing").path)) {
            XCTAssertTrue("\($0)".hasPrefix("cannot create a temporary folder in \(parent.path)/missing: "), "\($0)")
        }
    }

    /// `-o -` writes the same bytes `-o FILE` does, and leaves nothing in the temporary
    /// folder (TMPDIR), after a render or after a failed one.
    func testStandardOutputGetsThePDFAndNothingIsLeftBehind() throws {
        let dir = try makeTemporaryDirectory(), tmp = try makeTemporaryDirectory("folio-tmpdir")
        defer { try? FileManager.default.removeItem(at: dir); try? FileManager.default.removeItem(at: tmp) }
        let input = try write("# Piped\n\nText for a pipe.\n", "p.md", in: dir)
        let file = dir.appendingPathComponent("p.pdf").path
        let environment = fixedEpoch.merging(["TMPDIR": tmp.path]) { $1 }
        XCTAssertEqual(try folio(["render", input, "-o", file], environment: environment).status, 0)
        let bytes = try pdfBytesOnStandardOutput(["render", input, "-o", "-"], environment: environment)
        XCTAssertEqual(bytes, FileManager.default.contents(atPath: file), "the same PDF as -o FILE, byte for byte")
        // The built-in template is kept in the temporary folder between runs; nothing else is.
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: tmp.path).filter { !$0.hasPrefix("folio-templates-") }
        }
        XCTAssertEqual(try leftovers(), [], "temporary files left behind")
        let bad = try write("Text.\n\n{.nosuch}\nMore.\n", "bad.md", in: dir)
        let failed = try folio(["render", bad, "-o", "-"], environment: environment)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stdout, "")
        XCTAssertTrue(failed.stderr.contains("bad.md:3:"), failed.stderr)
        XCTAssertEqual(try leftovers(), [], "temporary files left behind by a failed render")
    }

    /// The exact bytes `folio arguments` writes to standard output (the process runner
    /// reads text; a PDF is binary).
    private func pdfBytesOnStandardOutput(_ arguments: [String], environment: [String: String]) throws -> Data {
        let process = Process()
        process.executableURL = try folioExecutable()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Closed here: Foundation's `Process` may keep its pipes past the run.
        defer { try? out.fileHandleForReading.close() }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return data
    }

    // MARK: Fonts named

    /// -v has a line for every style with a font — not one per family: the headings
    /// share DejaVu Sans with the footer and differ in weight and size.
    func testVerboseNamesEveryStylesFont() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try write("# Title\n\nSome words.\n", "v.md", in: dir)
        let r = try folio(["render", input, "-o", dir.appendingPathComponent("v.pdf").path, "-v"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let notes = r.stderr.split(separator: "\n").filter { $0.hasPrefix("folio: style '") }.map(String.init)
        let sheet = try StyleSheet(template: BuiltinTemplates.template(named: "default"))
        let withFonts = sheet.names.filter { sheet.style($0)?.attributes.font != nil }
        XCTAssertEqual(notes.map { String($0.split(separator: "'")[1]) }, ["body"] + withFonts.filter { $0 != "body" },
                       "every style with a font, once, the body first")
        for line in ["folio: style 'body': DejaVu Serif 10.5 pt",
                     "folio: style 'heading-1': DejaVu Sans bold 16 pt",
                     "folio: style 'heading-2': DejaVu Sans bold 12.5 pt",
                     "folio: style 'footer': DejaVu Sans 8.5 pt",
                     "folio: style 'author': DejaVu Serif italic 10.5 pt",
                     "folio: style 'strong': DejaVu Serif bold 10.5 pt (on body text)"] {
            XCTAssertTrue(notes.contains(line), "no “\(line)” in\n\(r.stderr)")
        }
    }

    /// A style asking for a missing font is reported even when another style asked for
    /// the same first family with a fallback that is installed (before, the family was
    /// reported once, by whichever style came first, and then never again); so is a
    /// document's own request that differs from every style's.
    func testEveryRequestForAMissingFontIsReported() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("t"), withIntermediateDirectories: true)
        try write("""
        extends: default
        styles:
          author: {parent: body, font: "Nosuchfont Face, DejaVu Sans", style: italic}
          subtitle: {parent: body, font: "Nosuchfont Face", size: 13pt}
          title: {parent: body, font: "Nosuchfont Face", size: 22pt}
        """, "t/template.yaml", in: dir)
        let input = try write("A [fallback]{font=\"Nosuchfont Other, DejaVu Serif\"} here.\n\nA [word]{font=\"Nosuchfont Other\"} there.\n",
                              "f.md", in: dir)
        let r = try folio(["render", input, "-t", dir.appendingPathComponent("t").path, "-o", dir.appendingPathComponent("f.pdf").path, "-v"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let used = try XCTUnwrap(r.stderr.firstMatch(of: /font 'Nosuchfont Face' is not installed; using '([^']+)' instead \(styles 'subtitle', 'title'\)/),
                                 r.stderr).1
        XCTAssertEqual(r.stderr.occurrences(of: "'Nosuchfont Face' is not installed"), 1, "one warning for the request, naming its styles")
        XCTAssertFalse(r.stderr.contains("style 'author')"), "author's list has an installed fallback: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("folio: style 'author': DejaVu Sans italic 10.5 pt\n"), r.stderr)
        XCTAssertTrue(r.stderr.contains("folio: style 'subtitle': \(used) 13 pt\n"), "the font actually used: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("f.md: font 'Nosuchfont Other' is not installed; using '"), r.stderr)
        XCTAssertTrue(r.stderr.contains("(for “A word there.”)"), r.stderr)
        XCTAssertFalse(r.stderr.contains("A fallback here."), "an installed fallback is no warning: \(r.stderr)")
    }
}
