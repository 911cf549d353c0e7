import FolioMarkup
import XCTest

/// The `cjk-…` style properties and the first-line indents of Chinese and Japanese.
final class EastAsianStyleTests: XCTestCase {
    private func sheet(indent: String = "1.5em") throws -> StyleSheet {
        try StyleSheet(template: Template(name: "t", styles: [
            "body": StyleDefinition(name: "body", kind: .paragraph, properties: [
                StyleProperty(name: "font", value: "DejaVu Serif"), StyleProperty(name: "size", value: "10pt"),
                StyleProperty(name: "indent", value: indent)]),
            "body-first": StyleDefinition(name: "body-first", kind: .paragraph, properties: [StyleProperty(name: "indent", value: "0")]),
        ]))
    }

    private func paragraph(_ pairs: [(String, String)]) throws -> ParagraphStyle {
        let s = try sheet()
        return try s.applying(pairs.map { StyleProperty(name: $0.0, value: $0.1) }, to: s.paragraphStyle(named: "body", at: nil)).paragraph
    }

    func testEveryEastAsianSettingIsReachableByName() throws {
        let p = try paragraph([("cjk-latin-spacing", "0.2em"), ("cjk-stretch", "0.15"), ("cjk-line-break", "loose"),
                               ("cjk-punctuation-compression", "off"), ("cjk-line-end", "hang"), ("cjk-italic", "upright"),
                               ("cjk-line-start", "half")])
        XCTAssertEqual(p.eastAsian.latinSpacing, 0.2)
        XCTAssertEqual(p.eastAsian.characterStretch, 0.15)
        XCTAssertEqual(p.eastAsian.lineBreakRules, .loose)
        XCTAssertFalse(p.eastAsian.compressesPunctuation)
        XCTAssertEqual(p.eastAsian.lineEndPunctuation, .hang)
        XCTAssertEqual(p.eastAsian.italicIdeographs, .upright)
        XCTAssertEqual(p.eastAsian.lineStartPunctuation, .half)
        XCTAssertEqual(try paragraph([("cjk-latin-spacing", "none")]).eastAsian.latinSpacing, 0)
        XCTAssertNil(try paragraph([("cjk-latin-spacing", "auto")]).eastAsian.latinSpacing)
        XCTAssertEqual(try paragraph([]).eastAsian, .standard)
    }

    func testBadValuesNameThePropertyAndWhatItTakes() {
        for (name, value, expected) in [("cjk-latin-spacing", "3em", "from 0 to 2"), ("cjk-stretch", "-1", "from 0 to 2"),
                                        ("cjk-line-break", "lax", "strict, normal, loose"),
                                        ("cjk-line-end", "drop", "full, half, hang"),
                                        ("cjk-punctuation-compression", "maybe", "true or false"),
                                        ("cjk-italic", "oblique", "bold, upright, dots, slanted")] {
            XCTAssertThrowsError(try paragraph([(name, value)])) { error in
                let message = String(describing: error)
                XCTAssertTrue(message.contains(name) && message.contains(expected), message)
            }
        }
    }

    func testChineseIndentsTwoCharactersJapaneseOneOthersKeepTheTemplates() throws {
        for (language, indent) in [("zh-Hans", 20.0), ("zh-Hant", 20.0), ("ja", 10.0), ("en-US", 15.0), ("ko", 15.0)] {
            var s = try sheet()
            s.adaptIndents(toLanguage: language)
            XCTAssertEqual(try s.paragraphStyle(named: "body", at: nil).paragraph.firstLineHeadIndent, indent, accuracy: 1e-9, language)
            XCTAssertEqual(try s.paragraphStyle(named: "body-first", at: nil).paragraph.firstLineHeadIndent, 0, language)
        }
    }
}

/// A frame's text in several languages, picked by the document's `lang`.
final class LocalizedFrameTextTests: XCTestCase {
    private func frame(_ text: String) throws -> Frame {
        let yaml = "masters:\n  default:\n    frames:\n      - {x: 0, y: 0, width: 100, height: 10, text: \(text)}\n"
        let template = try TemplateLoader.load(yaml: yaml, path: "t/template.yaml", directory: nil)
        return try XCTUnwrap(template.masters["default"]?.frames.first)
    }

    func testTheLongestMatchingTagWinsAndEnglishIsTheDefault() throws {
        let f = try frame(#"{zh: "第 {page} 页", en: "Page {page}", zh-Hant: "第 {page} 頁", ja: "{page} ページ"}"#)
        XCTAssertEqual(f.text, "Page {page}")
        XCTAssertEqual(f.text(for: "zh-Hans"), "第 {page} 页")
        XCTAssertEqual(f.text(for: "zh"), "第 {page} 页")
        XCTAssertEqual(f.text(for: "zh-Hant-TW"), "第 {page} 頁")
        XCTAssertEqual(f.text(for: "ja-JP"), "{page} ページ")
        XCTAssertEqual(f.text(for: "de"), "Page {page}")
        XCTAssertEqual(f.text(for: nil), "Page {page}")
        XCTAssertEqual(f.text(for: "zhx"), "Page {page}", "a tag matches whole subtags only")
        XCTAssertEqual(try frame(#"{fr: "Page {page}", de: "Seite {page}"}"#).text, "Page {page}", "no en: the first")
        XCTAssertEqual(try frame(#""{page}""#).text(for: "zh"), "{page}")
    }

    func testABadLanguageTagIsNamedAtItsPlace() {
        XCTAssertThrowsError(try frame(#"{"zh_CN!": "第 {page} 页"}"#)) { error in
            XCTAssertTrue("\(error)".hasPrefix("t/template.yaml:4:"), "\(error)")
            XCTAssertTrue("\(error)".contains("is not a language tag"), "\(error)")
        }
    }
}
