@testable import FolioLayout
import XCTest

/// `ShapingContext.runFont(_:fallbackRegion:)`: what each run asks of Pango, worked out
/// once per font, fallback region and language, and the same as when every run asked.
final class RunFontTests: XCTestCase {
    private let missing = FontDescriptor(families: ["No Such Family Folio"], size: 10)

    private func shape(_ text: String, _ font: FontDescriptor, language: String, in context: ShapingContext) -> ShapedParagraph {
        let bytes = Array(text.utf8)
        return context.shapeParagraph(text: bytes, storageOffset: 0,
                                      attributeRuns: [(range: 0..<bytes.count, attributes: TextAttributes(font: font, language: language))],
                                      style: ParagraphStyle(alignment: .justified), defaults: LayoutDefaults(font: font))
    }

    func testEachParagraphStillReportsItsSubstitutionAndTheRunFontIsMadeOnce() {
        let context = ShapingContext()
        let first = shape("第一段 text 在这里。", missing, language: "zh-Hans", in: context)
        let second = shape("第二段 more 文字。", missing, language: "zh-Hans", in: context)
        XCTAssertEqual(first.fontSubstitutions.count, 1)
        XCTAssertEqual(first.fontSubstitutions, second.fontSubstitutions, "the warning is given for every paragraph")
        XCTAssertTrue(first.fontSubstitutions[0].contains("No Such Family Folio"), first.fontSubstitutions[0])
        let keys = context.runFonts.keys.filter { $0.descriptor.families == missing.families }
        XCTAssertEqual(keys.count, 1, "one entry for the run's font, region and language")
        let runFont = context.runFonts[keys[0]]!
        XCTAssertEqual(keys[0].fallbackRegion, .simplifiedChinese)
        XCTAssertEqual(runFont.descriptor.families,
                       missing.families + EastAsianFonts.fallbacks(after: missing.families, region: .simplifiedChinese))
        XCTAssertEqual(runFont.sharedPunctuationFamilies?.split(separator: ",").first.map(String.init),
                       "Noto Serif CJK SC", "quotes and dashes come from the East Asian face first")
        // Asked again, the same description is given, not a new one.
        let again = context.runFont(missing, fallbackRegion: .simplifiedChinese)
        XCTAssertTrue(again.description === runFont.description)
    }

    func testLanguageAndRegionAreAskedApart() {
        let context = ShapingContext()
        _ = shape("漢字 text。", missing, language: "zh-Hans", in: context)
        _ = shape("漢字 text。", missing, language: "zh-Hant", in: context)
        _ = shape("plain Latin text", missing, language: "en", in: context)
        let regions = Set(context.runFonts.keys.filter { $0.descriptor.families == missing.families }.map(\.fallbackRegion))
        XCTAssertEqual(regions, [.simplifiedChinese, .traditionalChinese, nil])
        let latin = context.runFonts.first { $0.key.fallbackRegion == nil && $0.key.descriptor.families == missing.families }!
        XCTAssertEqual(latin.value.descriptor, missing, "no East Asian faces without East Asian text")
        XCTAssertNil(latin.value.sharedPunctuationFamilies)
    }

    func testFontsAddedForgetTheRunFonts() {
        let context = ShapingContext()
        _ = shape("文字 text。", missing, language: "zh-Hans", in: context)
        XCTAssertFalse(context.runFonts.isEmpty)
        // A process-wide generation: every other context reloads its font list too on its
        // next use, which costs time, not correctness.
        ShapingContext.fontsChanged()
        _ = context.context
        XCTAssertTrue(context.runFonts.isEmpty, "a family installed since may now be found: warnings are worked out again")
    }
}
