import FolioLayout
import Foundation
import XCTest

/// One cluster of a laid-out line: its text, where its first glyph is, and its run.
struct PlacedCluster {
    var text: String
    var x: Double
    var run: GlyphRun
}

/// The clusters of `line` from left to right.
func placedClusters(_ line: LineFragment) -> [PlacedCluster] {
    var out: [PlacedCluster] = []
    for run in line.glyphRuns where run.attachment == nil {
        let bytes = Array(run.text.utf8)
        var byte = 0, glyph = 0
        for c in run.clusters {
            let text = String(decoding: bytes[byte..<min(bytes.count, byte + c.byteCount)], as: UTF8.self)
            if c.glyphCount > 0, glyph < run.positions.count {
                out.append(PlacedCluster(text: text, x: run.positions[glyph].x, run: run))
            }
            byte += c.byteCount; glyph += c.glyphCount
        }
    }
    return out.sorted { $0.x < $1.x }
}

func isHan(_ s: String) -> Bool {
    guard let v = s.unicodeScalars.first?.value else { return false }
    return (0x4E00...0x9FFF).contains(v) || (0x3040...0x30FF).contains(v)
}

final class EastAsianLayoutTests: XCTestCase {
    /// Lays out `text` in DejaVu Serif 10 pt (East Asian characters fall back to Noto CJK)
    /// in one container `width` wide.
    func layOut(_ text: String, width: Double, language: String? = "zh-Hans", families: [String] = ["DejaVu Serif"],
                fontStyle: FontStyle = .normal,
                style: ParagraphStyle = ParagraphStyle(alignment: .justified, hyphenation: true)) throws -> LayoutManager {
        var attributes = TextAttributes(font: FontDescriptor(families: families, size: 10, style: fontStyle))
        attributes.language = language
        let storage = TextStorage(text, attributes: attributes, paragraphStyle: style)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: width, height: 100_000)))
        manager.ensureLayout()
        let cjk = manager.lineFragments.flatMap(\.glyphRuns).first { run in run.text.unicodeScalars.contains { $0.value >= 0x3000 } }
        if let cjk, !cjk.font.familyName.contains("CJK") { throw missingRequirement("fonts-noto-cjk (Noto CJK fonts)") }
        return manager
    }

    static let han = "排版是把文字和图片放到页面上的工作需要考虑字距行距与标点的位置每一个细节都会影响读者的阅读体验因此排版规则非常重要"

    func testJustifiedHanLinesEndFlushWithEvenGaps() throws {
        let manager = try layOut(String(repeating: Self.han, count: 3), width: 203)
        let lines = manager.lineFragments.dropLast()
        XCTAssertGreaterThan(lines.count, 5)
        for line in lines {
            let clusters = placedClusters(line)
            let last = clusters.last!
            XCTAssertEqual(last.x + 10 * (last.run.attributes.expansion ?? 1), 203, accuracy: 0.05, "justified line ends at the margin")
            var gaps: [Double] = []
            for (a, b) in zip(clusters, clusters.dropFirst()) { gaps.append(b.x - a.x - 10 * (a.run.attributes.expansion ?? 1)) }
            XCTAssertLessThan(gaps.max()! - gaps.min()!, 0.01, "every gap opens by the same amount")
            XCTAssertLessThanOrEqual(gaps.max()!, 6, "no gap wider than 0.6 em")
        }
    }

    func testHanAndLatinAreAQuarterEmApartUnlessTheTextHasASpace() throws {
        let manager = try layOut("用TextKit排版", width: 400, style: ParagraphStyle(alignment: .left))
        let c = placedClusters(manager.lineFragments[0])
        let yong = c.first { $0.text == "用" }!, t = c.first { $0.text == "T" }!, pai = c.first { $0.text == "排" }!
        XCTAssertEqual(t.x - yong.x - 10, 2.5, accuracy: 0.01, "a quarter em after the ideograph")
        let latin = t.run
        XCTAssertEqual(pai.x - latin.bounds.maxX, 2.5, accuracy: 0.01, "a quarter em before the next ideograph")
        XCTAssertEqual(latin.bounds.minX, t.x, accuracy: 0.01, "the Latin run's bounds start at its first glyph")

        let spaced = try layOut("用 TextKit 排版", width: 400, style: ParagraphStyle(alignment: .left))
        let s = placedClusters(spaced.lineFragments[0])
        let gap = s.first { $0.text == "T" }!.x - s.first { $0.text == "用" }!.x - 10
        XCTAssertLessThan(gap, 3.3, "the text's own space, not a space and a quarter em")

        var off = ParagraphStyle(alignment: .left)
        off.eastAsian.latinSpacing = 0
        let solid = placedClusters(try layOut("用TextKit排版", width: 400, style: off).lineFragments[0])
        XCTAssertEqual(solid.first { $0.text == "T" }!.x - solid.first { $0.text == "用" }!.x, 10, accuracy: 0.01)
    }

    func testAdjacentFullWidthPunctuationIsCompressedByHalfAnEm() throws {
        let manager = try layOut("他说：「你好。」「再见！」", width: 400, style: ParagraphStyle(alignment: .left))
        let c = placedClusters(manager.lineFragments[0])
        func x(_ s: String, _ n: Int = 0) -> Double { c.filter { $0.text == s }[n].x }
        XCTAssertEqual(x("。") - x("好"), 10, accuracy: 0.01)
        XCTAssertEqual(x("」") - x("。"), 5, accuracy: 0.01, "。」: the full stop's empty half goes")
        XCTAssertEqual(x("「", 1) - x("」"), 5, accuracy: 0.01, "」「: the opening bracket's empty half goes")
        XCTAssertEqual(x("「") - x("："), 5, accuracy: 0.01, "：「 in Simplified Chinese")

        var off = ParagraphStyle(alignment: .left)
        off.eastAsian.compressesPunctuation = false
        let solid = placedClusters(try layOut("你好。」", width: 400, style: off).lineFragments[0])
        XCTAssertEqual(solid[3].x - solid[2].x, 10, accuracy: 0.01)
    }

    /// Closing punctuation never starts a line, opening punctuation never ends one, and
    /// `——` and `……` stay whole, whatever the width.
    func testKinsokuHoldsAtEveryWidth() throws {
        let text = "他说：“这是（一个）测试。”然后——没有然后了……「好」、『对』，《书》！真的？是的；好。"
        let closing = Set("。，、：；！？）」』》”")
        let opening = Set("（「『《“")
        for width in stride(from: 40.0, through: 160.0, by: 5) {
            let manager = try layOut(String(repeating: text, count: 2), width: width)
            for line in manager.lineFragments {
                let s = manager.textStorage.substring(line.characterRange).trimmingCharacters(in: .whitespacesAndNewlines)
                guard let first = s.first, let last = s.last else { continue }
                XCTAssertFalse(closing.contains(first), "width \(width): line starts with \(first): \(s)")
                XCTAssertFalse(opening.contains(last), "width \(width): line ends with \(last): \(s)")
            }
            let texts = manager.lineFragments.map { manager.textStorage.substring($0.characterRange) }
            for (a, b) in zip(texts, texts.dropFirst()) {
                XCTAssertFalse(a.hasSuffix("—") && b.hasPrefix("—"), "width \(width): —— split: \(a) | \(b)")
                XCTAssertFalse(a.hasSuffix("…") && b.hasPrefix("…"), "width \(width): …… split: \(a) | \(b)")
            }
            assertCoversEveryCharacterOnce(manager)
        }
    }

    func testAClosingMarkAtALineEndGivesBackItsEmptyHalfOrHangs() throws {
        // 18 ideographs and a comma: 190 pt, less what the comma gives back at the line's end.
        let text = "排版是把文字和图片放到页面上的工作需，" + "要考虑字距行距与标点的位置每一个细节都会影响读者的阅读体验"
        for (mode, trim) in [(EastAsianLayout.LineEndPunctuation.full, 0.0), (.half, 5.0), (.hang, 10.0)] {
            var style = ParagraphStyle(alignment: .justified)
            style.eastAsian.lineEndPunctuation = mode
            let manager = try layOut(text, width: 190 - trim, style: style)
            let first = placedClusters(manager.lineFragments[0])
            XCTAssertEqual(first.last!.text, "，", "\(mode)")
            XCTAssertEqual(first.last!.x + 10 - trim, 190 - trim, accuracy: 0.01, "\(mode): the comma ends \(10 - trim) pt past the margin")
        }
    }

    func testAnOpeningMarkStartingALineMayGiveBackItsEmptyHalf() throws {
        // 19 ideographs fill the first line; the second starts with 「.
        let text = "排版是把文字和图片放到页面上的工作需" + "要" + "「考虑字距行距与标点」的位置每一个细节都会影响读者的阅读体验，排版规则非常重要。"
        for (mode, shift) in [(EastAsianLayout.LineStartPunctuation.full, 0.0), (.half, 5.0)] {
            var style = ParagraphStyle(alignment: .justified)
            style.eastAsian.lineStartPunctuation = mode
            let manager = try layOut(text, width: 190, style: style)
            let second = try XCTUnwrap(manager.lineFragments.dropFirst().first)
            let clusters = placedClusters(second)
            XCTAssertEqual(clusters.first?.text, "「", "\(mode)")
            XCTAssertEqual(clusters.first!.x, -shift, accuracy: 0.01, "\(mode): the bracket's ink starts at the margin")
            if !second.isLastLineOfParagraph {
                let last = clusters.last!
                XCTAssertEqual(last.x + 10 - (last.text == "，" || last.text == "」" ? 5 : 0), 190, accuracy: 0.05, "\(mode): flush right")
            }
        }
    }

    func testStrictRulesKeepSmallKanaOffALineStartLooseOnesAllowIt() throws {
        let text = String(repeating: "あっあっあっあっ", count: 6)
        func starts(_ rules: EastAsianLayout.LineBreakRules) throws -> Int {
            var style = ParagraphStyle(alignment: .left)
            style.eastAsian.lineBreakRules = rules
            let manager = try layOut(text, width: 35, language: "ja", style: style)
            return manager.lineFragments.filter { manager.textStorage.substring($0.characterRange).hasPrefix("っ") }.count
        }
        XCTAssertEqual(try starts(.strict), 0)
        XCTAssertGreaterThan(try starts(.loose), 0)
        XCTAssertGreaterThan(try starts(.normal), 0)
    }

    func testEastAsianFacesFollowTheBodyStyleAndTheRegion() throws {
        func face(_ text: String, language: String?, families: [String] = ["DejaVu Serif"]) throws -> String {
            let manager = try layOut(text, width: 400, language: language, families: families, style: ParagraphStyle(alignment: .left))
            return manager.lineFragments[0].glyphRuns.first { run in run.text.unicodeScalars.contains { $0.value >= 0x3000 } }!.font.familyName
        }
        XCTAssertEqual(try face("汉字 Latin", language: "zh-Hans"), "Noto Serif CJK SC")
        XCTAssertEqual(try face("汉字 Latin", language: "zh-Hans", families: ["DejaVu Sans"]), "Noto Sans CJK SC")
        XCTAssertEqual(try face("漢字", language: "zh-Hant"), "Noto Serif CJK TC")
        XCTAssertEqual(try face("漢字", language: "zh-HK"), "Noto Serif CJK HK")
        XCTAssertEqual(try face("漢字", language: "ja"), "Noto Serif CJK JP")
        XCTAssertEqual(try face("한국어", language: "ko"), "Noto Serif CJK KR")
        XCTAssertEqual(try face("汉字", language: "en-US"), "Noto Serif CJK SC", "Han without kana is taken as Chinese")
        XCTAssertEqual(try face("ひらがなと漢字", language: nil), "Noto Serif CJK JP", "kana make it Japanese")
        XCTAssertEqual(try face("代码 code", language: "zh-Hans", families: ["DejaVu Sans Mono"]), "Noto Sans Mono CJK SC")
    }

    func testItalicIdeographsAreSetUpright() throws {
        let manager = try layOut("强调 emphasis", width: 400, fontStyle: .italic, style: ParagraphStyle(alignment: .left))
        let runs = manager.lineFragments[0].glyphRuns
        let han = try XCTUnwrap(runs.first { $0.text.contains("强") })
        XCTAssertEqual(han.font.weight, 700, "italic ideographs are set bold")
        XCTAssertFalse(han.font.isSlanted, "and upright")
        XCTAssertTrue(runs.first { $0.text.contains("emphasis") }!.font.isSlanted, "Latin words stay italic")
    }

    func testEmphasisDotsSitCentredUnderEachItalicIdeograph() throws {
        var style = ParagraphStyle(alignment: .left)
        style.eastAsian.italicIdeographs = .dots
        let manager = try layOut("重要，内容 word", width: 400, fontStyle: .italic, style: style)
        let runs = manager.lineFragments[0].glyphRuns
        let han = try XCTUnwrap(runs.first { $0.text.hasPrefix("重") })
        XCTAssertEqual(han.font.weight, 400, "dots, not bold")
        XCTAssertFalse(han.font.isSlanted)
        let ideographs = placedClusters(manager.lineFragments[0]).filter { isHan($0.text) }
        let dots = runs.flatMap(\.emphasisDots)
        XCTAssertEqual(dots.count, 4, "one per ideograph, none under the comma or the Latin word")
        for (dot, c) in zip(dots, ideographs) {
            XCTAssertEqual(dot.x, c.x + 5, accuracy: 0.01, "centred on the em")
            XCTAssertEqual(dot.y, c.run.baseline + 2, accuracy: 0.01, "a fifth of an em below the baseline")
        }
    }

    func testTheIdeographicSpaceKeepsItsEmAndOpensAsAnIdeographDoes() throws {
        let manager = try layOut("\u{3000}" + String(repeating: Self.han, count: 2), width: 203, language: "ja")
        let clusters = placedClusters(manager.lineFragments[0])
        let gap = clusters[2].x - clusters[1].x - 10
        XCTAssertEqual(clusters[1].x - manager.lineFragments[0].usedRect.minX, 10 + gap, accuracy: 0.01,
                       "the indent is one em plus the line's gap, not a stretched space")
    }

    func testNoRuleSetBreaksAfterAnOpeningBracket() throws {
        let text = String(repeating: "「ッ」（ー）『ぁ』", count: 12)
        for rules in EastAsianLayout.LineBreakRules.allCases {
            var style = ParagraphStyle(alignment: .left)
            style.eastAsian.lineBreakRules = rules
            let manager = try layOut(text, width: 35, language: "ja", style: style)
            for line in manager.lineFragments {
                let s = manager.textStorage.substring(line.characterRange)
                XCTAssertFalse(["「", "（", "『"].contains(s.last.map(String.init) ?? ""), "\(rules): \(s)")
            }
        }
    }

    func testRightToLeftWordsAmongIdeographsGetNoGlue() throws {
        let manager = try layOut(String(repeating: "中文עברית中文 ", count: 12), width: 150)
        for line in manager.lineFragments.dropLast() {
            XCTAssertEqual(line.usedRect.maxX, 150, accuracy: 0.05, "justified lines are full: glue counted is glue placed")
        }
    }

    func testLatinWordsInChineseTextAreHyphenatedAsEnglish() throws {
        let text = "我们讨论internationalization和characterization的问题，以及它们在排版中的表现方式与处理办法。"
        let manager = try layOut(String(repeating: text, count: 3), width: 90)
        XCTAssertTrue(manager.lineFragments.contains { $0.isHyphenated }, "a long English word is hyphenated")
        assertCoversEveryCharacterOnce(manager)
    }

    func testLatinTextIsLaidOutAsBefore() throws {
        // No East Asian character: no glue, no spacing, the same lines.
        let manager = try layOut(prose, width: 200, language: "en-US")
        for line in manager.lineFragments.dropLast() {
            assertFillsTheMeasure(line, to: 200, in: manager.textStorage)
        }
    }
}

/// Vertical text (縦書き): shaped with Pango's east gravity, laid out in line space.
final class VerticalLayoutTests: XCTestCase {
    private func layOut(_ text: String, vertical: Bool, language: String = "ja") throws -> LayoutManager {
        var defaults = LayoutDefaults(font: FontDescriptor(families: ["DejaVu Serif"], size: 10), language: language)
        if vertical { defaults.layoutOrientation = .vertical }
        var attributes = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
        attributes.language = language
        let storage = TextStorage(text, attributes: attributes, paragraphStyle: ParagraphStyle(alignment: .justified))
        let manager = LayoutManager(textStorage: storage, defaults: defaults)
        manager.addTextContainer(TextContainer(size: Size(width: 100, height: 1000)))
        manager.ensureLayout()
        guard manager.lineFragments.flatMap(\.glyphRuns).contains(where: { $0.font.familyName.contains("CJK") }) else {
            throw missingRequirement("fonts-noto-cjk (Noto CJK fonts)")
        }
        return manager
    }

    /// The glyph and the run of `character`'s first cluster.
    private func glyph(of character: String, in manager: LayoutManager) -> (glyph: UInt32, run: GlyphRun)? {
        for line in manager.lineFragments {
            for run in line.glyphRuns {
                var byte = 0, g = 0
                let bytes = Array(run.text.utf8)
                for c in run.clusters {
                    if String(decoding: bytes[byte..<(byte + c.byteCount)], as: UTF8.self) == character { return (run.glyphs[g], run) }
                    byte += c.byteCount; g += c.glyphCount
                }
            }
        }
        return nil
    }

    func testIdeographsStandUprightPunctuationTurnsAndLatinLiesOnItsSide() throws {
        let text = "ラーメン屋さん、「縦書き」です。Folio"
        let horizontal = try layOut(text, vertical: false), vertical = try layOut(text, vertical: true)
        let yaH = try XCTUnwrap(glyph(of: "屋", in: horizontal)), yaV = try XCTUnwrap(glyph(of: "屋", in: vertical))
        XCTAssertEqual(yaH.glyph, yaV.glyph, "an ideograph keeps its glyph")
        XCTAssertFalse(yaH.run.font.isUprightInVerticalText)
        XCTAssertTrue(yaV.run.font.isUprightInVerticalText, "and stands upright")
        for mark in ["、", "。"] {
            let h = try XCTUnwrap(glyph(of: mark, in: horizontal)), v = try XCTUnwrap(glyph(of: mark, in: vertical))
            XCTAssertNotEqual(h.glyph, v.glyph, "\(mark) takes its vertical form (top right of the em)")
        }
        for mark in ["ー", "「", "」"] {
            // Turned: a vertical form, or the horizontal glyph set on its side (UTR #50).
            let h = try XCTUnwrap(glyph(of: mark, in: horizontal)), v = try XCTUnwrap(glyph(of: mark, in: vertical))
            XCTAssertTrue(h.glyph != v.glyph || !v.run.font.isUprightInVerticalText, "\(mark) is turned")
        }
        let latin = try XCTUnwrap(glyph(of: "F", in: vertical))
        XCTAssertFalse(latin.run.font.isUprightInVerticalText, "Latin lies on its side")
    }

    func testVerticalLinesFillTheirLengthAndKeepKinsoku() throws {
        let text = String(repeating: "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。", count: 4)
        let manager = try layOut(text, vertical: true)
        XCTAssertGreaterThan(manager.lineFragments.count, 5)
        for line in manager.lineFragments.dropLast() {
            let run = line.glyphRuns.last!
            XCTAssertEqual(run.bounds.maxX - (run.text.hasSuffix("。") ? 5 : 0), 100, accuracy: 0.05, "the line runs the column's length")
            let s = manager.textStorage.substring(line.characterRange)
            XCTAssertFalse(s.hasPrefix("。") || s.hasPrefix("、"), s)
        }
    }

    func testShortNumbersStandUprightAcrossTheLineLongOnesLieOnTheirSide() throws {
        let manager = try layOut("今日は2月14日、2026年です。", vertical: true)
        let runs = manager.lineFragments.flatMap(\.glyphRuns)
        let upright = runs.filter { $0.uprightCentre != nil }
        XCTAssertEqual(upright.map(\.text), ["2", "14"], "one and two digits stand across the line")
        XCTAssertTrue(runs.contains { $0.text.contains("2026") && $0.uprightCentre == nil }, "four digits lie on their side")
        for run in upright {
            XCTAssertEqual(run.bounds.width, 10, accuracy: 1e-9, "an em of the line")
            let centre = try XCTUnwrap(run.uprightCentre)
            XCTAssertEqual(centre.x, run.bounds.minX + run.bounds.width / 2, accuracy: 1e-9)
            let first = run.positions.first!.x, width = -2 * first
            XCTAssertLessThanOrEqual(width, 9.0001, "narrowed to fit nine tenths of the em")
            XCTAssertFalse(run.font.isUprightInVerticalText, "shaped across, as horizontal text")
        }
        // On the em grid: no quarter em around the digits.
        let month = try XCTUnwrap(upright.first), clusters = placedClusters(manager.lineFragments[0])
        let wa = try XCTUnwrap(clusters.first { $0.text == "は" })
        let kyou = clusters.filter { $0.text == "今" || $0.text == "日" }.prefix(2).map(\.x)
        let gap = kyou[1] - kyou[0] - 10   // what the line opens between two ideographs
        XCTAssertEqual(month.bounds.minX - wa.run.bounds.maxX, gap, accuracy: 0.01, "the digits sit on the em grid")
    }
}

