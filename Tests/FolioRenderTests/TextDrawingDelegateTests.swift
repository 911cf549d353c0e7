import FolioRender
import FolioTestSupport
import Foundation
import XCTest

/// Custom drawing per line and per run, TextKit's `drawBackground`/`drawGlyphs` overrides:
/// what the delegate draws lands in the PDF in its layer, the standard drawing happens
/// only when asked for, and nothing the delegate sets leaks into what comes after.
final class TextDrawingDelegateTests: RenderTestCase {
    /// Rounded highlights behind runs marked `highlight`, a rule under every line, marked
    /// runs hidden, and a colour set and never restored (to prove it does not leak).
    private final class Marker: TextDrawingDelegate {
        var lines = 0, backgrounds = 0, glyphRuns = 0
        func drawBackground(of fragment: LineFragment, in canvas: PageCanvas) { lines += 1 }
        func drawBackground(of run: GlyphRun, in fragment: LineFragment, canvas: PageCanvas, standard: () -> Void) {
            backgrounds += 1
            if run.attributes.custom("highlight", as: Bool.self) == true {
                canvas.fill(BezierPath(roundedRect: run.bounds.insetBy(dx: -2, dy: 0), radius: 3), color: Color(red: 1, green: 0.75, blue: 0))
            }
            standard()
        }
        func drawGlyphs(of run: GlyphRun, in fragment: LineFragment, canvas: PageCanvas, standard: () -> Void) {
            glyphRuns += 1
            guard run.attributes.custom("hidden", as: Bool.self) != true else { return }
            standard()
        }
        func drawForeground(of fragment: LineFragment, in canvas: PageCanvas) {
            canvas.strokeLine(from: Point(x: fragment.rect.minX, y: fragment.rect.maxY), to: Point(x: fragment.rect.maxX, y: fragment.rect.maxY),
                              color: Color(red: 0, green: 0, blue: 1), width: 0.3)
        }
    }

    /// A one-page PDF of container 0 drawn with `delegate`; its path.
    private func draw(_ manager: LayoutManager, with delegate: (any TextDrawingDelegate)?, to name: String) throws -> String {
        let path = self.path(name)
        let pdf = try PDFDocument(path: path)
        pdf.textDrawing = delegate
        pdf.beginPage(size: Size(width: 300, height: 300))
        pdf.draw(manager, containerAt: 0, at: Point(x: 40, y: 40))
        pdf.endPage()
        try pdf.finish()
        return path
    }

    func testHooksDrawInTheirLayersAndChooseWhetherTheStandardDrawingHappens() throws {
        let manager = layout("Plain words, then highlighted words, then secret words, and plain words again to fill a few lines.",
                             width: 150, containers: 1, alignment: .left)
        let s = manager.textStorage
        s.setAttribute(.custom("highlight"), value: true, range: s.range(of: "highlighted")!)
        s.setAttribute(.custom("hidden"), value: true, range: s.range(of: "secret")!)
        manager.ensureLayout()
        let marker = Marker()
        let path = try draw(manager, with: marker, to: "hooks.pdf")
        try assertValidPDF(path)

        let fragments = manager.lineFragments(inContainerAt: 0)
        let runs = fragments.reduce(0) { $0 + $1.glyphRuns.count }
        XCTAssertGreaterThan(fragments.count, 2)
        XCTAssertEqual(marker.lines, fragments.count)
        XCTAssertEqual(marker.backgrounds, runs)
        XCTAssertEqual(marker.glyphRuns, runs)

        let text = try text(of: path)
        XCTAssertTrue(text.contains("highlighted"), text)
        XCTAssertFalse(text.contains("secret"), "the hidden run's glyphs were not drawn: \(text)")
        XCTAssertTrue(text.contains("words again"), text)
        let content = try qpdfUncompressed(path)
        XCTAssertTrue(content.contains("1 0.75 0 rg"), "the highlight's fill")
        XCTAssertEqual(content.components(separatedBy: "0 0 1 RG").count - 1, fragments.count, "one blue rule per line")
        // The highlight comes before the text it is behind.
        let highlight = try XCTUnwrap(content.range(of: "1 0.75 0 rg"))
        let firstText = try XCTUnwrap(content.range(of: "BT"))
        XCTAssertLessThan(highlight.lowerBound, firstText.lowerBound)
    }

    func testWithoutADelegateOrWithTheDefaultsTheOutputIsTheStandardOne() throws {
        struct Defaults: TextDrawingDelegate {}
        let manager = layout("The same page, drawn twice, with a background here.", width: 150, containers: 1, alignment: .left)
        manager.textStorage.addAttributes(TextAttributes(backgroundColor: Color(hex: "#ffee00")!), range: 0..<8)
        manager.ensureLayout()
        func content(_ delegate: (any TextDrawingDelegate)?) throws -> String {
            try qpdfUncompressed(try draw(manager, with: delegate, to: "same-\(delegate == nil).pdf"))
        }
        let standard = try content(nil), defaults = try content(Defaults())
        // Identical drawing, apart from the save/restore pairs around each hook.
        // The page's content stream: the file's dates differ when the two land in
        // different seconds.
        func drawing(_ c: String) -> [String] {
            let lines = c.split(separator: "\n").map(String.init)
            guard let start = lines.firstIndex(of: "%% Contents for page 1"),
                  let end = lines[start...].firstIndex(of: "endstream") else { return lines }
            return lines[start..<end].filter { $0 != "q" && $0 != "Q" }
        }
        XCTAssertFalse(drawing(standard).isEmpty)
        XCTAssertEqual(drawing(standard), drawing(defaults))
    }

    func testPathsCanBeFilledAndStroked() throws {
        let path = self.path("paths.png")
        try PNGRenderer.renderPage(size: Size(width: 60, height: 60), scale: 1, to: path) { canvas in
            canvas.fill(BezierPath(ovalIn: Rect(x: 10, y: 10, width: 40, height: 40)), color: Color(red: 1, green: 0, blue: 0))
            canvas.stroke(BezierPath(rect: Rect(x: 5, y: 5, width: 50, height: 50)), color: .black, width: 1)
        }
        let image = try XCTUnwrap(RasterImage(path: path))
        let centre = image.pixel(30, 30), corner = image.pixel(5, 30), outside = image.pixel(2, 2)
        XCTAssertEqual([centre.r, centre.g, centre.b], [255, 0, 0], "filled oval")
        XCTAssertLessThan(corner.r, 128, "stroked frame")
        XCTAssertEqual([outside.r, outside.g, outside.b], [255, 255, 255])
    }
}
