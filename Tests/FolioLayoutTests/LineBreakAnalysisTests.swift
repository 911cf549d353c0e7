@testable import FolioLayout
import CPango
import Foundation
import XCTest

/// The line-break analysis Folio computes itself for Latin and East Asian text must be
/// Pango's, position for position: on every paragraph of the corpus books and on random
/// text from its repertoire; and text outside the repertoire must be left to Pango.
final class LineBreakAnalysisTests: XCTestCase {
    private func fast(_ s: String) -> [LineBreakAnalysis.Flags]? {
        Array(s.utf8).withUnsafeBufferPointer { LineBreakAnalysis.flags(of: $0) }
    }

    private func assertSameAsPango(_ s: String, _ message: @autoclosure () -> String = "", language: String = "en",
                                   file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let mine = fast(s) else { return false }
        let pango = LineBreakAnalysis.pangoFlags(of: Array(s.utf8), language: language)
        if mine != pango {
            let scalars = Array(s.unicodeScalars)
            let at = zip(mine, pango).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
            let context = String(String.UnicodeScalarView(scalars[max(0, at - 12)..<min(scalars.count, at + 6)]))
            XCTFail("differs from Pango at character \(at) (before '\(at < scalars.count ? String(scalars[at]) : "end")'), in '…\(context)…': "
                    + "mine \(mine[at]), Pango \(pango[at]) \(message())", file: file, line: line)
        }
        return true
    }

    func testSmallCasesMatchPango() {
        for s in ["Hello, world.", "“Well,” said Jo — and left.", "a-b c–d e—f", "($12.50) 50% 3/4 1,000.5 +1 -2",
                  "word\u{00A0}word, \u{2009}thin", "tab\there", "line\u{2028}separator", "don’t, isn’t", "e.g. i.e.",
                  "x…y ...", "[a] {b} (c)", "¿Qué? ¡Sí!", "«Bonjour» ‹x›", "#tag @name & more * stars", "a/b/c http://x.org/p?q=1",
                  "Α β γ, Ж з и.", "2 × 3 ÷ 4 = 1.5°", "£5 €6 $7 ¥8 ₹9", "'single' \"double\"", "  leading and trailing  ",
                  "a\nb\r\nc\rd", "x\u{200B}y\u{2060}z", "9:30–10:00", "§ 4 ¶ 2", "cap. XII.—The end!!",
                  // Rule LB25 looks past an opening mark of several bytes to the digit after it.
                  "$„5 €⁅5 £-5 ¥(5 x„5 é‚é"] {
            XCTAssertTrue(assertSameAsPango(s), "not handled: \(s)")
        }
    }

    /// Chinese and Japanese: a break between any two ideographs or kana, none before a
    /// closing mark or a small kana, none after an opening one; an opening mark that is
    /// full-width may follow a Latin letter or a digit at a break (rule LB30), a narrow
    /// one may not; a prefix sign keeps its ideograph (LB23a).
    func testEastAsianCasesMatchPango() {
        for s in ["中文排版，标点挤压。", "“引号”与「括号」、『书名』和《书》：好！", "他说（括号）然后……结束——破折号",
                  "Text Kit 是iOS 7新引入的", "版本1.0（2024）发布了abc（x）", "a(b 中(文 a（b 5（6 x【y】z",
                  "ひらがなとカタカナ、ちょっと待ってー！", "ァィゥェォッャュョヮヵヶ", "〻々〆〇ゝゞヽヾ", "¥100元 $5元 100%的 元%",
                  "全角ＡＢＣ１２３！？", "半角ｶﾀｶﾅ｢ﾃｽﾄ｣", "縦書き︵括弧︶︿", "　全角空格　开头", "㊀㊤㈱㍿ ⺀⼀",
                  "\u{3000}\u{3000}一二三\u{3000}", "中\n文\r\n字", "$（1）", "a︵b", "ｱ｢ｲ｣", "〰〽㊗㊙中", "中︒文︙",
                  "列夫·托尔斯泰", "让-保罗·萨特"] {
            for language in ["zh-Hans", "ja", "en"] {
                XCTAssertTrue(assertSameAsPango(s, language, language: language), "not handled: \(s)")
            }
        }
        // Between ideographs, always a break; before 。 and after 「, none.
        let flags = fast("中文。「字")!
        XCTAssertEqual(flags.map(\.isLineBreak), [false, true, false, true, false, true])
    }

    /// Pango tailors some languages' breaks (Catalan's l·l, of word boundaries only); none of
    /// it reaches the flags read here.
    func testLanguagesAreNotTailoredInTheRepertoire() {
        let text = "“Well,” said Jo—and left; cap. XII. 3/4 ($12.50) a-b c–d l.l col·legi ¿Qué? «oui» x…y 列夫·托尔斯泰"
        let mine = fast(text)
        XCTAssertNotNil(mine)
        for language in ["ca", "ca-ES", "fr", "de", "es", "ru", "el", "tr", "pl", "nl", "pt-BR", "zh-Hans", "ja"] {
            XCTAssertEqual(mine, LineBreakAnalysis.pangoFlags(of: Array(text.utf8), language: language), language)
        }
    }

    /// The bits sit at each character's first byte, nothing at the bytes after it.
    func testBitsSitAtTheFirstByteOfEachCharacter() throws {
        let text = Array("é—a b€".utf8)
        let bits = try XCTUnwrap(text.withUnsafeBufferPointer { LineBreakAnalysis.bitsByByte(of: $0) })
        XCTAssertEqual(bits.count, text.count + 1)
        let pango = text.withUnsafeBufferPointer { LineBreakAnalysis.pangoBitsByByte(of: $0, language: pango_language_from_string("en")) }
        XCTAssertEqual(bits, pango)
        for (i, byte) in text.enumerated() where byte & 0xC0 == 0x80 { XCTAssertEqual(bits[i], 0, "byte \(i)") }
        // Every character is a cursor position; a line may break after the space, before 'b'.
        for (i, byte) in text.enumerated() where byte & 0xC0 != 0x80 { XCTAssertNotEqual(bits[i] & LineBreakAnalysis.cursorPosition, 0) }
        XCTAssertNotEqual(bits[text.firstIndex(of: 0x62)!] & LineBreakAnalysis.lineBreak, 0)
        XCTAssertNotEqual(bits[text.count] & LineBreakAnalysis.mandatoryBreak, 0)
    }

    /// Bytes that do not continue a character as their lead byte says are left to Pango.
    func testMalformedUTF8IsLeftToPango() {
        for bytes: [UInt8] in [[0xC3, 0x41], [0x61, 0xE2, 0x80, 0x20, 0x62], [0xE2, 0x80], [0x80, 0x61], [0xC1, 0x81]] {
            XCTAssertNil(bytes.withUnsafeBufferPointer { LineBreakAnalysis.bitsByByte(of: $0) }, "\(bytes)")
        }
    }

    func testOutsideTheRepertoireIsLeftToPango() {
        for s in ["e\u{0301}", "emoji 🙂", "a\u{200D}b", "שלום", "\u{2122}", "x\u{0}y",
                  "한국어", "中\u{FE0F}", "か\u{3099}", "ｶﾞ", "𠀀字", "中\u{2E3A}"] {
            XCTAssertNil(fast(s), s)
        }
    }

    func testTheChineseCorpusMatchesPango() throws {
        let url = corpusFolder.appendingPathComponent("rust-book-zh.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw missingRequirement(url.path) }
        var handled = 0, paragraphs = 0
        for paragraph in text.components(separatedBy: "\n\n") where !paragraph.isEmpty {
            paragraphs += 1
            if assertSameAsPango(paragraph.replacingOccurrences(of: "\n", with: " "), "rust-book-zh", language: "zh-Hans") { handled += 1 }
        }
        // Technical Chinese with Latin words, code and numbers: nearly all handled.
        XCTAssertGreaterThan(Double(handled) / Double(paragraphs), 0.95, "\(handled) of \(paragraphs)")
    }

    func testTheCorpusBooksMatchPango() throws {
        var handled = 0, paragraphs = 0
        for book in ["little-women.md", "pride-and-prejudice.md", "the-great-gatsby.md", "a-room-with-a-view.md"] {
            let url = corpusFolder.appendingPathComponent(book)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw missingRequirement(url.path) }
            for paragraph in text.components(separatedBy: "\n\n") where !paragraph.isEmpty {
                paragraphs += 1
                let joined = paragraph.replacingOccurrences(of: "\n", with: " ")
                if assertSameAsPango(joined, book) { handled += 1 }
            }
        }
        // Nearly every paragraph of an English novel is handled without Pango.
        XCTAssertGreaterThan(Double(handled) / Double(paragraphs), 0.98, "\(handled) of \(paragraphs)")
    }

    /// Random strings over the Latin part of the repertoire, then over all of it (most of
    /// which is ideographs), with fixed seeds.
    func testRandomTextFromTheRepertoireMatchesPango() {
        var latin: [Unicode.Scalar] = [], all: [Unicode.Scalar] = []
        for v in 1..<0x10000 {
            guard let s = Unicode.Scalar(v), fast(String(Character(s))) != nil else { continue }
            all.append(s)
            if v < 0x2100 { latin.append(s) }
        }
        XCTAssertGreaterThan(latin.count, 1000)
        XCTAssertGreaterThan(all.count, 25_000)
        // Weighted towards what decides breaks: spaces, punctuation, digits.
        let common = Array("  aa11.,;:!?-–—()[]{}\"'“”‘’%$/+…\t\u{00A0}".unicodeScalars)
        let eastAsian = common + Array("中文。，、「」（）【】ー々ァ：！？\u{3000}".unicodeScalars)
        assertRandomTextMatchesPango(repertoire: latin, common: common, seed: 14)
        assertRandomTextMatchesPango(repertoire: all, common: eastAsian, seed: 15)
    }

    private func assertRandomTextMatchesPango(repertoire: [Unicode.Scalar], common: [Unicode.Scalar], seed: UInt64,
                                              file: StaticString = #filePath, line: UInt = #line) {
        var rng = SplitMix64(seed: seed)
        var failures = 0
        for _ in 0..<20_000 where failures < 5 {
            let length = Int(rng.next() % 24) + 1
            var s = String.UnicodeScalarView()
            for _ in 0..<length {
                let pick = rng.next()
                s.append(pick % 3 == 0 ? repertoire[Int(pick / 3 % UInt64(repertoire.count))] : common[Int(pick / 3 % UInt64(common.count))])
            }
            let before = testRun?.failureCount ?? 0
            XCTAssertTrue(assertSameAsPango(String(s), file: file, line: line), "not handled", file: file, line: line)
            if (testRun?.failureCount ?? 0) > before { failures += 1 }
        }
    }
}

/// A small deterministic generator (the standard library's is seeded by the system).
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
