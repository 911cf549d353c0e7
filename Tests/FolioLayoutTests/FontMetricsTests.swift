@testable import FolioLayout
import Foundation
import XCTest

/// `FontMetrics` works out what `pango_font_get_metrics` gives without Pango's sample
/// layout: it must give the same numbers, to the Pango unit, for every kind of font.
final class FontMetricsTests: XCTestCase {
    /// Every font a layout of `text` uses, horizontal or vertical.
    private func fonts(_ text: String, families: [String], size: Double, vertical: Bool = false,
                       style: FontStyle = .normal, bold: Bool = false) -> [Font] {
        var font = FontDescriptor(families: families, size: size)
        font.style = style
        if bold { font.weight = .bold }
        var defaults = LayoutDefaults(font: font, language: "zh-Hans")
        if vertical { defaults.layoutOrientation = .vertical }
        var attributes = TextAttributes(font: font)
        attributes.language = "zh-Hans"
        let storage = TextStorage(text, attributes: attributes, paragraphStyle: ParagraphStyle(alignment: .justified))
        let manager = LayoutManager(textStorage: storage, defaults: defaults)
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 2000)))
        manager.ensureLayout()
        return manager.lineFragments.flatMap(\.glyphRuns).map(\.font)
    }

    func testTheMetricsArePangosForEveryKindOfFont() throws {
        let text = "Folio sets type — 排版引擎，「縦書き」です。Ünïcode ½ 12"
        var checked = Set<ObjectIdentifier>()
        // Every font is held to the end: a freed one's address could be a later one's.
        var held: [Font] = []
        var kinds = (vertical: 0, transformed: 0, cjk: 0)
        for size in [6.5, 10, 10.3, 33.3] {
            for (style, bold) in [(FontStyle.normal, false), (.italic, false), (.normal, true), (.italic, true)] {
                for families in [["DejaVu Serif"], ["DejaVu Sans Mono"], ["Noto Serif CJK SC"], ["Noto Sans CJK JP"]] {
                    for vertical in [false, true] {
                        for font in fonts(text, families: families, size: size, vertical: vertical, style: style, bold: bold)
                        where checked.insert(ObjectIdentifier(font)).inserted {
                            held.append(font)
                            let fast = try XCTUnwrap(FontMetrics(of: font.pangoFont), "\(font)")
                            XCTAssertEqual(fast, FontMetrics(askingPango: font.pangoFont), "\(font), vertical \(vertical)")
                            if font.isUprightInVerticalText { kinds.vertical += 1 }
                            if font.familyName.contains("CJK") { kinds.cjk += 1 }
                            if FontMetrics.isTransformed(font.pangoFont) { kinds.transformed += 1 }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(held.count, 100)
        // The cases that take other paths: turned fonts, slanted by fontconfig, CJK faces.
        guard kinds.cjk > 0 else { throw missingRequirement("fonts-noto-cjk (Noto CJK fonts)") }
        XCTAssertGreaterThan(kinds.vertical, 0)
        XCTAssertGreaterThan(kinds.transformed, 0)
    }
}
