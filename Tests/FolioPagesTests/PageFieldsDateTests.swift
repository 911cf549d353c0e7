import FolioPages
import Foundation
import XCTest

/// `{date}` written as the document's language writes dates.
final class PageFieldsDateTests: XCTestCase {
    func testDatesInChineseJapaneseKoreanAndEnglish() {
        let day = Date(timeIntervalSince1970: 1_700_000_000)   // 14 November 2023, UTC
        XCTAssertEqual(PageFields.date(day), "14 November 2023")
        XCTAssertEqual(PageFields.date(day, language: "en-US"), "14 November 2023")
        XCTAssertEqual(PageFields.date(day, language: "zh-Hans"), "2023年11月14日")
        XCTAssertEqual(PageFields.date(day, language: "ja"), "2023年11月14日")
        XCTAssertEqual(PageFields.date(day, language: "ko"), "2023년 11월 14일")
    }
}
