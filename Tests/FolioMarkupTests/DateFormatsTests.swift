import FolioMarkup
import Foundation
import XCTest

/// `{{date(x)}}` and its kin: ISO 8601 values read strictly, written in the document's
/// `lang` and `date-format`, in the value's own offset whatever the machine's zone; bad
/// dates and bad formats reported at their line and column.
final class DateFormatsTests: XCTestCase {
    private func render(_ text: String, _ json: String, strict: Bool = false) throws -> (text: String, warnings: [String]) {
        let data = try DataLoader.load(data: Data(json.utf8), format: .json, file: "data.json")
        return try DocumentTemplate.render(text, data: data, file: "doc.md", dataFile: "data.json", strict: strict)
    }

    /// The body `render` gives for `body` under `frontMatter` (unescaped tags).
    private func body(_ frontMatter: String, _ body: String, _ json: String) throws -> String {
        let r = try render("---\n\(frontMatter)\n---\n" + body, json)
        XCTAssertEqual(r.warnings, [])
        return String(r.text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(frontMatter.split(separator: "\n").count + 2).joined(separator: "\n"))
    }

    func testISODatesAndDateTimesAreRead() throws {
        let d = try ISODate("2026-11-23")
        XCTAssertEqual([d.year, d.month, d.day], [2026, 11, 23])
        XCTAssertFalse(d.hasTime)
        XCTAssertNil(d.offset)
        let t = try ISODate(" 2026-11-23T10:05:09.250+01:30 ")
        XCTAssertEqual(t.time?.hour, 10); XCTAssertEqual(t.time?.minute, 5); XCTAssertEqual(t.time?.second, 9)
        XCTAssertEqual(t.time?.fraction, "250")
        XCTAssertEqual(t.offset, 5400)
        XCTAssertEqual(try ISODate("2026-11-23T10:00:00Z").offset, 0)
        XCTAssertEqual(try ISODate("2026-11-23 10:00").time?.second, 0)
        XCTAssertEqual(try ISODate("2026-11-23T10:00-0500").offset, -18000)
        XCTAssertEqual(try ISODate("2024-02-29").day, 29, "a leap year")
        XCTAssertEqual(try ISODate("2026-11-23T10:00:00Z").instant, Date(timeIntervalSince1970: 1_795_428_000))
        XCTAssertEqual(try ISODate("2026-11-23T11:00:00+01:00").instant, try ISODate("2026-11-23T10:00:00Z").instant)
    }

    func testBadDatesSayWhatIsWrong() {
        let cases = [
            "2026-13-01": "there is no month 13",
            "2026-02-29": "February 2026 has 28 days, not 29",
            "1900-02-29": "February 1900 has 28 days, not 29",
            "23.11.2026": "expected 4 digits for the year at character 1",
            "2026-11": "expected '-' after the month at character 8",
            "2026-11-23T25:00": "25:00:00 is not a time of day (00:00:00 to 23:59:59)",
            "2026-11-23T10:00Zulu": "unexpected 'ulu' after the offset",
            "2026-11-23 at noon": "expected 2 digits for the hour at character 12",
            "": "it is empty",
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try ISODate(text), text) { XCTAssertEqual("\($0)", reason, text) }
        }
    }

    func testStylesInThreeLocales() throws {
        let json = #"{"d": "2026-11-23", "t": "2026-11-23T10:00:00Z"}"#
        let tags = "{{{date(d)}}}|{{{date-short(d)}}}|{{{date-medium(d)}}}|{{{date-long(d)}}}|{{{date-full(d)}}}|{{{time(t)}}}"
        XCTAssertEqual(try body("lang: en-US", tags, json),
                       "November 23, 2026|11/23/26|Nov 23, 2026|November 23, 2026|Monday, November 23, 2026|10:00\u{202F}AM")
        XCTAssertEqual(try body("lang: de-DE", tags, json),
                       "23. November 2026|23.11.26|23.11.2026|23. November 2026|Montag, 23. November 2026|10:00")
        XCTAssertEqual(try body("lang: en-GB", tags, json),
                       "23 November 2026|23/11/2026|23 Nov 2026|23 November 2026|Monday, 23 November 2026|10:00")
    }

    func testDateFormatChoosesTheStyleOrAPatternOfDate() throws {
        let json = #"{"d": "2026-11-23", "t": "2026-11-23T09:05:00Z"}"#
        XCTAssertEqual(try body("lang: de-DE\ndate-format: medium", "{{{date(d)}}}", json), "23.11.2026")
        XCTAssertEqual(try body("lang: de-DE\ndate-format: \"EEEE, d. MMMM y\"", "{{{date(d)}}}", json), "Montag, 23. November 2026")
        XCTAssertEqual(try body("date-format: \"d MMM y 'at' HH:mm\"", "{{{date(t)}}}", json), "23 Nov 2026 at 09:05")
        XCTAssertEqual(try body("lang: de-DE\ndate-format: \"d.M.y\"", "{{{datetime(t)}}}", json), "23.11.2026 09:05")
        XCTAssertEqual(try body("lang: de-DE\ndate-format: \"{{style}}\"", "{{{date(d)}}}", #"{"d": "2026-11-23", "style": "full"}"#),
                       "Montag, 23. November 2026")
        // The per-tag styles ignore date-format.
        XCTAssertEqual(try body("date-format: full", "{{{date-short(d)}}}", json), "11/23/26")
    }

    func testADateTimeStaysInItsOwnOffsetWhateverTheMachinesZone() throws {
        let saved = NSTimeZone.default
        defer { NSTimeZone.default = saved }
        let json = #"{"late": "2026-11-23T23:30:00-05:00", "early": "2026-11-23T00:15:00+14:00", "bare": "2026-11-23T23:59"}"#
        var outputs: Set<String> = []
        for zone in ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata"] {
            NSTimeZone.default = TimeZone(identifier: zone)!
            outputs.insert(try body("lang: en-GB", "{{{datetime(late)}}} / {{{date(early)}}} / {{{time(bare)}}}", json))
        }
        XCTAssertEqual(outputs, ["23 November 2026 at 23:30 / 23 November 2026 / 23:59"])
    }

    func testBadDatesAreWarningsAtTheirTagAndErrorsWhenStrict() throws {
        let text = "Due {{date(due)}}.\n{{#items}}{{time(when)}} {{date(n)}}{{/items}}\n"
        let json = #"{"due": "2026-02-30", "items": [{"when": "2026-11-23", "n": 5}]}"#
        let r = try render(text, json)
        XCTAssertEqual(r.warnings, [
            "doc.md:1:5: 'date(due)': '2026-02-30' is not an ISO 8601 date (2026-11-23 or 2026-11-23T10:00:00Z): February 2026 has 28 days, not 30",
            "doc.md:2:11: 'time(when)': '2026-11-23' has no time of day for time(…)",
            "doc.md:2:26: 'date(n)': '5' is not an ISO 8601 date (2026-11-23 or 2026-11-23T10:00:00Z): expected 4 digits for the year at character 1",
        ])
        XCTAssertEqual(r.text, "Due .\n \n", "a bad date prints nothing")
        XCTAssertThrowsError(try render(text, json, strict: true)) {
            XCTAssertEqual("\($0)", r.warnings.joined(separator: "\n"))
        }
    }

    func testABadDateFormatIsAnErrorAtItsValue() {
        XCTAssertThrowsError(try render("---\ntitle: t\ndate-format: shortt\n---\nx", "{}")) {
            XCTAssertEqual("\($0)", "doc.md:3:14: date-format: 'shortt' is not a date style (short, medium, long, full) or an ICU pattern: 'o' is no pattern letter (put literal text in single quotes)")
        }
        XCTAssertThrowsError(try render("---\ndate-format:  \"d MMM 'at\"\n---\nx", "{}")) {
            XCTAssertEqual("\($0)", "doc.md:2:15: date-format: 'd MMM 'at' has a quote that is never closed")
        }
        XCTAssertThrowsError(try render("---\ndate-format: \"{{f}}\"\n---\n{{date(d)}}", #"{"f": "--", "d": "2026-01-01"}"#, strict: true)) {
            XCTAssertEqual("\($0)", "doc.md:2:14: date-format: '--' is not a date style (short, medium, long, full) or an ICU pattern: it has no pattern letters (d, MMMM, y, …)")
        }
        XCTAssertNil(DateFormats.problem(format: "Long"))
        XCTAssertNil(DateFormats.problem(format: "y-MM-dd'T'HH:mm"))
    }
}
