import FolioTestSupport
import Foundation
import XCTest

/// The reader's locale never reaches the page. fontconfig and Pango both read it (`LC_ALL`,
/// `LC_CTYPE`, `LANG`) to choose the face for a character the document's fonts lack: the
/// symbols below came from DejaVu Sans and Noto Sans CJK JP under `C`, from Noto Serif CJK
/// JP under `ja_JP` and from Noto Serif CJK TC under `zh_TW`. The document's language
/// decides now, and one document gives one PDF.
final class LocaleIndependenceTests: XCTestCase {
    func testTheSameDocumentGivesTheSameBytesUnderAnyLocale() throws {
        try requireCJKFonts()   // the fallback faces the locales chose between
        let dir = try makeTemporaryDirectory()
        let doc = try write("""
            # Signs

            Circled ① and ※, the postal mark 〒, a star ★, № 7 and Ⅳ, a wave ～ and a reference mark.

            Plain English around them, *in italic* and **in bold**, with `code ①`.
            """, "signs.md", in: dir)
        var first: (locale: String, bytes: Data)?
        for locale in ["C", "ja_JP.UTF-8", "zh_TW.UTF-8", "ko_KR.UTF-8", "de_DE.UTF-8"] {
            let pdf = dir.appendingPathComponent("signs-\(locale).pdf").path
            var environment = fixedEpoch
            for name in ["LC_ALL", "LC_CTYPE", "LANG"] { environment[name] = locale }
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
