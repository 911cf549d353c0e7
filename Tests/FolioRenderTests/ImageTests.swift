import FolioDocument
import Foundation
import XCTest

final class ImageTests: RenderTestCase {
    /// "A ￼ b ￼ …" with PNGs at even and JPEGs at odd attachment positions.
    private func pictures(_ count: Int, png: String? = nil, jpeg: String? = nil) -> LayoutManager {
        let text = (0..<count).map { "x\($0) \u{FFFC}" }.joined(separator: " ") + " end."
        let manager = layout(text, size: 14, width: 400, containers: 1, alignment: .left)
        for (k, offset) in objectReplacementOffsets(text).enumerated() {
            let file = k % 2 == 0 ? (png ?? asset("square.png")) : (jpeg ?? asset("sun.jpg"))
            manager.textStorage.addAttributes(TextAttributes(attachment: TextAttachment(path: file, size: Size(width: 20, height: 20))),
                                              range: offset..<(offset + 3))
        }
        manager.ensureLayout()
        return manager
    }

    func testImagesRepeatedOnEveryPageAreEmbeddedOncePerUseOnAPage() throws {
        // 4 PNG and 3 JPEG drawings per page, 3 pages.
        let path = try write(pictures(7), to: "images.pdf", pages: 3)
        // cairo 1.16 lists a surface painted twice on a page twice in the page's resources
        // (a duplicated key qpdf warns about); the cache gives each use on a page its own.
        try assertValidPDF(path)
        let raw = try uncompressed(path)
        XCTAssertEqual(raw.components(separatedBy: "/Subtype /Image").count - 1, 7, "shared between pages, not repeated per page")
        XCTAssertEqual(raw.components(separatedBy: "/DCTDecode").count - 1, 3)
        let listed = try run("pdfimages", ["-list", path]).output.split(separator: "\n").dropFirst(2)
        XCTAssertEqual(listed.count, 21, "every drawing is on its page")
        XCTAssertTrue(try text(of: path).contains("x0"))
    }

    func testJPEGIsEmbeddedAsItIs() throws {
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: asset("sun.jpg")))
        let path = try write(pictures(2), to: "jpeg.pdf")
        try assertValidPDF(path)
        let pdf = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertNotNil(pdf.range(of: jpeg), "the JPEG's bytes, unchanged, in the PDF")
        let listed = try run("pdfimages", ["-list", path]).output
        XCTAssertTrue(listed.contains("jpeg"), listed)
    }

    func testJPEGNamedLikeAPNGIsStillAJPEG() throws {
        let disguised = path("photo.png")
        try FileManager.default.copyItem(atPath: asset("sun.jpg"), toPath: disguised)
        let path = try write(pictures(2, png: disguised), to: "disguised.pdf")
        try assertValidPDF(path)
        XCTAssertEqual(try uncompressed(path).components(separatedBy: "/DCTDecode").count - 1, 2)
    }

    func testMissingOrBrokenImagesLeaveAFrameAndTheTextGoesOn() throws {
        let broken = path("broken.png")
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: broken))
        let path = try write(pictures(4, png: "/nonexistent/a.png", jpeg: broken), to: "missing.pdf")
        try assertValidPDF(path)
        let text = try text(of: path)
        XCTAssertTrue(text.contains("x3") && text.contains("end."), text)
    }

    func testJPEGSizeFromStartOfFrame() throws {
        XCTAssertEqual(PageCanvasProbe.jpegSize([UInt8](try Data(contentsOf: URL(fileURLWithPath: asset("sun.jpg")))))?.width,
                       try jpegWidthByPdfimages())
        // SOI, a fill byte, APP0 of length 4, SOF2 (progressive) 16 high × 32 wide.
        let handmade: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00,
                                 0xFF, 0xC2, 0x00, 0x0B, 0x08, 0x00, 0x10, 0x00, 0x20, 0x01, 0x01, 0x11, 0x00]
        let size = try XCTUnwrap(PageCanvasProbe.jpegSize(handmade))
        XCTAssertEqual(size.width, 32); XCTAssertEqual(size.height, 16)
        XCTAssertNil(PageCanvasProbe.jpegSize([0xFF, 0xD8, 0xFF, 0xD9]))
        XCTAssertNil(PageCanvasProbe.jpegSize([0x89, 0x50, 0x4E, 0x47]))
        XCTAssertNil(PageCanvasProbe.jpegSize([0xFF, 0xD8, 0xFF, 0xE0, 0x00]), "truncated")
    }

    private func jpegWidthByPdfimages() throws -> Int {
        let path = try write(pictures(2), to: "probe.pdf")
        let line = try XCTUnwrap(try run("pdfimages", ["-list", path]).output.split(separator: "\n").first { $0.contains("jpeg") })
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[3])!
    }
}
