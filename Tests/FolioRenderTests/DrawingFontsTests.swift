import CCairo
@testable import FolioRender
import FolioText
import Foundation
import XCTest

/// Glyphs are drawn with cairo fonts on FreeType faces Folio opened itself
/// (`DrawingFonts`), which cairo never closes under another thread: the file must be the
/// one Pango's own cairo fonts give, and each font file is opened once in the process.
final class DrawingFontsTests: RenderTestCase {
    private let date = PDFMetadata(creationDate: Date(timeIntervalSince1970: 1_000_000_000))

    /// Text in more than ten font files (cairo closes one of its own past ten), at several
    /// sizes of each, slanted and expanded, with a CJK fallback face.
    private func manyFaces() -> LayoutManager {
        let families = ["DejaVu Serif", "DejaVu Sans", "DejaVu Sans Mono", "Noto Serif CJK SC", "Noto Sans CJK SC"]
        var text = "", runs: [(Range<Int>, TextAttributes)] = []
        for family in families {
            for (style, weight) in [(FontStyle.normal, FontWeight.regular), (.italic, .regular), (.normal, .bold), (.italic, .bold)] {
                for size in [8.0, 11, 17.5] {
                    let line = "Office flow \(family) \(size) 排版 “quoted” — naïve.\n"
                    var font = FontDescriptor(families: [family], size: size)
                    font.style = style
                    font.weight = weight
                    let start = text.utf8.count
                    text += line
                    runs.append((start..<text.utf8.count, TextAttributes(font: font)))
                }
            }
        }
        let manager = layout(text, width: 400, containers: 1, alignment: .left)
        for (range, attributes) in runs { manager.textStorage.addAttributes(attributes, range: range) }
        manager.textStorage.addAttributes(TextAttributes(expansion: 1.05), range: 0..<30)
        manager.textStorage.addAttributes(TextAttributes(obliqueness: 0.2), range: 40..<70)
        manager.textContainers[0].size = Size(width: 400, height: 4000)
        manager.ensureLayout()
        return manager
    }

    private func written(_ manager: LayoutManager, _ name: String, ownFaces: Bool, outlinesAhead: Bool = true,
                         fonts: ((DrawingFonts) -> Void)? = nil) throws -> Data {
        let pdf = try PDFDocument(path: path(name), metadata: date)
        pdf.fonts.usesOwnFaces = ownFaces
        pdf.fonts.loadsOutlinesAhead = outlinesAhead
        defer { fonts?(pdf.fonts) }
        pdf.beginPage(size: Size(width: 440, height: 4000))
        pdf.draw(manager, containerAt: 0, at: Point(x: 20, y: 20))
        pdf.endPage()
        try pdf.finish()
        return try XCTUnwrap(FileManager.default.contents(atPath: path(name)))
    }

    func testTheFileIsTheOnePangosFontsGive() throws {
        let manager = manyFaces()
        // Faces by family, weight and slant: DejaVu alone has twelve files here.
        let runs = manager.lineFragments.flatMap(\.glyphRuns)
        let faces = Set(runs.map { "\($0.font.familyName) \($0.font.weight) \($0.font.isSlanted)" })
        XCTAssertGreaterThan(faces.count, 10, "more faces than cairo keeps open: \(faces.sorted())")
        let fallbacks = DrawingFonts.fallbacks
        let own = try written(manager, "own.pdf", ownFaces: true)
        XCTAssertEqual(own, try written(manager, "pango.pdf", ownFaces: false))
        try assertValidPDF(path("own.pdf"))
        let extracted = try text(of: path("own.pdf"))
        XCTAssertTrue(extracted.contains("Office flow DejaVu Sans Mono 17.5"), extracted)
        // Every font was drawn with a face of Folio's, none with Pango's own.
        XCTAssertEqual(DrawingFonts.fallbacks, fallbacks)
        let fonts = DrawingFonts()
        for font in Set(runs.map(\.font)) {
            XCTAssertNotEqual(fonts.scaledFont(for: font), font.cairoScaledFont, "\(font) drawn with Pango's own cairo font")
        }
    }

    func testEachFontFileIsOpenedOnce() throws {
        _ = try written(manyFaces(), "first.pdf", ownFaces: true)
        let opened = DrawingFonts.openedFaces
        // Another document in the same fonts, laid out afresh (new Pango fonts), opens
        // no file again.
        _ = try written(manyFaces(), "second.pdf", ownFaces: true)
        XCTAssertEqual(DrawingFonts.openedFaces, opened)
        XCTAssertEqual(FileManager.default.contents(atPath: path("first.pdf")), FileManager.default.contents(atPath: path("second.pdf")))
    }

    /// The outlines of CFF glyphs are loaded with their metrics before they are drawn
    /// (one FreeType load instead of two): for the faces of CFF outlines only, every glyph
    /// drawn in them, and the file the same as without.
    func testCFFOutlinesAreLoadedAheadToTheSameFile() throws {
        let manager = manyFaces()
        var cjkRuns = 0
        let ahead = try written(manager, "ahead.pdf", ownFaces: true) { fonts in
            for run in manager.lineFragments.flatMap(\.glyphRuns) {
                guard let drawn = fonts.scaledFont(for: run.font), let face = cairo_scaled_font_get_font_face(drawn) else { continue }
                let cff = DrawingFonts.hasCFFOutlines(face)
                XCTAssertEqual(cff, run.font.familyName.contains("CJK"), "\(run.font.familyName): CFF outlines \(cff)")
                if cff { cjkRuns += 1 }
            }
            // Every glyph of a CJK run was loaded in its face; DejaVu's faces have no set.
            for (face, outlines) in fonts.loadedOutlines {
                XCTAssertEqual(outlines != nil, DrawingFonts.hasCFFOutlines(face))
            }
            XCTAssertGreaterThanOrEqual(fonts.loadedOutlines.values.filter { $0 != nil }.count, 2, "CJK serif and sans")
            for run in manager.lineFragments.flatMap(\.glyphRuns) where run.font.familyName.contains("CJK") {
                guard let drawn = fonts.scaledFont(for: run.font), let face = cairo_scaled_font_get_font_face(drawn),
                      let outlines = fonts.loadedOutlines[face] ?? nil else { return XCTFail("\(run.font.familyName): no outlines loaded") }
                XCTAssertTrue(run.glyphs.allSatisfy(outlines.contains), "\(run.font.familyName): \(run.glyphs)")
            }
        }
        XCTAssertGreaterThan(cjkRuns, 0)
        XCTAssertEqual(ahead, try written(manager, "not-ahead.pdf", ownFaces: true, outlinesAhead: false))
    }

    func testLoadedOutlinesMarksEachGlyphOnce() {
        let set = LoadedOutlines()
        for glyph: UInt32 in [0, 63, 64, 65_535] {
            XCTAssertFalse(set.contains(glyph))
            XCTAssertTrue(set.insert(glyph), "\(glyph)")
            XCTAssertTrue(set.contains(glyph))
            XCTAssertFalse(set.insert(glyph), "\(glyph) again")
        }
        XCTAssertFalse(set.contains(1))
        XCTAssertFalse(set.contains(65))
        // A missing character's glyph (Pango's unknown flag) is no font's: never marked.
        XCTAssertFalse(set.insert(0x1000_0041))
        XCTAssertFalse(set.contains(0x1000_0041))
    }
}
