import FolioDocument
@testable import FolioRender
import Foundation
import XCTest

/// Runs whose every glyph's text cairo's font subsets already hold are drawn without the
/// text (`GlyphTextMap`): the file must be the one drawing every run with its text gives.
final class GlyphTextMapTests: RenderTestCase {
    private let date = PDFMetadata(creationDate: Date(timeIntervalSince1970: 1_000_000_000))

    /// `manager`'s containers written with and without the map, on `pages` pages (each
    /// container at `origins`, by default side by side), and how many runs the map knew.
    private func bothWays(_ manager: LayoutManager, pages: Int = 2,
                          origins: [Point]? = nil) throws -> (with: Data, without: Data, known: Int) {
        func written(_ name: String, map: Bool) throws -> (Data, Int) {
            let pdf = try PDFDocument(path: path(name), metadata: date)
            pdf.drawsKnownGlyphsWithoutText = map
            for _ in 0..<pages {
                pdf.beginPage(size: Size(width: 500, height: 400))
                let places = origins ?? manager.textContainers.indices.map { Point(x: 20 + 160 * Double($0), y: 30) }
                for (k, origin) in places.enumerated() { pdf.draw(manager, containerAt: k % manager.textContainers.count, at: origin) }
                pdf.endPage()
            }
            try pdf.finish()
            return (try XCTUnwrap(FileManager.default.contents(atPath: path(name))), pdf.glyphTexts.runsKnown)
        }
        let with = try written("with.pdf", map: true), without = try written("without.pdf", map: false)
        return (with.0, without.0, with.1)
    }

    /// Lines in Noto Sans CJK (which draws U+002D and U+2011 with one glyph, and U+0020 and
    /// U+00A0 with another), the `k`-th given `attributes[k]`: over the line's bytes in
    /// `range`, or all of it.
    private func cjkLines(_ lines: [String],
                          attributes: [Int: (range: Range<Int>?, TextAttributes)] = [:]) throws -> LayoutManager {
        let manager = layout(lines.joined(separator: "\n"), family: "Noto Sans CJK SC", size: 12, width: 300,
                             containers: 1, alignment: .left)
        var offset = 0
        for (k, line) in lines.enumerated() {
            let length = line.utf8.count
            if let (range, a) = attributes[k] {
                let r = range ?? 0..<length
                manager.textStorage.addAttributes(a, range: (offset + r.lowerBound)..<(offset + r.upperBound))
            }
            offset += length + 1
        }
        manager.ensureLayout()
        guard manager.lineFragments.flatMap(\.glyphRuns).allSatisfy({ $0.font.familyName.contains("CJK") }) else {
            throw XCTSkip("the test needs the Noto CJK face (scripts/install-deps.sh installs it)")
        }
        return manager
    }

    func testTheFileIsTheSameWithAndWithoutTheMap() throws {
        // Ligatures (clusters of two characters), right-to-left runs, expanded and slanted
        // sizes of one face, a fallback face, accents, a noncharacter (drawn without text),
        // and words met again and again.
        let paragraph = """
        Office affine flow, fluffy waffles. Hello שלום עולם world; العربية نص. Café naïve \
        Ærø Œuvre – “quotes” and ‘quotes’ ☃ 漢字 mixed. Bad \u{FFFE} char. \
        Office affine flow, fluffy waffles, again and again and again.
        """
        let manager = layout(String(repeating: paragraph + "\n", count: 6), family: "DejaVu Sans", size: 10, width: 150, containers: 3)
        let s = manager.textStorage
        s.addAttributes(TextAttributes(expansion: 1.1), range: 0..<40)
        s.addAttributes(TextAttributes(obliqueness: 0.2), range: 60..<90)
        manager.ensureLayout()
        let files = try bothWays(manager)
        XCTAssertEqual(files.with, files.without)
        XCTAssertGreaterThan(files.known, 20, "most runs drawn without their text")
        let written = path("with.pdf")
        try assertValidPDF(written)
        let extracted = try text(of: written)
        XCTAssertEqual(extracted.components(separatedBy: "again").count - 1, 6 * 3 * 2, "every paragraph on both pages: \(extracted)")
        XCTAssertTrue(extracted.contains("Office"), extracted)
    }

    func testAGlyphShownForTwoCharactersKeepsBoth() throws {
        // Noto Sans CJK draws U+002D HYPHEN-MINUS and U+2011 NON-BREAKING HYPHEN with one
        // glyph: once a run has shown it for one, a run with the other must carry its text,
        // and so must every later one, whichever character it stands for.
        for first in ["-", "\u{2011}"] {
            let other = first == "-" ? "\u{2011}" : "-"
            let lines = ["ab\(first)ab", "ab\(other)ab", "ab\(other)ab", "ab\(first)ab", "ab\(first)ab"]
            let manager = layout(lines.joined(separator: "\n"), family: "Noto Sans CJK SC", size: 12, width: 300,
                                 containers: 1, alignment: .left)
            XCTAssertTrue(manager.lineFragments(inContainerAt: 0).allSatisfy { $0.glyphRuns.allSatisfy { $0.font.familyName.contains("CJK") } },
                          "the test needs the Noto CJK face (scripts/install-deps.sh installs it)")
            let files = try bothWays(manager, pages: 1)
            XCTAssertEqual(files.with, files.without)
            let extracted = try text(of: path("with.pdf")).split(separator: "\n").map(String.init)
            XCTAssertEqual(Array(extracted.prefix(5)), lines, "first \(first == "-" ? "U+002D" : "U+2011")")
        }
    }

    func testRunsCairoDoesNotMapTeachTheMapNothing() throws {
        // cairo maps no glyph of a run it does not draw: one in a clear colour, one far
        // outside the page (taking either out of `PageCanvas.mapsEveryGlyph` fails this).
        // Had the map learned from those, the visible runs after them would go without
        // text, and cairo would take the font's own character for the shared glyph (U+002D
        // for U+2011). A run of spaces alone, with no ink, is not learned from either.
        let clear = TextAttributes(foregroundColor: Color(red: 0, green: 0, blue: 0, alpha: 0))
        let cases: [(String, LayoutManager, [Point]?)] = [
            ("clear", try cjkLines(["ab", "ab\u{2011}ab", "ab\u{2011}ab"], attributes: [1: (nil, clear)]), nil),
            // A red no-break space between black letters is a run of its own, with no ink.
            ("spaces", try cjkLines(["ab", "ab\u{00A0}ab", "ab\u{00A0}ab"], attributes: [1: (2..<4, TextAttributes(foregroundColor: .red))]), nil),
            ("off the page", try cjkLines(["ab\u{2011}ab"]), [Point(x: -5000, y: 30), Point(x: 20, y: 30)]),
        ]
        for (name, manager, origins) in cases {
            let files = try bothWays(manager, pages: 1, origins: origins)
            XCTAssertEqual(files.with, files.without, name)
        }
        let extracted = try text(of: path("with.pdf"))
        XCTAssertTrue(extracted.contains("ab\u{2011}ab"), extracted)
    }

    func testOneCharacterIsDecodedFromItsBytes() {
        func scalar(_ s: String, at offset: Int = 0, bytes: Int) -> UInt32? {
            Array(s.utf8).withUnsafeBufferPointer { GlyphTextMap.scalar(in: $0, at: offset, byteCount: bytes) }
        }
        XCTAssertEqual(scalar("a", bytes: 1), 0x61)
        XCTAssertEqual(scalar("é", bytes: 2), 0xE9)
        XCTAssertEqual(scalar("漢", bytes: 3), 0x6F22)
        XCTAssertEqual(scalar("𝄞", bytes: 4), 0x1D11E)
        XCTAssertNil(scalar("fi", bytes: 2), "two characters")
        XCTAssertNil(scalar("é", bytes: 1), "part of a character")
        XCTAssertNil(scalar("é", at: 1, bytes: 1), "a continuation byte")
        XCTAssertNil(scalar("a", bytes: 2), "past the end")
    }
}
