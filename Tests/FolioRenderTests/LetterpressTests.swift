import FolioRender
import FolioTestSupport
import Foundation
import XCTest

/// TextKit's letterpress effect, drawn in vectors: a shadow above the letters, a light
/// edge below, a shaded band inside their top edges; the text still copies as it is.
final class LetterpressTests: RenderTestCase {
    private func pressedManager() -> LayoutManager {
        let manager = layout("HH pressed", size: 40, width: 400, containers: 1, alignment: .left)
        manager.textStorage.addAttributes(TextAttributes(foregroundColor: Color(red: 0.3, green: 0.3, blue: 0.35), textEffect: .letterpress),
                                          range: 0..<manager.textStorage.length)
        manager.ensureLayout()
        return manager
    }

    func testTheTextCopiesOnceAndNothingIsAnImage() throws {
        let path = try write(pressedManager(), to: "press.pdf")
        try assertValidPDF(path)
        XCTAssertEqual(try text(of: path).trimmingCharacters(in: .whitespacesAndNewlines), "HH pressed")
        let content = try qpdfUncompressed(path)
        XCTAssertFalse(content.contains("/Subtype /Image"), "vectors only")
        XCTAssertEqual(content.split(separator: "\n").filter { $0 == "BT" }.count, 1,
                       "the glyphs are shown as text once; the layers are paths")
    }

    func testTheLayersLieWhereTheLightFallsOnAGreyPage() throws {
        let manager = pressedManager()
        let run = try XCTUnwrap(manager.lineFragments.first?.glyphRuns.first)
        let font = run.font
        let scale = 4.0, origin = Point(x: 10, y: 10)
        let path = self.path("press.png")
        let paper = Color(red: 0.85, green: 0.85, blue: 0.85)
        try PNGRenderer.renderPage(size: Size(width: 420, height: 80), scale: scale, to: path) { canvas in
            canvas.fillRect(Rect(x: 0, y: 0, width: 420, height: 80), color: paper)
            canvas.draw(manager, containerAt: 0, at: origin)
        }
        let image = try XCTUnwrap(RasterImage(path: path))
        // Down the middle of the first H's left stem.
        let stemX = Int(((origin.x + run.positions[0].x + 0.16 * font.size) * scale).rounded())
        let baseline = origin.y + run.baseline
        let top = baseline - font.capHeight
        func grey(atY y: Double) -> Int { Int(image.pixel(stemX, Int((y * scale).rounded())).r) }
        let paperGrey = Int((0.85 * 255).rounded())
        XCTAssertLessThan(grey(atY: top - 0.02 * font.size), paperGrey - 10, "a shadow just above the letter")
        XCTAssertGreaterThan(grey(atY: baseline + 0.02 * font.size), paperGrey + 10, "a light edge just below it")
        let shaded = grey(atY: top + 0.025 * font.size), face = grey(atY: top + 0.3 * font.size)
        XCTAssertLessThan(shaded, face - 10, "the band inside the top edge is darker than the letter's face")
        XCTAssertEqual(face, Int((0.3 * 255).rounded()), accuracy: 3, "the face is the text's colour")
    }
}
