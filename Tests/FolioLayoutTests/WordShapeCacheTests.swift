@testable import FolioLayout
import CPango
import Foundation
import XCTest

final class WordShapeCacheTests: XCTestCase {
    private let serif = FontDescriptor(families: ["DejaVu Serif"], size: 10)

    private func shape(_ text: String, runs: [(Range<Int>, TextAttributes)]? = nil, context: ShapingContext) -> ShapedParagraph {
        let bytes = Array(text.utf8)
        let attributeRuns = runs.map { $0.map { (range: $0.0, attributes: $0.1) } }
            ?? [(range: 0..<bytes.count, attributes: TextAttributes(font: serif))]
        return context.shapeParagraph(text: bytes, storageOffset: 0, attributeRuns: attributeRuns,
                                      style: ParagraphStyle(alignment: .justified, hyphenation: true),
                                      defaults: LayoutDefaults(font: serif))
    }

    func testSerifQualifiesAndAFontKerningAgainstTheSpaceDoesNot() {
        let context = ShapingContext()
        XCTAssertTrue(context.loadFont(serif)!.shapesWordByWord)
        // DejaVu Sans has a substitution that takes the space as input.
        XCTAssertFalse(context.loadFont(FontDescriptor(families: ["DejaVu Sans"], size: 10))!.shapesWordByWord)
        // The answer is kept on each face (shared by its sizes), not taken from another.
        for size in [7.0, 14, 31] {
            var other = serif
            other.size = size
            XCTAssertTrue(context.loadFont(other)!.shapesWordByWord, "DejaVu Serif \(size)")
            XCTAssertFalse(context.loadFont(FontDescriptor(families: ["DejaVu Sans"], size: size))!.shapesWordByWord, "DejaVu Sans \(size)")
        }
    }

    func testWordByWordShapingEqualsShapingWholeRuns() throws {
        let samples = [
            "Plain words, repeated words, repeated words and “quoted” words — with dashes.",
            "Ligatures: office, affluent, fjord, ﬁne; numbers 1,234.56 and 3/4.",
            "A space before marks: e \u{301}x and a \u{20DD} and cafe\u{301} cafe\u{301}.",
            "Emoji 👨‍👩‍👧‍👦 and flags 🇩🇪 among words, and  two  spaces   here.",
            "Hebrew שלום עולם between Latin words, and Arabic مرحبا بالعالم too.",
            "Tabs\tbetween\twords and a no-break\u{00A0}space and a thin\u{2009}space.",
            " Leading and trailing spaces ",
        ]
        // Each paragraph goes through the cache twice: every word of the second pass hits.
        assertCacheChangesNothing(samples, hitsPerMiss: 1)
    }

    func testWordByWordShapingEqualsShapingWholeRunsInANovel() throws {
        let corpus = corpusFolder.appendingPathComponent("pride-and-prejudice.md").path
        guard let text = try? String(contentsOfFile: corpus, encoding: .utf8) else {
            throw missingRequirement("The corpus text \(corpus)")
        }
        // A novel's words repeat: far more hits than misses.
        assertCacheChangesNothing(text.components(separatedBy: "\n\n").prefix(400).map { $0.replacingOccurrences(of: "\n", with: " ") },
                                  hitsPerMiss: 4)
    }

    private func assertCacheChangesNothing(_ samples: [String], hitsPerMiss: Int, file: StaticString = #filePath, line: UInt = #line) {
        let cached = ShapingContext(), direct = ShapingContext(wordCache: false)
        for text in samples where !text.isEmpty {
            // Twice through the cache: once filling it, once reading it back.
            let first = shape(text, context: cached), again = shape(text, context: cached)
            let plain = shape(text, context: direct)
            assertSameShaping(first, plain, "“\(text.prefix(40))”", file: file, line: line)
            assertSameShaping(again, plain, "“\(text.prefix(40))” from the cache", file: file, line: line)
        }
        XCTAssertGreaterThan(cached.wordCache.misses, 0, file: file, line: line)
        XCTAssertGreaterThanOrEqual(cached.wordCache.hits, hitsPerMiss * cached.wordCache.misses, file: file, line: line)
        XCTAssertEqual(direct.wordCache.hits + direct.wordCache.misses, 0, file: file, line: line)
    }

    /// Two fonts made from DejaVu Serif (subset to a few letters) that defeat a naive
    /// check: one kerns the space against A in an old `kern` table while its GPOS has no
    /// `kern` feature (so HarfBuzz applies the table); one has a ligature "x space a" that
    /// only a context rule reaches (a lookup no feature lists).
    func testFontsThatReachAcrossTheSpaceAreShapedWhole() throws {
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fonts")
        try ApplicationFonts.add(fileAt: fonts.appendingPathComponent("ReviewLegacyKern.ttf").path)
        try ApplicationFonts.add(fileAt: fonts.appendingPathComponent("ReviewNested.ttf").path)
        let cached = ShapingContext(), direct = ShapingContext(wordCache: false)
        XCTAssertFalse(cached.loadFont(FontDescriptor(families: ["Review Nested"], size: 10))!.shapesWordByWord)
        for family in ["Review LegacyKern", "Review Nested"] {
            let font = FontDescriptor(families: [family], size: 10)
            XCTAssertEqual(cached.loadFont(font)?.familyName, family)
            for text in ["AVA A A. Tom A V", "x a xa x a.", "x a x a"] {
                let runs = [(0..<text.utf8.count, TextAttributes(font: font))]
                for _ in 0..<2 {
                    assertSameShaping(shape(text, runs: runs, context: cached), shape(text, runs: runs, context: direct),
                                      "“\(text)” in \(family)")
                }
            }
        }
        // The kern table does apply there: shaped whole, the space before A is narrower.
        let kerned = shape("A A", runs: [(0..<3, TextAttributes(font: FontDescriptor(families: ["Review LegacyKern"], size: 10)))],
                           context: direct)
        let plain = shape("A A", runs: [(0..<3, TextAttributes(font: serif))], context: direct)
        XCTAssertLessThan(kerned.advances[1], plain.advances[1] - 1)
    }

    func testTheTableGrowsAndKeepsEveryWord() {
        // Three thousand distinct words (the table starts at 1 024 slots, three in four
        // full at most): each is found again after the table has grown past it.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let words = (0..<3_000).map { (n: Int) -> String in
            let a: Character = letters[n % 26], b: Character = letters[n / 26 % 26], c: Character = letters[n / 676 % 26]
            return String([a, b, c, "e", "d"])
        }
        let paragraphs = stride(from: 0, to: words.count, by: 100).map { words[$0..<($0 + 100)].joined(separator: " ") + "." }
        let cached = ShapingContext(), direct = ShapingContext(wordCache: false)
        for text in paragraphs { _ = shape(text, context: cached) }
        XCTAssertGreaterThanOrEqual(cached.wordCache.count, words.count)
        let misses = cached.wordCache.misses
        for text in paragraphs {
            assertSameShaping(shape(text, context: cached), shape(text, context: direct), "“\(text.prefix(20))…” again")
        }
        XCTAssertEqual(cached.wordCache.misses, misses, "every word was found again")
    }

    func testCollidingWordsAreShapedNotConfused() throws {
        // Eight keys for all the words of a novel's opening: nearly every word collides
        // with another, and each must still get its own glyphs.
        let corpus = corpusFolder.appendingPathComponent("pride-and-prejudice.md").path
        guard let text = try? String(contentsOfFile: corpus, encoding: .utf8) else {
            throw missingRequirement("The corpus text \(corpus)")
        }
        let cached = ShapingContext(), direct = ShapingContext(wordCache: false)
        cached.wordCache.keyMask = 0x7
        for paragraph in text.components(separatedBy: "\n\n").prefix(60) where !paragraph.isEmpty {
            let line = paragraph.replacingOccurrences(of: "\n", with: " ")
            for _ in 0..<2 {
                assertSameShaping(shape(line, context: cached), shape(line, context: direct), "“\(line.prefix(30))…” with colliding keys")
            }
        }
        XCTAssertLessThanOrEqual(cached.wordCache.count, 8)
        XCTAssertGreaterThan(cached.wordCache.hits, 0)
    }

    /// The words of a piece the cache lacks are shaped together, in one call: with a full
    /// cache (none of them kept) and in pieces whose last word has no space after it (a
    /// style change mid-sentence), each still gets the glyphs Pango gives the whole run.
    func testMissedWordsShapedTogetherGetTheirOwnGlyphs() throws {
        let corpus = corpusFolder.appendingPathComponent("pride-and-prejudice.md").path
        guard let text = try? String(contentsOfFile: corpus, encoding: .utf8) else {
            throw missingRequirement("The corpus text \(corpus)")
        }
        let paragraphs = text.components(separatedBy: "\n\n").prefix(150).map { $0.replacingOccurrences(of: "\n", with: " ") }
        let full = ShapingContext(), direct = ShapingContext(wordCache: false)
        // Filled with words the novel never uses: every word of it is missed, and not kept.
        var info = PangoGlyphInfo()
        info.glyph = 3
        let variant = try XCTUnwrap(full.loadFont(serif).flatMap { font in
            full.wordCache.variantID(.init(font: font.pangoFont, features: "", language: pango_language_from_string("en"), script: 0))
        })
        for n in 0..<WordShapeCache.capacity {
            Array("qqz\(n) ".utf8).withUnsafeBufferPointer { w in
                [info].withUnsafeBufferPointer { g in [Int32(0)].withUnsafeBufferPointer { c in full.wordCache.insert(w, variant: variant, glyphs: g, clusters: c) } }
            }
        }
        XCTAssertEqual(full.wordCache.count, WordShapeCache.capacity)
        let italic = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10, style: .italic))
        for paragraph in paragraphs where paragraph.utf8.count > 20 {
            assertSameShaping(shape(paragraph, context: full), shape(paragraph, context: direct), "“\(paragraph.prefix(40))”, cache full")
            // Italic from the middle of a word to the middle of another: pieces ending mid-word.
            let bytes = paragraph.utf8.count, a = bytes / 3 + 1, b = 2 * bytes / 3 + 1
            guard paragraph.utf8.dropFirst(a).first.map({ $0 < 0x80 }) == true, paragraph.utf8.dropFirst(b).first.map({ $0 < 0x80 }) == true else { continue }
            let runs = [(0..<a, TextAttributes(font: serif)), (a..<b, italic), (b..<bytes, TextAttributes(font: serif))]
            let fresh = ShapingContext()
            assertSameShaping(shape(paragraph, runs: runs, context: fresh), shape(paragraph, runs: runs, context: direct),
                              "“\(paragraph.prefix(40))” in three styles")
        }
        XCTAssertEqual(full.wordCache.hits, 0)
        XCTAssertEqual(full.wordCache.count, WordShapeCache.capacity)
    }

    func testTheCacheStopsAtItsCapacity() {
        var cache = WordShapeCache()
        func append(_ word: [UInt8], variant: Int32, clusterOffset: Int32, to glyphs: ScratchBuffer<PangoGlyphInfo>,
                    _ clusters: ScratchBuffer<Int32>) -> Bool {
            guard let found = word.withUnsafeBufferPointer({ cache.find($0, variant: variant) }) else { return false }
            cache.append(found, clusterOffset: clusterOffset, glyphs: glyphs, clusters: clusters)
            return true
        }
        var info = PangoGlyphInfo()
        info.glyph = 7
        info.geometry.width = 1024
        info.attr.is_cluster_start = 1
        for n in 0..<(WordShapeCache.capacity + 100) {
            let word = Array("w\(n) ".utf8)
            word.withUnsafeBufferPointer { w in
                [info].withUnsafeBufferPointer { g in [Int32(0)].withUnsafeBufferPointer { c in cache.insert(w, variant: 0, glyphs: g, clusters: c) } }
            }
        }
        XCTAssertEqual(cache.count, WordShapeCache.capacity)
        // The first words are held, with their glyph's flags; the last are not.
        let glyphs = ScratchBuffer<PangoGlyphInfo>(capacity: 1), clusters = ScratchBuffer<Int32>(capacity: 1)
        XCTAssertTrue(append(Array("w0 ".utf8), variant: 0, clusterOffset: 5, to: glyphs, clusters))
        XCTAssertEqual(glyphs.count, 1)
        XCTAssertEqual(glyphs.values.first?.glyph, 7)
        XCTAssertEqual(glyphs.values.first?.geometry.width, 1024)
        XCTAssertEqual(glyphs.values.first?.attr.is_cluster_start, 1)
        XCTAssertEqual(Array(clusters.values), [5])
        // A second word grows the buffers and keeps the first.
        XCTAssertTrue(append(Array("w1 ".utf8), variant: 0, clusterOffset: 8, to: glyphs, clusters))
        XCTAssertEqual(glyphs.values.map(\.glyph), [7, 7])
        XCTAssertEqual(Array(clusters.values), [5, 8])
        XCTAssertFalse(append(Array("w0 ".utf8), variant: 1, clusterOffset: 0, to: glyphs, clusters))
        XCTAssertFalse(append(Array("w\(WordShapeCache.capacity + 50) ".utf8), variant: 0, clusterOffset: 0, to: glyphs, clusters))
        XCTAssertEqual(glyphs.count, 2, "a word not held adds nothing")
    }

    func testFeaturesAndStylesAreCachedApart() {
        let text = "office office office"
        let bytes = text.utf8.count
        let noLigatures = TextAttributes(font: serif, ligatures: false)
        let smallCaps = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10, features: [.init("smcp")]))
        let italic = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10, style: .italic))
        let cached = ShapingContext(), direct = ShapingContext(wordCache: false)
        for attributes in [TextAttributes(font: serif), noLigatures, smallCaps, italic, TextAttributes(font: serif)] {
            let runs = [(0..<bytes, attributes)]
            assertSameShaping(shape(text, runs: runs, context: cached), shape(text, runs: runs, context: direct),
                              "“\(text)” with \(attributes)")
        }
        // Styles changing inside a word: the pieces are words of their own.
        let mixed = [(0..<3, TextAttributes(font: serif)), (3..<bytes, italic)]
        assertSameShaping(shape(text, runs: mixed, context: cached), shape(text, runs: mixed, context: direct), "a word in two styles")
    }

    func testAWordNeverStartsWithAMarkOrAJoiner() {
        let text = Array("ab \u{301}c d\u{200D}e f  g".utf8)
        var ends: [Int] = []
        text.withUnsafeBufferPointer { buf in
            var i = 0
            while i < buf.count { i = WordShapeCache.wordEnd(in: buf, from: i, to: buf.count); ends.append(i) }
        }
        // "ab " runs on into "\u{301}c " (a mark cannot start a word).
        let words = zip([0] + ends.dropLast(), ends).map { String(decoding: text[$0..<$1], as: UTF8.self) }
        XCTAssertEqual(words, ["ab \u{301}c ", "d\u{200D}e ", "f  ", "g"])
    }
}
