@testable import FolioLayout
import Foundation
import XCTest

/// A paragraph that takes the item of an earlier one in its style must get exactly what
/// Pango's itemizer gives it, and be shaped the same: checked on the corpus books in
/// several styles, languages and directions.
final class ItemReuseTests: XCTestCase {
    private func paragraphs(_ book: String, count: Int) throws -> [String] {
        let url = corpusFolder.appendingPathComponent(book)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw missingRequirement(url.path) }
        return text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.prefix(count).map { $0.replacingOccurrences(of: "\n", with: " ") }
    }

    private func shape(_ text: String, _ attributes: TextAttributes, _ style: ParagraphStyle, context: ShapingContext) -> ShapedParagraph {
        let bytes = Array(text.utf8)
        return context.shapeParagraph(text: bytes, storageOffset: 0, attributeRuns: [(range: 0..<bytes.count, attributes: attributes)],
                                      style: style, defaults: LayoutDefaults(font: FontDescriptor(families: ["DejaVu Serif"], size: 10)))
    }

    func testReusedItemsAreThoseOfPangoAndShapeTheSame() throws {
        let serif = FontDescriptor(families: ["DejaVu Serif"], size: 10)
        var italic = serif
        italic.style = .italic
        var features = TextAttributes(font: FontDescriptor(families: ["DejaVu Sans"], size: 9, weight: .bold))
        features.ligatures = false
        var german = TextAttributes(font: serif)
        german.language = "de"
        let styles: [(String, TextAttributes, ParagraphStyle)] = [
            ("serif", TextAttributes(font: serif), ParagraphStyle(alignment: .justified, hyphenation: true)),
            ("italic", TextAttributes(font: italic), ParagraphStyle()),
            ("bold sans, no ligatures", features, ParagraphStyle()),
            ("German", german, ParagraphStyle()),
            ("right to left", TextAttributes(font: serif), { var s = ParagraphStyle(); s.baseWritingDirection = .rightToLeft; return s }()),
        ]
        let texts = try paragraphs("pride-and-prejudice.md", count: 300) + paragraphs("the-great-gatsby.md", count: 300)
            + ["Café au lait, naïve façade — “quoted” 1,234.56 and ½ ¾ † ‡ § ¶ № ℃", "Ελληνικά and Latin", "Ж and Latin", "a © b"]
        for (name, attributes, style) in styles {
            let reusing = ShapingContext(), plain = ShapingContext()
            reusing.checksReusedItems = true
            plain.reusesItems = false
            for text in texts {
                let a = shape(text, attributes, style, context: reusing), b = shape(text, attributes, style, context: plain)
                XCTAssertEqual(a.glyphs, b.glyphs, "\(name): \(text.prefix(40))")
                XCTAssertEqual(a.advances, b.advances, "\(name): \(text.prefix(40))")
                XCTAssertEqual(a.clusterStart, b.clusterStart, "\(name): \(text.prefix(40))")
                XCTAssertEqual(a.clusterWidth, b.clusterWidth, "\(name): \(text.prefix(40))")
                XCTAssertEqual(a.runs.map(\.level), b.runs.map(\.level), "\(name): \(text.prefix(40))")
                XCTAssertEqual(a.runs.map(\.font.pangoFont).count, b.runs.count, "\(name)")
            }
            XCTAssertEqual(reusing.reusedItemMismatches, 0, "\(name): reused items that are not Pango's")
            // Nearly every paragraph of a novel takes the item of the one before; none set
            // right to left (its neutrals at the ends are items of their own).
            if name == "right to left" {
                XCTAssertEqual(reusing.itemReuse.reused, 0, name)
            } else {
                XCTAssertGreaterThan(reusing.itemReuse.reused, texts.count * 9 / 10, name)
            }
            XCTAssertEqual(plain.itemReuse.reused, 0)
        }
    }

    /// Paragraphs in several styles — an italic phrase, a bold word, a word in German, one
    /// without ligatures, a run of only punctuation or digits, runs that differ in colour
    /// alone — take one reused item a run, each exactly Pango's.
    func testReusedItemsOfParagraphsInManyStylesAreThoseOfPango() throws {
        let serif = FontDescriptor(families: ["DejaVu Serif"], size: 10)
        var italic = serif
        italic.style = .italic
        var bold = serif
        bold.weight = .bold
        var noLigatures = TextAttributes(font: serif)
        noLigatures.ligatures = false
        var german = TextAttributes(font: serif)
        german.language = "de"
        var red = TextAttributes(font: serif)
        red.foregroundColor = Color(red: 1, green: 0, blue: 0)
        let others = [TextAttributes(font: italic), TextAttributes(font: bold), noLigatures, german, red,
                      TextAttributes(font: FontDescriptor(families: ["DejaVu Sans"], size: 9))]
        let texts = try paragraphs("little-women.md", count: 400) + paragraphs("the-great-gatsby.md", count: 200)
            + ["Café au lait — “quoted” 1,234.56 and ½ ¾ † ‡ § ¶", "Ελληνικά and Latin", "a © b"]
        let reusing = ShapingContext(), plain = ShapingContext()
        reusing.checksReusedItems = true
        plain.reusesItems = false
        var multiRun = 0
        for (n, text) in texts.enumerated() {
            // Runs of a few words each, the other style on every other run; some runs end
            // before punctuation, so that a run of it alone takes the other style.
            let bytes = Array(text.utf8)
            var cuts = [0]
            var words = 0
            for (i, b) in bytes.enumerated() where b == 0x20 || b == 0x2C || b == 0x2E {
                words += 1
                if words % (2 + n % 4) == 0, i > cuts.last!, i < bytes.count { cuts.append(b == 0x20 ? i + 1 : i) }
            }
            cuts.append(bytes.count)
            let other = others[n % others.count]
            var runs: [(range: Range<Int>, attributes: TextAttributes)] = []
            for k in 0..<(cuts.count - 1) where cuts[k] < cuts[k + 1] {
                runs.append((cuts[k]..<cuts[k + 1], k % 2 == 1 ? other : TextAttributes(font: serif)))
            }
            if runs.count > 1 { multiRun += 1 }
            let style = ParagraphStyle(alignment: .justified, hyphenation: true)
            let defaults = LayoutDefaults(font: serif)
            let a = reusing.shapeParagraph(text: bytes, storageOffset: 0, attributeRuns: runs, style: style, defaults: defaults)
            let b = plain.shapeParagraph(text: bytes, storageOffset: 0, attributeRuns: runs, style: style, defaults: defaults)
            XCTAssertEqual(a.glyphs, b.glyphs, text.prefix(40) + "")
            XCTAssertEqual(a.advances, b.advances, text.prefix(40) + "")
            XCTAssertEqual(a.clusterStart, b.clusterStart, text.prefix(40) + "")
            XCTAssertEqual(a.clusterWidth, b.clusterWidth, text.prefix(40) + "")
            XCTAssertEqual(a.runs.map(\.level), b.runs.map(\.level), text.prefix(40) + "")
            func fonts(_ p: ShapedParagraph) -> [String] { p.runs.map { "\($0.font.familyName) \($0.font.weight) \($0.font.isSlanted)" } }
            XCTAssertEqual(fonts(a), fonts(b), text.prefix(40) + "")
        }
        XCTAssertGreaterThan(multiRun, texts.count * 3 / 4)
        XCTAssertEqual(reusing.reusedItemMismatches, 0, "reused items that are not Pango's")
        // Most paragraphs take reused items: all but those with a pair of runs in the same
        // style for Pango (colour only), the first of each style, and those of other scripts.
        XCTAssertGreaterThan(reusing.itemReuse.reused, texts.count * 3 / 4)
    }

    /// Paragraphs the reuse must leave to Pango: other scripts, marks, emoji-capable signs.
    func testOtherScriptsAreItemizedByPango() {
        let context = ShapingContext()
        let attributes = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
        _ = shape("A first paragraph, to give the style its item.", attributes, ParagraphStyle(), context: context)
        let before = context.itemReuse.reused
        for text in ["Ελληνικά", "Русский", "e\u{301}", "© 2026", "中文", "🙂", "12 34", "\u{200F}x"] {
            _ = shape(text, attributes, ParagraphStyle(), context: context)
        }
        XCTAssertEqual(context.itemReuse.reused, before)
    }
}
