import FolioTestSupport
import Foundation
import XCTest

/// The reader's locale never reaches the page. fontconfig reads it (`LC_ALL`, `LC_CTYPE`,
/// `LANG`) to choose the face for a character the document's fonts lack: the signs below
/// came from DejaVu Sans and Noto Sans CJK JP under `C`, from Noto Serif CJK JP under
/// `ja_JP` and from Noto Serif CJK TC under `zh_TW`. Pango reads `LANGUAGE` for text in a
/// script its paragraph's language is not written in: the Russian took Serbian forms under
/// `LANGUAGE=sr`. The document's language decides now, and one document gives one PDF.
final class LocaleIndependenceTests: XCTestCase {
    private static let document = """
        # Signs

        Circled ① and ※, a star ★, № 7 and Ⅳ, in *italic* ① and **bold** ※, and `code ①`.

        A Russian phrase among English: «где бы ни был», *побегу туда*.

        East Asian marks: the postal mark 〒 and a wave ～.
        """

    func testTheSameDocumentGivesTheSameBytesUnderAnyLocale() throws {
        try requireCJKFonts()   // the fallback faces the locales chose between
        let dir = try makeTemporaryDirectory()
        let doc = try write(Self.document, "signs.md", in: dir)
        func render(_ name: String, _ variables: [String: String]) throws -> Data {
            let pdf = dir.appendingPathComponent("signs-\(name).pdf").path
            // The runner's own choices are taken out (an empty FC_LANG counts as unset).
            var environment = fixedEpoch.merging(["FC_LANG": "", "PANGO_LANGUAGE": ""]) { $1 }
            environment.merge(variables) { $1 }
            let result = try folio(["render", doc, "-o", pdf, "-q"], environment: environment)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: pdf))
        }
        let locales = [("C", "C"), ("ja_JP.UTF-8", "ja"), ("zh_TW.UTF-8", "zh_TW:zh"),
                       ("ko_KR.UTF-8", "ko"), ("sr_RS.UTF-8", "sr:ru"), ("de_DE.UTF-8", "de")]
        var first: Data?
        for (locale, languages) in locales {
            let bytes = try render(locale, ["LC_ALL": locale, "LC_CTYPE": locale, "LANG": locale, "LANGUAGE": languages])
            if let first {
                let fonts = (try? pdfFontNames(dir.appendingPathComponent("signs-\(locale).pdf").path)) ?? []
                XCTAssertEqual(bytes, first, "\(locale) set other bytes than C: \(fonts)")
            } else {
                first = bytes
            }
        }
        // A language asked for on purpose still applies, and the document is one it
        // changes (DejaVu Serif's Serbian italics), so the sameness above is not for want
        // of anything to change. (FC_LANG applies too, but which face it then picks
        // depends on the fonts a machine has.)
        XCTAssertNotEqual(try render("pango-language-sr", ["PANGO_LANGUAGE": "sr"]), first, "PANGO_LANGUAGE=sr chose no other forms")
    }
}
