import XCTest
import FolioText

/// setAttributes / addAttributes / setAttribute / removeAttribute, the effective ranges
/// reported by attributes(at:) and attribute(_:at:), and the merging of equal runs.
final class AttributeRunsTests: XCTestCase {
    private let font = Fixture.serif
    private var base: TextAttributes { TextAttributes(font: font, foregroundColor: .black) }

    // MARK: setAttributes

    func testSetAttributesReplacesEverything() {
        let s = TextStorage("abcdef", attributes: base)
        let underlined = TextAttributes(underline: TextLine(.double))
        s.setAttributes(underlined, range: 2..<4)
        XCTAssertEqual(runs(s), [Run(0..<2, base), Run(2..<4, underlined), Run(4..<6, base)])
        let at2 = s.attributes(at: 2).attributes
        XCTAssertNil(at2.font, "setAttributes must not keep the old font")
        XCTAssertNil(at2.foregroundColor)
        XCTAssertEqual(at2.underline, TextLine(.double))
    }

    func testSetAttributesOnEmptyRangeChangesNothing() {
        let s = TextStorage("abc", attributes: base)
        s.setAttributes(.none, range: 1..<1)
        XCTAssertEqual(runs(s), [Run(0..<3, base)])
    }

    func testSetAttributesOverWholeText() {
        let s = TextStorage("abcdef", attributes: base)
        s.setAttributes(Fixture.bold, range: 1..<3)
        s.setAttributes(Fixture.italic, range: 0..<6)
        XCTAssertEqual(runs(s), [Run(0..<6, Fixture.italic)])
    }

    // MARK: addAttributes

    func testAddAttributesLaysOverExisting() {
        let s = TextStorage("abcdef", attributes: base)
        s.addAttributes(TextAttributes(foregroundColor: .red, underline: TextLine()), range: 2..<4)
        var expected = base
        expected.foregroundColor = .red
        expected.underline = TextLine()
        XCTAssertEqual(runs(s), [Run(0..<2, base), Run(2..<4, expected), Run(4..<6, base)])
        // The font set underneath survives; the colour is overridden.
        XCTAssertEqual(s.attributes(at: 3).attributes.font, font)
        XCTAssertEqual(s.attributes(at: 3).attributes.foregroundColor, .red)
    }

    func testAddAttributesAcrossSeveralRunsKeepsEachRunsOwnValues() {
        let s = TextStorage("aaabbbccc", attributes: TextAttributes(foregroundColor: .red))
        s.setAttributes(TextAttributes(foregroundColor: .blue), range: 3..<6)
        s.addAttributes(TextAttributes(link: "https://example.org"), range: 1..<8)
        let r = runs(s)
        XCTAssertEqual(r.map(\.range), [0..<1, 1..<3, 3..<6, 6..<8, 8..<9])
        XCTAssertEqual(r.map(\.attributes.foregroundColor), [.red, .red, .blue, .red, .red])
        XCTAssertEqual(r.map(\.attributes.link), [nil, "https://example.org", "https://example.org", "https://example.org", nil])
    }

    func testAddingNoAttributesChangesNothing() {
        let s = TextStorage("abc", attributes: base)
        s.addAttributes(.none, range: 0..<3)
        XCTAssertEqual(runs(s), [Run(0..<3, base)])
    }

    func testAddAttributesThatAreAlreadySetMergesIntoOneRun() {
        let s = TextStorage("abcdef", attributes: base)
        s.addAttributes(TextAttributes(foregroundColor: .black), range: 1..<5)
        XCTAssertEqual(runs(s), [Run(0..<6, base)])
    }

    // MARK: setAttribute / removeAttribute

    func testSetAttribute() {
        let s = TextStorage("abcdef", attributes: base)
        s.setAttribute(.foregroundColor, value: Color.blue, range: 1..<3)
        s.setAttribute(.tracking, value: 0.5, range: 2..<5)
        s.setAttribute(.superscript, value: 1, range: 5..<6)
        XCTAssertEqual(s.attributes(at: 1).attributes.foregroundColor, .blue)
        XCTAssertEqual(s.attributes(at: 1).range, 1..<2)
        XCTAssertEqual(s.attributes(at: 2).attributes.tracking, 0.5)
        XCTAssertEqual(s.attributes(at: 2).attributes.foregroundColor, .blue)
        XCTAssertEqual(s.attributes(at: 2).range, 2..<3)
        XCTAssertEqual(s.attributes(at: 4).attributes.foregroundColor, .black)
        XCTAssertEqual(s.attributes(at: 4).range, 3..<5)
        XCTAssertEqual(s.attributes(at: 5).attributes.superscript, 1)
        XCTAssertEqual(s.attributes(at: 5).attributes.font, font)
        XCTAssertEqual(s.attribute(.tracking, at: 3).value, AnyHashable(0.5))
        XCTAssertEqual(s.attribute(.tracking, at: 3).range, 2..<5)
    }

    func testSetAttributeNilRemoves() {
        let s = TextStorage("abc", attributes: base)
        s.setAttribute(.font, value: nil, range: 0..<3)
        XCTAssertEqual(runs(s), [Run(0..<3, TextAttributes(foregroundColor: .black))])
    }

    func testEveryStandardKeyRoundTrips() {
        let values: [AttributeKey: AnyHashable] = [
            .font: font, .foregroundColor: Color.red, .backgroundColor: Color.gray,
            .underline: TextLine(.thick, color: .blue), .strikethrough: TextLine(.double),
            .stroke: TextStroke(width: -2, color: .red), .shadow: TextShadow(blurRadius: 2),
            .baselineOffset: 3.0, .superscript: -1, .tracking: 0.25, .ligatures: false,
            .obliqueness: 0.2, .expansion: 1.1, .link: "https://example.org", .language: "de",
            .attachment: TextAttachment(path: "images/x.png", size: Size(width: 10, height: 5)),
            .footnote: Footnote("A note."),
            .floatingBlock: FloatingBlock(AttributedText(), placement: .top),
            .textStyle: TextStyle.headline, .textEffect: TextEffect.letterpress,
        ]
        XCTAssertEqual(Set(values.keys), Set(AttributeKey.standard))
        for key in AttributeKey.standard {
            let s = TextStorage("abcd")
            s.setAttribute(key, value: values[key], range: 1..<3)
            XCTAssertNil(s.attribute(key, at: 0).value, "\(key)")
            XCTAssertEqual(s.attribute(key, at: 1).value, values[key], "\(key)")
            XCTAssertEqual(s.attribute(key, at: 2).range, 1..<3, "\(key)")
            XCTAssertEqual(s.attribute(key, at: 3).range, 3..<4, "\(key)")
            s.removeAttribute(key, range: 0..<4)
            XCTAssertEqual(runs(s), [Run(0..<4, .none)], "\(key)")
        }
    }

    func testRemoveAttributeMergesRunsThatBecomeEqual() {
        let s = TextStorage("abcdef", attributes: base)
        s.setAttribute(.underline, value: TextLine(), range: 2..<4)
        XCTAssertEqual(runs(s).count, 3)
        s.removeAttribute(.underline, range: 0..<6)
        XCTAssertEqual(runs(s), [Run(0..<6, base)])
    }

    func testRemoveAttributeOnlyTouchesThatKey() {
        let s = TextStorage("abcdef", attributes: base)
        s.removeAttribute(.foregroundColor, range: 0..<3)
        XCTAssertEqual(runs(s), [Run(0..<3, TextAttributes(font: font)), Run(3..<6, base)])
    }

    // MARK: Effective ranges

    func testAttributesAtReportsTheWholeRun() {
        let s = TextStorage("0123456789", attributes: base)
        s.addAttributes(TextAttributes(backgroundColor: .gray), range: 3..<7)
        for o in 0..<3 { XCTAssertEqual(s.attributes(at: o).range, 0..<3) }
        for o in 3..<7 { XCTAssertEqual(s.attributes(at: o).range, 3..<7) }
        for o in 7..<10 { XCTAssertEqual(s.attributes(at: o).range, 7..<10) }
        XCTAssertEqual(s.attributes(at: 5).attributes.backgroundColor, .gray)
        XCTAssertNil(s.attributes(at: 7).attributes.backgroundColor)
    }

    func testAttributeEffectiveRangeSpansRunsWithTheSameValue() {
        let s = TextStorage("0123456789", attributes: base)
        s.setAttribute(.foregroundColor, value: Color.red, range: 3..<5)
        s.setAttribute(.underline, value: TextLine(), range: 4..<8)
        // Runs: 0..<3 base, 3..<4 red, 4..<5 red+underline, 5..<8 underline, 8..<10 base.
        XCTAssertEqual(runs(s).map(\.range), [0..<3, 3..<4, 4..<5, 5..<8, 8..<10])
        XCTAssertEqual(s.attributes(at: 4).range, 4..<5)

        let f = s.attribute(.font, at: 4)
        XCTAssertEqual(f.value, AnyHashable(font))
        XCTAssertEqual(f.range, 0..<10)

        let red = s.attribute(.foregroundColor, at: 4)
        XCTAssertEqual(red.value, AnyHashable(Color.red))
        XCTAssertEqual(red.range, 3..<5)
        XCTAssertEqual(s.attribute(.foregroundColor, at: 0).range, 0..<3)
        XCTAssertEqual(s.attribute(.foregroundColor, at: 9).range, 5..<10)

        let u = s.attribute(.underline, at: 6)
        XCTAssertEqual(u.value, AnyHashable(TextLine()))
        XCTAssertEqual(u.range, 4..<8)
        let noUnderline = s.attribute(.underline, at: 1)
        XCTAssertNil(noUnderline.value)
        XCTAssertEqual(noUnderline.range, 0..<4)
        XCTAssertEqual(s.attribute(.underline, at: 8).range, 8..<10)

        let unset = s.attribute(.link, at: 5)
        XCTAssertNil(unset.value)
        XCTAssertEqual(unset.range, 0..<10)
    }

    // MARK: Merging

    func testRestoringTheSameAttributesMergesBack() {
        let s = TextStorage("abcdefgh", attributes: base)
        s.setAttributes(Fixture.bold, range: 2..<5)
        s.setAttributes(Fixture.italic, range: 4..<6)
        XCTAssertEqual(runs(s).count, 4)
        s.setAttributes(base, range: 2..<6)
        XCTAssertEqual(runs(s), [Run(0..<8, base)])
    }

    func testAdjacentSetsWithEqualValuesMerge() {
        let s = TextStorage("abcdef", attributes: base)
        s.setAttributes(Fixture.bold, range: 0..<2)
        s.setAttributes(Fixture.bold, range: 4..<6)
        s.setAttributes(Fixture.bold, range: 2..<4)
        XCTAssertEqual(runs(s), [Run(0..<6, Fixture.bold)])
    }

    func testAlternatingRunsStaySeparate() {
        let s = TextStorage("abcdef", attributes: base)
        for i in stride(from: 0, to: 6, by: 2) { s.setAttributes(Fixture.bold, range: i..<(i + 1)) }
        XCTAssertEqual(runs(s).map(\.range), [0..<1, 1..<2, 2..<3, 3..<4, 4..<5, 5..<6])
        s.setAttributes(Fixture.bold, range: 1..<2)
        XCTAssertEqual(runs(s).map(\.range), [0..<3, 3..<4, 4..<5, 5..<6])
        assertConsistent(s)
    }

    // MARK: Runs of a range and of one attribute

    func testAttributeRunsInRangeAreClipped() {
        let s = TextStorage("aaabbbccc", attributes: Fixture.plain)
        s.setAttributes(Fixture.bold, range: 3..<6)
        XCTAssertEqual(runs(s, in: 1..<5), [Run(1..<3, Fixture.plain), Run(3..<5, Fixture.bold)])
        XCTAssertEqual(runs(s, in: 4..<5), [Run(4..<5, Fixture.bold)])
        XCTAssertEqual(runs(s, in: 3..<6), [Run(3..<6, Fixture.bold)])
        XCTAssertTrue(runs(s, in: 4..<4).isEmpty)
        XCTAssertEqual(runs(s, in: 8..<9), [Run(8..<9, Fixture.plain)])
    }

    func testAttributeRunsOfOneKeyJoinNeighboursWithTheSameValue() {
        let s = TextStorage("0123456789", attributes: TextAttributes(font: font))
        s.setAttribute(.foregroundColor, value: Color.red, range: 2..<6)
        s.setAttribute(.underline, value: TextLine(), range: 4..<8)
        let colour = s.attributeRuns(of: .foregroundColor)
        XCTAssertEqual(colour.map(\.range), [0..<2, 2..<6, 6..<10])
        XCTAssertEqual(colour.map(\.value), [nil, AnyHashable(Color.red), nil])

        let fonts = s.attributeRuns(of: .font)
        XCTAssertEqual(fonts.map(\.range), [0..<10])
        XCTAssertEqual(fonts.map(\.value), [AnyHashable(font)])

        let clipped = s.attributeRuns(of: .underline, in: 3..<9)
        XCTAssertEqual(clipped.map(\.range), [3..<4, 4..<8, 8..<9])
        XCTAssertEqual(clipped.map(\.value), [nil, AnyHashable(TextLine()), nil])
    }

    func testEnumerateAttributeVisitsRunsInOrderAndStops() {
        let s = TextStorage("0123456789")
        s.setAttribute(.link, value: "a", range: 0..<3)
        s.setAttribute(.link, value: "b", range: 5..<7)
        var seen: [(String?, Range<Int>)] = []
        s.enumerateAttribute(.link) { value, range in
            seen.append((value?.base as? String, range)); return true
        }
        XCTAssertEqual(seen.map(\.0), ["a", nil, "b", nil])
        XCTAssertEqual(seen.map(\.1), [0..<3, 3..<5, 5..<7, 7..<10])

        var visited = 0
        s.enumerateAttribute(.link) { value, _ in
            visited += 1
            return value == nil          // stop at the first link
        }
        XCTAssertEqual(visited, 1)

        var inRange: [Range<Int>] = []
        s.enumerateAttribute(.link, in: 4..<6) { _, r in inRange.append(r); return true }
        XCTAssertEqual(inRange, [4..<5, 5..<6])
    }

    func testEnumerateAttributeRethrows() {
        struct Stop: Error {}
        let s = TextStorage("abc")
        XCTAssertThrowsError(try s.enumerateAttribute(.font) { _, _ in throw Stop() })
    }

    // MARK: TextAttributes value semantics

    func testMergingLaysSetValuesOnTop() {
        let under = TextAttributes(font: font, foregroundColor: .black, tracking: 1,
                                   custom: ["a": CustomAttributeValue(1), "b": CustomAttributeValue("x")])
        let over = TextAttributes(foregroundColor: .red, ligatures: false, custom: ["b": CustomAttributeValue("y")])
        let m = under.merging(over)
        XCTAssertEqual(m.font, font)
        XCTAssertEqual(m.foregroundColor, .red)
        XCTAssertEqual(m.tracking, 1)
        XCTAssertEqual(m.ligatures, false)
        XCTAssertEqual(m.custom("a", as: Int.self), 1)
        XCTAssertEqual(m.custom("b", as: String.self), "y")
        XCTAssertEqual(under.merging(.none), under)
        XCTAssertEqual(TextAttributes.none.merging(under), under)
    }

    func testValueForKeyAndSetValue() {
        var a = TextAttributes()
        for key in AttributeKey.standard { XCTAssertNil(a.value(for: key), "\(key)") }
        a.setValue(Color.red, for: .backgroundColor)
        a.setValue(2.0, for: .baselineOffset)
        XCTAssertEqual(a.backgroundColor, .red)
        XCTAssertEqual(a.baselineOffset, 2)
        XCTAssertEqual(a.value(for: .backgroundColor), AnyHashable(Color.red))
        a.setValue(nil, for: .backgroundColor)
        XCTAssertNil(a.backgroundColor)
        XCTAssertEqual(a, TextAttributes(baselineOffset: 2))
    }

    func testAttributeKeyDescription() {
        XCTAssertEqual(AttributeKey.font.description, "font")
        XCTAssertEqual(AttributeKey.foregroundColor.description, "foregroundColor")
        XCTAssertEqual(AttributeKey.attachment.description, "attachment")
        XCTAssertEqual(AttributeKey.custom("my.key").description, "my.key")
        XCTAssertEqual(AttributeKey.footnote.description, "footnote")
        XCTAssertEqual(AttributeKey.floatingBlock.description, "floatingBlock")
        XCTAssertEqual(AttributeKey.textStyle.description, "textStyle")
        XCTAssertEqual(AttributeKey.textEffect.description, "textEffect")
        XCTAssertEqual(AttributeKey.standard.count, 20)
        XCTAssertFalse(AttributeKey.standard.contains(.custom("font")))
    }
}

/// `AttributedText.addAttributes(_:)` (many ranges in one pass) and `append(_:)`.
final class AttributedTextBatchTests: XCTestCase {
    func testManyRangesInOnePassMatchOneAtATime() {
        var text = AttributedText()
        for (k, word) in ["alpha ", "beta ", "gamma ", "delta ", "epsilon"].enumerated() {
            text.append(word, attributes: TextAttributes(tracking: Double(k)))
        }
        text.endParagraph(ParagraphStyle())
        text.append("second paragraph", attributes: .none)
        let spans: [(range: Range<Int>, attributes: TextAttributes)] = [
            (0..<2, TextAttributes(superscript: 1)), (4..<9, TextAttributes(link: "https://a")),
            (9..<11, TextAttributes(language: "de")), (20..<40, TextAttributes(footnote: Footnote("n"))),
        ]
        var batched = text, single = text
        batched.addAttributes(spans)
        for span in spans { single.addAttributes(span.attributes, range: span.range) }
        let a = TextStorage(), b = TextStorage()
        a.append(batched); b.append(single)
        XCTAssertEqual(a.string, b.string)
        XCTAssertEqual(a.attributeRuns().map(\.range), b.attributeRuns().map(\.range))
        XCTAssertEqual(a.attributeRuns().map(\.attributes), b.attributeRuns().map(\.attributes))
        XCTAssertTrue(a.hasFootnotes)
        XCTAssertFalse(TextStorage("plain").hasFootnotes)
    }

    func testAppendingTextContinuesTheParagraphBeingBuilt() {
        var note = AttributedText()
        note.append("1 ", attributes: TextAttributes(superscript: 1))
        var body = AttributedText()
        body.append("First.", attributes: .none)
        body.endParagraph(ParagraphStyle(alignment: .center))
        body.append("Second.", attributes: .none)
        body.endParagraph(ParagraphStyle(alignment: .right))
        note.append(body)
        let s = TextStorage()
        s.append(note)
        XCTAssertEqual(s.string, "1 First.\nSecond.\n")
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 0).alignment, .center)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 1).alignment, .right)
        XCTAssertEqual(s.attributes(at: 0).attributes.superscript, 1)
        XCTAssertNil(s.attributes(at: 3).attributes.superscript)
    }
}

/// `AttributedText.insert(_:at:)`: text put in at a paragraph's start, runs and styles kept.
final class AttributedTextInsertTests: XCTestCase {
    func testInsertingAtAParagraphStartKeepsRunsAndStyles() {
        var text = AttributedText()
        text.append("first", attributes: TextAttributes(tracking: 1))
        text.endParagraph(ParagraphStyle(alignment: .center))
        text.append("second", attributes: TextAttributes(tracking: 1))
        text.endParagraph(ParagraphStyle(alignment: .right))
        var inserted = AttributedText()
        inserted.append("new", attributes: TextAttributes(superscript: 1))
        inserted.endParagraph(ParagraphStyle(alignment: .justified))
        for (offset, expected) in [(0, "new\nfirst\nsecond\n"), (6, "first\nnew\nsecond\n"), (13, "first\nsecond\nnew\n")] {
            var t = text
            t.insert(inserted, at: offset)
            let s = TextStorage()
            s.append(t)
            XCTAssertEqual(s.string, expected)
            let index = s.paragraphIndex(containing: offset)
            XCTAssertEqual(s.paragraphStyle(ofParagraph: index).alignment, .justified)
            XCTAssertEqual(s.attributes(at: offset).attributes.superscript, 1)
            // The text around keeps its attributes (a run across the insertion point is cut there).
            XCTAssertEqual(s.attributes(at: expected.utf8.count - 2).attributes.tracking, offset == 13 ? nil : 1)
            XCTAssertEqual(s.paragraphCount, 4)
        }
    }
}

/// Copying part of a storage out (`attributedText(in:)`) keeps a floating block anchored on
/// a paragraph's separator: the balancing of columns lays such a copy out and must see it.
final class CopiedAnchorTests: XCTestCase {
    func testAFloatingBlockAnchoredOnASeparatorIsCopiedWithIt() throws {
        let font = TextAttributes(font: Fixture.serif)
        var figure = AttributedText()
        figure.append("figure", attributes: font)
        let block = FloatingBlock(figure)
        let storage = TextStorage()
        storage.append("first paragraph", attributes: font, paragraphStyle: ParagraphStyle())
        var anchor = font
        anchor.floatingBlock = block
        storage.append("\n", attributes: anchor, paragraphStyle: ParagraphStyle())
        storage.append("second paragraph", attributes: font, paragraphStyle: ParagraphStyle())
        let separator = storage.paragraphContentRange(at: 0).upperBound
        XCTAssertTrue(storage.attributes(at: separator).attributes.floatingBlock === block)

        for range in [0..<storage.length, 6..<storage.length] {
            let copy = TextStorage()
            copy.append(storage.attributedText(in: range))
            XCTAssertTrue(copy.hasFloatingBlocks, "\(range)")
            let at = copy.paragraphContentRange(at: 0).upperBound
            XCTAssertTrue(copy.attributes(at: at).attributes.floatingBlock === block, "\(range)")
            XCTAssertNil(copy.attributes(at: 0).attributes.floatingBlock, "only the separator carries it")
        }
        // A copy that ends before the separator does not take the block.
        let cut = TextStorage()
        cut.append(storage.attributedText(in: 0..<separator))
        XCTAssertFalse(cut.hasFloatingBlocks)
    }
}
