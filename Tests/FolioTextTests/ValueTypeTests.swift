import XCTest
import FolioText

/// FontDescriptor, ParagraphStyle, decorations and geometry: the small value types.
final class ValueTypeTests: XCTestCase {
    // MARK: Fonts

    func testFontDescriptorDefaultsAndModifiers() {
        let f = FontDescriptor()
        XCTAssertEqual(f.families, ["DejaVu Serif"])
        XCTAssertEqual(f.size, 12)
        XCTAssertEqual(f.weight, .regular)
        XCTAssertEqual(f.style, .normal)
        XCTAssertEqual(f.stretch, .normal)
        XCTAssertEqual(FontDescriptor(family: "Libertinus", size: 9).families, ["Libertinus"])
        let g = f.withSize(10).withWeight(.bold).withStyle(.italic)
        XCTAssertEqual(g.size, 10)
        XCTAssertEqual(g.weight, .bold)
        XCTAssertEqual(g.style, .italic)
        XCTAssertEqual(f.size, 12, "modifiers return copies")
        XCTAssertNotEqual(f, g)
    }

    func testAddingAFeatureReplacesTheSameTag() {
        let f = FontDescriptor().addingFeature(.smallCaps).addingFeature(.oldstyleFigures)
            .addingFeature(FontFeature("smcp", 0))
        XCTAssertEqual(f.features, [FontFeature("onum"), FontFeature("smcp", 0)])
        XCTAssertEqual(FontFeature("liga", 0).description, "liga=0")
        XCTAssertEqual(FontFeature.tabularFigures.description, "tnum=1")
    }

    func testFontWeightClampsAndOrders() {
        XCTAssertEqual(FontWeight(0).value, 1)
        XCTAssertEqual(FontWeight(5000).value, 1000)
        XCTAssertEqual(FontWeight(650).value, 650)
        XCTAssertLessThan(FontWeight.light, .regular)
        XCTAssertLessThan(FontWeight.semibold, .bold)
        XCTAssertEqual([FontWeight.heavy, .thin, .medium].sorted(), [.thin, .medium, .heavy])
    }

    // MARK: Paragraph style

    func testParagraphStyleDefaults() {
        let p = ParagraphStyle.default
        XCTAssertEqual(p.alignment, .natural)
        XCTAssertEqual(p.lineBreakMode, .wordWrap)
        XCTAssertEqual(p.baseWritingDirection, .natural)
        XCTAssertFalse(p.hyphenation)
        XCTAssertTrue(p.tabStops.isEmpty)
        XCTAssertEqual(p, ParagraphStyle())
        let j = ParagraphStyle(alignment: .justified, hyphenation: true)
        XCTAssertEqual(j.alignment, .justified)
        XCTAssertTrue(j.hyphenation)
        XCTAssertNotEqual(j, p)
    }

    func testParagraphStyleCopiesAreIndependentValues() {
        // The settings live in a shared box: a copy changed must not change the original,
        // and styles built apart with the same settings are equal and hash alike.
        var a = ParagraphStyle(alignment: .justified)
        a.tabStops = [TabStop(.decimal, at: 72)]
        a.eastAsian.characterStretch = 0.2
        var b = a
        b.headIndent = 12
        b.eastAsian.lineBreakRules = .loose
        XCTAssertEqual(a.headIndent, 0)
        XCTAssertEqual(a.eastAsian.lineBreakRules, .strict)
        XCTAssertEqual(b.eastAsian.characterStretch, 0.2)
        XCTAssertNotEqual(a, b)
        var c = ParagraphStyle()
        c.alignment = .justified
        c.tabStops = [TabStop(.decimal, at: 72)]
        c.eastAsian.characterStretch = 0.2
        XCTAssertEqual(a, c)
        XCTAssertEqual(a.hashValue, c.hashValue)
        XCTAssertEqual(Set([a, b, c]).count, 2)
        // Setting a value it already has leaves a style equal to its copy.
        var d = a
        d.alignment = .justified
        XCTAssertEqual(a, d)
        b.headIndent = 0
        b.eastAsian.lineBreakRules = .strict
        XCTAssertEqual(a, b, "changed back, the copy equals the original again")
    }

    func testParagraphStyleTextBlocksOfAnyDepth() {
        let outer = TextTable(columnCount: 2), inner = TextTable(columnCount: 3)
        var p = ParagraphStyle()
        XCTAssertEqual(p.textBlockCount, 0)
        XCTAssertNil(p.textBlock(atDepth: 0))
        XCTAssertNil(p.innermostTextBlock)
        let cell = TextTableBlock(table: outer, startingRow: 4, rowSpan: 2, startingColumn: 1)
        p.textBlocks = [cell]
        XCTAssertEqual(p.textBlocks, [cell])
        XCTAssertEqual(p.textBlockCount, 1)
        XCTAssertEqual(p.textBlock(atDepth: 0), cell)
        XCTAssertNil(p.textBlock(atDepth: 1))
        XCTAssertNil(p.textBlock(atDepth: -1))
        let nested = TextTableBlock(table: inner, startingRow: 0, startingColumn: 2)
        p.textBlocks = [cell, nested]
        XCTAssertEqual(p.textBlocks, [cell, nested])
        XCTAssertEqual(p.textBlockCount, 2)
        XCTAssertEqual(p.innermostTextBlock, nested)
        XCTAssertEqual(p.textBlock(atDepth: 0), cell)
        var q = p
        q.textBlocks = [cell]
        XCTAssertNotEqual(p, q)
        q.textBlocks = []
        XCTAssertEqual(q, ParagraphStyle())
        // A long table's cells copy one style: the copy must stay small whatever the
        // number of settings (a reference to them and the cell's own block).
        XCTAssertLessThanOrEqual(MemoryLayout<ParagraphStyle>.size, 48)
        XCTAssertLessThanOrEqual(MemoryLayout<TextTableBlock>.size, 32)
    }

    func testTableBlockRowsAndColumnsRoundTripAndClamp() {
        let table = TextTable(columnCount: 4)
        var block = TextTableBlock(table: table, startingRow: 70_000, rowSpan: 3, startingColumn: 2, columnSpan: 2)
        XCTAssertEqual(block.rows, 70_000..<70_003)
        XCTAssertEqual(block.columns, 2..<4)
        block.startingRow = Int.max
        XCTAssertEqual(block.startingRow, Int(Int32.max), "out of range rows are clamped, not trapped")
        block.startingRow = 9
        block.rowSpan = 1
        XCTAssertEqual(block, TextTableBlock(table: table, startingRow: 9, startingColumn: 2, columnSpan: 2))
    }

    func testLineBreakModeTruncates() {
        XCTAssertEqual(LineBreakMode.allCases.filter(\.truncates), [.truncateHead, .truncateMiddle, .truncateTail])
    }

    func testTabStop() {
        let t = TabStop(.decimal, at: 72)
        XCTAssertEqual(t.location, 72)
        XCTAssertEqual(t.alignment, .decimal)
        // A full stop only: `$1,234.56` lines up on its point, not its thousands comma.
        XCTAssertEqual(t.columnTerminators, ["."])
        XCTAssertEqual(t.leader, .none)
        XCTAssertFalse(t.fromTrailingEdge)
        XCTAssertEqual(TabStop(at: 10).alignment, .left)
        let end = TabStop.trailing(.right, inset: 12, leader: .dots)
        XCTAssertTrue(end.fromTrailingEdge)
        XCTAssertEqual(end.location, -12)
        XCTAssertEqual(end.leader, .dots)
    }

    // MARK: Decorations

    func testDecorationDefaults() {
        XCTAssertEqual(TextLine().style, .single)
        XCTAssertNil(TextLine().color)
        let shadow = TextShadow()
        XCTAssertEqual(shadow.offset, Point(x: 1, y: 1))
        XCTAssertEqual(shadow.blurRadius, 0)
        XCTAssertEqual(shadow.color.alpha, 0.5)
        let a = TextAttachment(path: "img.png", size: Size(width: 20, height: 10))
        XCTAssertEqual(a.bounds, Rect(x: 0, y: 0, width: 20, height: 10))
    }

    // MARK: Geometry

    func testRectAccessors() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual(r.minX, 10); XCTAssertEqual(r.minY, 20)
        XCTAssertEqual(r.maxX, 40); XCTAssertEqual(r.maxY, 60)
        XCTAssertEqual(r.width, 30); XCTAssertEqual(r.height, 40)
        XCTAssertFalse(r.isEmpty)
        XCTAssertTrue(Rect(x: 0, y: 0, width: 0, height: 5).isEmpty)
        XCTAssertTrue(Rect(x: 0, y: 0, width: 5, height: -1).isEmpty)
        XCTAssertEqual(r.description, "[10.0, 20.0, 30.0×40.0]")
    }

    func testRectUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 20, y: 5, width: 5, height: 20)
        XCTAssertEqual(a.union(b), Rect(x: 0, y: 0, width: 25, height: 25))
        XCTAssertEqual(b.union(a), Rect(x: 0, y: 0, width: 25, height: 25))
        XCTAssertEqual(Rect.zero.union(b), b)
        XCTAssertEqual(b.union(.zero), b)
    }

    func testRectIntersectsAndContains() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertTrue(a.intersects(Rect(x: 9, y: 9, width: 5, height: 5)))
        XCTAssertFalse(a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)), "touching edges do not intersect")
        XCTAssertTrue(a.contains(Rect(x: 0, y: 0, width: 10, height: 10)))
        XCTAssertTrue(a.contains(Rect(x: 0, y: 0, width: 10 + 1e-9, height: 10)), "within tolerance")
        XCTAssertFalse(a.contains(Rect(x: 0, y: 0, width: 10.1, height: 10)))
        XCTAssertTrue(a.contains(Point(x: 0, y: 0)))
        XCTAssertFalse(a.contains(Point(x: 10, y: 5)), "the far edge is outside")
    }

    func testRectInsetAndOffset() {
        let a = Rect(x: 0, y: 0, width: 100, height: 50)
        XCTAssertEqual(a.insetBy(dx: 10, dy: 5), Rect(x: 10, y: 5, width: 80, height: 40))
        XCTAssertEqual(a.offsetBy(dx: -3, dy: 7), Rect(x: -3, y: 7, width: 100, height: 50))
    }

    func testEdgeInsets() {
        XCTAssertEqual(EdgeInsets(all: 4), EdgeInsets(top: 4, left: 4, bottom: 4, right: 4))
        XCTAssertEqual(EdgeInsets.zero, EdgeInsets())
        XCTAssertEqual(Point(x: 1, y: 2).description, "(1.0, 2.0)")
        XCTAssertEqual(Size(width: 3, height: 4).description, "3.0×4.0")
    }
}
