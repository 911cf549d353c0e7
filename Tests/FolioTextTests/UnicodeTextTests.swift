import XCTest
import FolioText

/// Offsets are UTF-8 bytes: multi-byte scripts, emoji sequences, combining marks and
/// right-to-left text, and rangeOfComposedCharacter(at:) widening to whole clusters.
final class UnicodeTextTests: XCTestCase {
    private let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"     // 4 emoji joined by 3 ZWJs
    private let thumbs = "👍🏽"                                 // emoji + skin-tone modifier
    private let flags = "🇫🇷🇩🇪"                              // two regional-indicator pairs
    private let decomposedE = "e\u{301}"                       // e + COMBINING ACUTE ACCENT
    private let shalom = "שָׁלוֹם"                               // Hebrew with points
    private let marhaba = "مرحبا"                              // Arabic

    // MARK: Byte lengths

    func testLengthsAreUTF8Bytes() {
        XCTAssertEqual(TextStorage("é").length, 2)
        XCTAssertEqual(TextStorage(decomposedE).length, 3)
        XCTAssertEqual(TextStorage("€").length, 3)
        XCTAssertEqual(TextStorage("🙂").length, 4)
        XCTAssertEqual(TextStorage(family).length, 25)
        XCTAssertEqual(TextStorage(thumbs).length, 8)
        XCTAssertEqual(TextStorage(flags).length, 16)
        XCTAssertEqual(TextStorage("שלום").length, 8)
        XCTAssertEqual(TextStorage(marhaba).length, 10)
        XCTAssertEqual(TextStorage("日本語").length, 9)
    }

    // MARK: Grapheme clusters

    func testFamilyEmojiIsOneCluster() {
        let text = "a" + family + "b"
        let s = TextStorage(text)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 0), 0..<1)
        for o in 1..<26 { XCTAssertEqual(s.rangeOfComposedCharacter(at: o), 1..<26, "offset \(o)") }
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 26), 26..<27)
        XCTAssertEqual(s.substring(s.rangeOfComposedCharacter(at: 13)), family)
    }

    func testCombiningMarkStaysWithItsBase() {
        let s = TextStorage("caf" + decomposedE + "!")
        XCTAssertEqual(s.length, 7)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 3), 3..<6)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 4), 3..<6, "the mark's own offset widens to the base")
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 5), 3..<6, "inside the mark's UTF-8 sequence")
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 6), 6..<7)
        XCTAssertEqual(s.substring(3..<6), decomposedE)
    }

    func testSeveralCombiningMarks() {
        let zalgo = "a\u{300}\u{316}\u{35C}b"                  // a + three marks, each 2 bytes
        let s = TextStorage(zalgo)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 0), 0..<7)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 6), 0..<7)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 7), 7..<8)
    }

    func testFlagsAreOneClusterEach() {
        let s = TextStorage(flags)
        for o in 0..<8 { XCTAssertEqual(s.rangeOfComposedCharacter(at: o), 0..<8, "offset \(o)") }
        for o in 8..<16 { XCTAssertEqual(s.rangeOfComposedCharacter(at: o), 8..<16, "offset \(o)") }
        XCTAssertEqual(s.substring(0..<8), "🇫🇷")
        XCTAssertEqual(s.substring(8..<16), "🇩🇪")
    }

    func testSkinToneModifierAndHangulJamo() {
        let jamo = "\u{1100}\u{1161}\u{11A8}"                  // 각 as three conjoining jamo
        let s = TextStorage(thumbs + jamo + "x")
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 5), 0..<8)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 8), 8..<17)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 16), 8..<17)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 17), 17..<18)
    }

    func testCarriageReturnLineFeedIsOneCluster() {
        let s = TextStorage("a\r\nb")
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 1), 1..<3)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 2), 1..<3)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 3), 3..<4)
    }

    func testClustersInLaterParagraphsAndAtTheEnd() {
        let text = "first\n" + "x" + family + "\n" + decomposedE
        let s = TextStorage(text)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 5), 5..<6, "a separator is its own cluster")
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 6), 6..<7)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 20), 7..<32)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 32), 32..<33)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 34), 33..<36)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 36), 36..<36, "the end is an empty range")
    }

    func testClustersTileEveryParagraph() {
        let text = "Tschüß " + family + " " + shalom + " " + marhaba + "\n" + flags + decomposedE + thumbs + "\n\n日本"
        let s = TextStorage(text)
        var o = 0
        var clusters: [String] = []
        while o < s.length {
            let r = s.rangeOfComposedCharacter(at: o)
            XCTAssertEqual(r.lowerBound, o)
            XCTAssertFalse(r.isEmpty)
            for inner in r { XCTAssertEqual(s.rangeOfComposedCharacter(at: inner), r) }
            clusters.append(s.substring(r))
            o = r.upperBound
        }
        XCTAssertEqual(clusters, text.map(String.init))
    }

    func testDeletingAWholeClusterLeavesValidText() {
        let s = TextStorage("a" + family + "b" + decomposedE)
        s.replaceCharacters(in: s.rangeOfComposedCharacter(at: 10), with: "")
        XCTAssertEqual(s.string, "ab" + decomposedE)
        s.replaceCharacters(in: s.rangeOfComposedCharacter(at: 3), with: "É")
        XCTAssertEqual(s.string, "abÉ")
        XCTAssertEqual(s.length, 4)
    }

    // MARK: Right-to-left text

    func testHebrewOffsetsAndAttributes() {
        let text = "abc " + shalom + " def"
        let s = TextStorage(text, attributes: Fixture.plain)
        let word = byteRange(of: shalom, in: text)
        XCTAssertEqual(word, 4..<18)
        s.setAttribute(.language, value: "he", range: word)
        XCTAssertEqual(s.attribute(.language, at: 10).range, 4..<18)
        XCTAssertEqual(s.substring(s.attribute(.language, at: 10).range), shalom)
        // Hebrew letters with points: shin + qamats + shin dot is one cluster.
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 4), 4..<10)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 11), 10..<12)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 12), 12..<16)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 16), 16..<18)
        XCTAssertEqual(s.attributeRuns(of: .language).map(\.range), [0..<4, 4..<18, 18..<22])
    }

    func testReplaceHebrewWithArabic() {
        let text = "Hebrew: שלום; end"
        let s = TextStorage(text, attributes: Fixture.plain)
        let hebrew = byteRange(of: "שלום", in: text)
        XCTAssertEqual(hebrew, 8..<16)
        s.setAttributes(Fixture.bold, range: hebrew)
        s.replaceCharacters(in: hebrew, with: marhaba, attributes: Fixture.italic)
        XCTAssertEqual(s.string, "Hebrew: مرحبا; end")
        XCTAssertEqual(s.length, 8 + 10 + 5)
        XCTAssertEqual(runs(s), [Run(0..<8, Fixture.plain), Run(8..<18, Fixture.italic), Run(18..<23, Fixture.plain)])
        XCTAssertEqual(s.substring(8..<18), marhaba)
        // Arabic letters are one scalar and one cluster each, 2 bytes.
        for (i, o) in stride(from: 8, to: 18, by: 2).enumerated() {
            XCTAssertEqual(s.rangeOfComposedCharacter(at: o + 1), o..<(o + 2), "letter \(i)")
        }
    }

    func testMixedDirectionParagraphs() {
        let s = TextStorage(marhaba + "\n" + "שלום" + "\nabc")
        XCTAssertEqual(s.paragraphCount, 3)
        XCTAssertEqual(s.paragraphRange(at: 0), 0..<11)
        XCTAssertEqual(s.paragraphContentRange(at: 1), 11..<19)
        XCTAssertEqual(s.paragraphRange(at: 2), 20..<23)
        XCTAssertEqual(s.paragraphIndex(containing: 15), 1)
        var rtl = ParagraphStyle(); rtl.baseWritingDirection = .rightToLeft
        s.setParagraphStyle(rtl, range: 0..<19)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 0).baseWritingDirection, .rightToLeft)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 1).baseWritingDirection, .rightToLeft)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 2).baseWritingDirection, .natural)
    }

    // MARK: Editing multi-byte text

    func testEditingAroundEmojiKeepsByteRuns() {
        let text = "I " + "❤️" + " " + family + "!"
        let s = TextStorage(text, attributes: Fixture.plain)
        let heart = byteRange(of: "❤️", in: text)              // U+2764 U+FE0F: 3 + 3 bytes
        XCTAssertEqual(heart, 2..<8)
        s.setAttributes(Fixture.redText, range: heart)
        let fam = byteRange(of: family, in: text)
        XCTAssertEqual(fam, 9..<34)
        s.setAttributes(Fixture.bold, range: fam)
        XCTAssertEqual(runs(s).map(\.range), [0..<2, 2..<8, 8..<9, 9..<34, 34..<35])
        XCTAssertEqual(s.attributes(at: 20).range, 9..<34)

        s.replaceCharacters(in: 0..<2, with: "Wir ")          // 2 bytes longer
        XCTAssertEqual(s.attributes(at: 6).range, 4..<10)
        XCTAssertEqual(s.attributes(at: 6).attributes, Fixture.redText)
        XCTAssertEqual(s.substring(4..<10), "❤️")
        s.replaceCharacters(in: 11..<36, with: thumbs)         // the family, replaced
        XCTAssertEqual(s.string, "Wir ❤️ 👍🏽!")
        XCTAssertEqual(s.attributes(at: 12).range, 11..<19, "takes the bold of the family it replaced")
        XCTAssertEqual(s.attributes(at: 12).attributes, Fixture.bold)
        assertConsistent(s)
    }

    func testInsertingBetweenBaseAndMarkIsAllowedAtAScalarBoundary() {
        // Scalar boundaries are valid offsets even inside a cluster; the text stays valid.
        let s = TextStorage(decomposedE)
        s.replaceCharacters(in: 1..<1, with: "x")
        XCTAssertEqual(s.string, "ex\u{301}")
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 0), 0..<1)
        XCTAssertEqual(s.rangeOfComposedCharacter(at: 1), 1..<4)
    }
}
