import FolioDocument
import Foundation
import XCTest

final class PNGRendererTests: RenderTestCase {
    /// Width and height from a PNG's IHDR chunk.
    private func pngSize(_ data: Data) -> (Int, Int) {
        let b = [UInt8](data)
        func be32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        return (be32(16), be32(20))
    }

    func testPreviewHasInkAtTheRequestedScale() throws {
        let manager = layout(prose)
        let path = path("page.png")
        try PNGRenderer.renderPage(size: Size(width: 300, height: 200), scale: 2, to: path) { canvas in
            canvas.draw(manager, containerAt: 0, at: Point(x: 10, y: 10))
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertTrue(pngSize(data) == (600, 400), "\(pngSize(data))")

        let blank = self.path("blank.png")
        try PNGRenderer.renderPage(size: Size(width: 300, height: 200), scale: 2, to: blank) { _ in }
        XCTAssertGreaterThan(data.count, try Data(contentsOf: URL(fileURLWithPath: blank)).count * 3, "text makes the image bigger")
        XCTAssertEqual(try filesInDir(), ["blank.png", "page.png"], "no temporary files left")
    }

    func testImagesAndDecorationsDrawOnPNG() throws {
        let text = "Picture \u{FFFC} photo \u{FFFC} link."
        let manager = layout(text, containers: 1, alignment: .left)
        let offsets = objectReplacementOffsets(text)
        let s = manager.textStorage
        s.addAttributes(TextAttributes(attachment: TextAttachment(path: asset("square.png"), size: Size(width: 12, height: 12))), range: offsets[0]..<(offsets[0] + 3))
        s.addAttributes(TextAttributes(attachment: TextAttachment(path: asset("sun.jpg"), size: Size(width: 12, height: 12))), range: offsets[1]..<(offsets[1] + 3))
        s.addAttributes(TextAttributes(underline: TextLine(), link: "https://example.org"), range: offsets[1] + 4..<s.length)
        manager.ensureLayout()
        let path = path("deco.png")
        try PNGRenderer.renderPage(size: Size(width: 220, height: 60), to: path) { canvas in
            canvas.draw(manager, containerAt: 0, at: Point(x: 10, y: 10))
        }
        XCTAssertGreaterThan(try Data(contentsOf: URL(fileURLWithPath: path)).count, 500)
    }

    func testImpossibleSizesThrow() {
        XCTAssertThrowsError(try PNGRenderer.renderPage(size: Size(width: 0, height: 100), to: path("zero.png")) { _ in })
        XCTAssertThrowsError(try PNGRenderer.renderPage(size: Size(width: 100_000, height: 100), to: path("huge.png")) { _ in })
    }

    func testExistingFileIsReplacedWhole() throws {
        let path = path("page.png")
        try "old".write(toFile: path, atomically: true, encoding: .utf8)
        try PNGRenderer.renderPage(size: Size(width: 50, height: 50), to: path) { _ in }
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }
}
