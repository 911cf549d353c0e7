import FolioDocument
@testable import FolioRender
import Foundation
import XCTest

/// Runs whose every glyph's text cairo's font subsets already hold are drawn without the
/// text (`GlyphTextMap`): the file must be the one drawing every run with its text gives.
final class GlyphTextMapTests: RenderTestCase {
    private let date = PDFMetadata(creationDate: Date(timeIntervalSince1970: 1_000_000_000))

    /// `manager`'s containers written with and without the map, on `pages` pages.
    private func bothWays(_ manager: LayoutManager, pages: Int = 2) throws -> (with: Data, without: Data) {
        func written(_ name: String, map: Bool) throws -> Data {
            let pdf = try PDFDocument(path: path(name), metadata: date)
            pdf.drawsKnownGlyphsWithoutText = map
            for _ in 0..<pages {
                pdf.beginPage(size: Size(width: 500, height: 400))
                for k in manager.textContainers.indices { pdf.draw(manager, containerAt: k, at: Point(x: 20 + 160 * Double(k), y: 30)) }
                pdf.endPage()
            }
            try pdf.finish()
            return try XCTUnwrap(FileManager.default.contents(atPath: path(name)))
        }
        return (try written("with.pdf", map: true), try written("without.pdf", map: false))
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
