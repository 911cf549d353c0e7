@testable import FolioLayout
import CPango
import Foundation
import XCTest

/// East Asian text through the word cache a character at a time (`StandaloneCharacters`):
/// the glyphs, advances and clusters Pango gives the whole run, on a Chinese book and on
/// the cases at the edges of the rule (marks, variation selectors, joiners, punctuation
/// that kerns), and which characters a font's shaping plan lets stand alone.
final class StandaloneCharactersTests: XCTestCase {
    private func shape(_ text: String, _ font: FontDescriptor, language: String, context: ShapingContext) -> ShapedParagraph {
        let bytes = Array(text.utf8)
        return context.shapeParagraph(text: bytes, storageOffset: 0,
                                      attributeRuns: [(range: 0..<bytes.count, attributes: TextAttributes(font: font, language: language))],
                                      style: ParagraphStyle(alignment: .justified, hyphenation: true), defaults: LayoutDefaults(font: font))
    }

    /// Each text twice through the cache (filling it, then reading it back) and once
    /// without: the same shaping each time.
    private func assertCacheChangesNothing(_ samples: some Sequence<String>, _ font: FontDescriptor, language: String,
                                           cached: ShapingContext, file: StaticString = #filePath, line: UInt = #line) {
        let direct = ShapingContext(wordCache: false)
        for text in samples where !text.isEmpty {
            let first = shape(text, font, language: language, context: cached)
            let again = shape(text, font, language: language, context: cached)
            let plain = shape(text, font, language: language, context: direct)
            assertSameShaping(first, plain, "“\(text.prefix(30))” (\(language), \(font.families[0]))", file: file, line: line)
            assertSameShaping(again, plain, "“\(text.prefix(30))” (\(language), \(font.families[0])) from the cache", file: file, line: line)
        }
        XCTAssertEqual(direct.wordCache.hits + direct.wordCache.misses, 0, file: file, line: line)
    }

    func testAChineseBookShapedACharacterAtATimeIsShapedAsWholeRuns() throws {
        let paragraphs = try EastAsianCorpusTests.paragraphs(removingSpaces: false)
        let ideographs = paragraphs.prefix(300).reduce(0) { n, p in n + p.unicodeScalars.filter { (0x4E00...0x9FFF).contains($0.value) }.count }
        XCTAssertGreaterThan(ideographs, 10_000)
        let serif = ShapingContext()
        assertCacheChangesNothing(paragraphs.prefix(300), FontDescriptor(families: ["DejaVu Serif"], size: 10), language: "zh-Hans",
                                  cached: serif)
        // Every ideograph of the second pass, at least, came from the cache.
        XCTAssertGreaterThanOrEqual(serif.wordCache.hits, ideographs, "hits \(serif.wordCache.hits), misses \(serif.wordCache.misses)")
        // Sans (headings) and monospaced (code) take other faces, with other lookups.
        assertCacheChangesNothing(paragraphs.prefix(60), FontDescriptor(families: ["DejaVu Sans"], size: 10, weight: .bold),
                                  language: "zh-Hans", cached: ShapingContext())
        assertCacheChangesNothing(paragraphs.prefix(60), FontDescriptor(families: ["DejaVu Sans Mono"], size: 9),
                                  language: "zh-Hans", cached: ShapingContext())
    }

    /// Text of ideographs alone, set a second time: every character comes from the cache,
    /// in the serif and sans faces a Chinese or Japanese body falls back to.
    func testIdeographsComeFromTheCacheOneByOne() {
        let text = "天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏闰余成岁律吕调阳云腾致雨露结为霜"
        let count = text.unicodeScalars.count
        for language in ["zh-Hans", "ja"] {
            for family in ["DejaVu Serif", "DejaVu Sans"] {
                let context = ShapingContext(), font = FontDescriptor(families: [family], size: 10)
                let first = shape(text, font, language: language, context: context)
                XCTAssertTrue(first.runs.allSatisfy { $0.font.hasIdeographs }, "\(family), \(language): set in an East Asian face")
                let (hits, misses) = (context.wordCache.hits, context.wordCache.misses)
                let again = shape(text, font, language: language, context: context)
                XCTAssertEqual(context.wordCache.misses, misses, "\(family), \(language): nothing missed the second time")
                XCTAssertEqual(context.wordCache.hits - hits, count, "\(family), \(language): one hit a character")
                assertSameShaping(again, first, "the ideographs in \(family), \(language)")
            }
        }
    }

    func testMarksSelectorsJoinersAndKerningPunctuationKeepTheirContext() {
        let samples = [
            "漢\u{FE00}字漢字，漢\u{FE01}字",                  // standardized variation selectors
            "葛\u{E0100}城葛城葛\u{E0101}城",                  // ideographic variation sequences
            "か\u{3099}かがかカ\u{309A}カ",                     // combining voiced marks after kana
            "字\u{200D}字字\u{200C}字字\u{2060}字字\u{00AD}字",  // joiners, word joiner, soft hyphen
            "字\u{0301}字字\u{20DD}字",                        // marks of other blocks
            "「引用」，（括号）。“引号”、《书名》！？……——『』〈〉【】",
            "2021年3月，Rust 1.50 版本发布了。第2章：“猜数字”游戏！",
            "\u{3000}首行缩进两个字，全角空格　在中间。",
            "あいうえお、カタカナ。漢字かな交じり文です。ｆｕｌｌ　ｗｉｄｔｈ１２３",
            "𠀀𠀁𪚥𫝀 和基本平面之外的汉字。",
            "丽丸乁 和兼容表意文字 豈更車。",
        ]
        for language in ["zh-Hans", "zh-Hant", "ja"] {
            for family in ["DejaVu Serif", "DejaVu Sans"] {
                assertCacheChangesNothing(samples, FontDescriptor(families: [family], size: 10), language: language, cached: ShapingContext())
            }
        }
    }

    /// The same text in pieces of several styles, each paragraph through a fresh cache:
    /// every piece is missed, and the missed pieces of a stretch are shaped together.
    func testMissedPiecesShapedTogetherKeepTheirOwnGlyphs() throws {
        let paragraphs = try EastAsianCorpusTests.paragraphs(removingSpaces: false).prefix(80)
        let serif = FontDescriptor(families: ["DejaVu Serif"], size: 10)
        var bold = serif
        bold.weight = .bold
        let direct = ShapingContext(wordCache: false)
        for paragraph in paragraphs {
            let bytes = Array(paragraph.utf8)
            // Cuts at character starts near a third and two thirds.
            func cut(_ at: Int) -> Int { var i = at; while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }; return i }
            let a = cut(bytes.count / 3), b = cut(2 * bytes.count / 3)
            guard 0 < a, a < b, b < bytes.count else { continue }
            let runs = [(0..<a, TextAttributes(font: serif, language: "zh-Hans")), (a..<b, TextAttributes(font: bold, language: "zh-Hans")),
                        (b..<bytes.count, TextAttributes(font: serif, language: "zh-Hans"))]
            func shape(_ context: ShapingContext) -> ShapedParagraph {
                context.shapeParagraph(text: bytes, storageOffset: 0, attributeRuns: runs.map { (range: $0.0, attributes: $0.1) },
                                       style: ParagraphStyle(alignment: .justified), defaults: LayoutDefaults(font: serif))
            }
            assertSameShaping(shape(ShapingContext()), shape(direct), "“\(paragraph.prefix(30))” in three styles")
        }
    }

    func testTheShapingPlanDecidesWhichCharactersStandAlone() throws {
        let context = ShapingContext()
        let font = try XCTUnwrap(context.loadFont(FontDescriptor(families: ["Noto Sans CJK SC"], size: 10)))
        guard font.familyName == "Noto Sans CJK SC" else { throw missingRequirement("Noto Sans CJK SC (fonts-noto-cjk)") }
        XCTAssertTrue(font.hasIdeographs)
        XCTAssertFalse(font.shapesWordByWord, "a substitution reads the space")
        let dejaVu = try XCTUnwrap(context.loadFont(FontDescriptor(families: ["DejaVu Serif"], size: 10)))
        if dejaVu.familyName == "DejaVu Serif" { XCTAssertFalse(dejaVu.hasIdeographs) }
        func table(_ language: String, _ features: [String] = []) throws -> StandaloneCharacters {
            let parsed = features.map { name -> hb_feature_t in
                var f = hb_feature_t()
                _ = hb_feature_from_string(name, -1, &f)
                return f
            }
            return try XCTUnwrap(StandaloneCharacters(font: font.pangoFont, script: HB_SCRIPT_HAN,
                                                      language: hb_language_from_string(language, -1), features: parsed))
        }
        let chinese = try table("zh-Hans")
        for c in "漢字直骨中文写「！Ａ１\u{3000}" { XCTAssertTrue(chinese.contains(c.unicodeScalars.first!.value), "\(c) in Chinese") }
        for c in ["A", "1", " ", "\u{3099}", "\u{F900}", "\u{FE00}", "\u{200D}", "\u{AC00}"] {
            XCTAssertFalse(chinese.contains(c.unicodeScalars.first!.value), "U+\(String(c.unicodeScalars.first!.value, radix: 16))")
        }
        // In Japanese the font's localized forms replace some ideographs' glyphs: those
        // depend on the plan, and are not standalone there; the others still are.
        let japanese = try table("ja")
        let localized = "直骨写".unicodeScalars.filter { !japanese.contains($0.value) }
        XCTAssertFalse(localized.isEmpty, "some of 直骨写 take Japanese forms")
        XCTAssertTrue(japanese.contains(0x4E2D), "中")
        // A feature asked for brings its lookups: half-width forms replace full-width letters'.
        let halfWidth = try table("zh-Hans", ["hwid"])
        XCTAssertFalse(halfWidth.contains(0xFF21), "Ａ with hwid")
        XCTAssertTrue(halfWidth.contains(0x4E2D), "中 with hwid")
    }
}
