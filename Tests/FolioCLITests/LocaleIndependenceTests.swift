import FolioTestSupport
import Foundation
import XCTest

/// The reader's locale never reaches the page. fontconfig reads it (`LC_ALL`, `LC_CTYPE`,
/// `LANG`) to choose the face for a character the document's fonts lack: the signs below
/// came from DejaVu Sans and Noto Sans CJK JP under `C`, from Noto Serif CJK JP under
/// `ja_JP` and from Noto Serif CJK TC under `zh_TW`. Pango reads `LANGUAGE` for text in a
/// script its paragraph's language is not written in: the Cyrillic took Serbian forms
/// under `LANGUAGE=sr`. The document's language decides now, and one document gives one PDF.
final class LocaleIndependenceTests: XCTestCase {
    func testTheSameDocumentGivesTheSameBytesUnderAnyLocale() throws {
        try requireCJKFonts()   // the fallback faces the locales chose between
        let dir = try makeTemporaryDirectory()
        let doc = try write("""
            # Signs

            Circled ① and ※, the postal mark 〒, a star ★, № 7 and Ⅳ, a wave ～.

            Plain English around them, *in italic* and **in bold**, with `code ①`, and a
            Russian phrase among it: «где бы ни был», *побегу туда*.
            """, "signs.md", in: dir)
        var first: (locale: String, bytes: Data)?
        let locales = [("C", "C"), ("ja_JP.UTF-8", "ja"), ("zh_TW.UTF-8", "zh_TW:zh"),
                       ("ko_KR.UTF-8", "ko"), ("sr_RS.UTF-8", "sr:ru"), ("de_DE.UTF-8", "de")]
        for (locale, languages) in locales {
            let pdf = dir.appendingPathComponent("signs-\(locale).pdf").path
            var environment = fixedEpoch
            for name in ["LC_ALL", "LC_CTYPE", "LANG"] { environment[name] = locale }
            environment["LANGUAGE"] = languages
            let result = try folio(["render", doc, "-o", pdf, "-q"], environment: environment)
            XCTAssertEqual(result.status, 0, "\(locale): \(result.stderr)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: pdf))
            if let first {
                let fonts = (try? pdfFontNames(pdf)) ?? []
                XCTAssertEqual(bytes, first.bytes, "\(locale) set other bytes than \(first.locale): \(fonts)")
            } else {
                first = (locale, bytes)
            }
        }
    }
}
