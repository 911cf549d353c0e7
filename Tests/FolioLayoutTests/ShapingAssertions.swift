@testable import FolioLayout
import XCTest

extension XCTestCase {
    /// Everything shaping decides, glyph by glyph and cluster by cluster: two paragraphs
    /// shaped two ways (through the word cache and without it) must agree on all of it.
    func assertSameShaping(_ a: ShapedParagraph, _ b: ShapedParagraph, _ what: String,
                           file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.glyphs, b.glyphs, "glyphs of \(what)", file: file, line: line)
        XCTAssertEqual(a.advances, b.advances, "advances of \(what)", file: file, line: line)
        XCTAssertEqual(a.xOffsets, b.xOffsets, "x offsets of \(what)", file: file, line: line)
        XCTAssertEqual(a.yOffsets, b.yOffsets, "y offsets of \(what)", file: file, line: line)
        XCTAssertEqual(a.clusterStart, b.clusterStart, "clusters of \(what)", file: file, line: line)
        XCTAssertEqual(a.clusterEnd, b.clusterEnd, "clusters of \(what)", file: file, line: line)
        XCTAssertEqual(a.clusterGlyphStart, b.clusterGlyphStart, "cluster glyphs of \(what)", file: file, line: line)
        XCTAssertEqual(a.clusterWidth, b.clusterWidth, "cluster widths of \(what)", file: file, line: line)
        XCTAssertEqual(a.runs.map(\.glyphRange), b.runs.map(\.glyphRange), "runs of \(what)", file: file, line: line)
    }
}
