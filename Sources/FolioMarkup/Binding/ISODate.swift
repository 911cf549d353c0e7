import Foundation

/// A date or date-time written in ISO 8601's extended form, as data gives it:
/// `2026-11-23`, `2026-11-23T10:00`, `2026-11-23T10:00:00Z`, `2026-11-23T10:00:00.250+01:00`
/// (a space may stand for the `T`; the offset is `Z`, `±HH:MM`, `±HHMM` or `±HH`).
///
/// It keeps the wall-clock time as written and its offset: `date(…)` shows the day and
/// time the value names, in its own offset — never converted to the machine's time zone,
/// so the same data gives the same text everywhere. A time without an offset is taken as
/// written (as if in UTC).
public struct ISODate: Sendable, Hashable {
    /// The year, 0001–9999.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31 (as many as the month has).
    public var day: Int
    /// The time of day, when the value has one: hour 0–23, minute and second 0–59, and
    /// the fraction of the second as written (`"250"` for `.250`).
    public var time: (hour: Int, minute: Int, second: Int, fraction: String)?
    /// The offset from UTC in seconds (`+01:00` is 3600); nil when none is written.
    public var offset: Int?

    /// Whether the value has a time of day.
    public var hasTime: Bool { time != nil }

    /// The instant the value names, reading a value without an offset as UTC.
    public var instant: Date {
        var c = DateComponents()
        c.year = year; c.month = month; c.day = day
        c.hour = time?.hour ?? 0; c.minute = time?.minute ?? 0; c.second = time?.second ?? 0
        if let fraction = time?.fraction, !fraction.isEmpty, let f = Double("0." + fraction) { c.nanosecond = Int(f * 1e9) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: c) ?? Date(timeIntervalSince1970: 0)
    }

    /// The zone the value is shown in: its own offset, else UTC.
    public var zone: TimeZone { TimeZone(secondsFromGMT: offset ?? 0) ?? TimeZone(identifier: "UTC")! }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(year); hasher.combine(month); hasher.combine(day)
        hasher.combine(time?.hour); hasher.combine(time?.minute); hasher.combine(time?.second); hasher.combine(time?.fraction)
        hasher.combine(offset)
    }

    /// Whether both name the same written date, time and offset.
    public static func == (a: ISODate, b: ISODate) -> Bool {
        a.year == b.year && a.month == b.month && a.day == b.day && a.offset == b.offset
            && a.time?.hour == b.time?.hour && a.time?.minute == b.time?.minute
            && a.time?.second == b.time?.second && a.time?.fraction == b.time?.fraction
    }

    /// Reads `text` (spaces around it aside); throws `ISODate.Problem` saying what is wrong.
    public init(_ text: String) throws {
        let s = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        var i = 0
        func digits(_ n: Int, _ what: String) throws -> Int {
            guard i + n <= s.count, s[i..<i + n].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw Problem(reason: "expected \(n) digits for the \(what) at character \(i + 1)")
            }
            defer { i += n }
            return s[i..<i + n].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        func expect(_ c: UInt8, _ what: String) throws {
            guard i < s.count, s[i] == c else { throw Problem(reason: "expected '\(Character(UnicodeScalar(c)))' \(what) at character \(i + 1)") }
            i += 1
        }
        guard !s.isEmpty else { throw Problem(reason: "it is empty") }
        year = try digits(4, "year")
        try expect(UInt8(ascii: "-"), "after the year")
        month = try digits(2, "month")
        try expect(UInt8(ascii: "-"), "after the month")
        day = try digits(2, "day")
        guard year >= 1 else { throw Problem(reason: "there is no year 0000") }
        guard (1...12).contains(month) else { throw Problem(reason: "there is no month \(month)") }
        let length = ISODate.days(inMonth: month, of: year)
        guard (1...length).contains(day) else {
            throw Problem(reason: "\(ISODate.monthNames[month - 1]) \(year) has \(length) days, not \(day)")
        }
        guard i < s.count else { return }
        guard s[i] == UInt8(ascii: "T") || s[i] == UInt8(ascii: "t") || s[i] == UInt8(ascii: " ") else {
            throw Problem(reason: "expected 'T' and a time after the date at character \(i + 1)")
        }
        i += 1
        let hour = try digits(2, "hour")
        try expect(UInt8(ascii: ":"), "after the hour")
        let minute = try digits(2, "minute")
        var second = 0, fraction = ""
        if i < s.count, s[i] == UInt8(ascii: ":") {
            i += 1
            second = try digits(2, "second")
            if i < s.count, s[i] == UInt8(ascii: ".") || s[i] == UInt8(ascii: ",") {
                i += 1
                while i < s.count, s[i] >= 0x30, s[i] <= 0x39 { fraction.append(Character(UnicodeScalar(s[i]))); i += 1 }
                guard !fraction.isEmpty else { throw Problem(reason: "expected digits after the second's decimal point at character \(i + 1)") }
            }
        }
        guard hour <= 23, minute <= 59, second <= 59 else {
            throw Problem(reason: "\(String(format: "%02d:%02d:%02d", hour, minute, second)) is not a time of day (00:00:00 to 23:59:59)")
        }
        time = (hour, minute, second, fraction)
        guard i < s.count else { return }
        if s[i] == UInt8(ascii: "Z") || s[i] == UInt8(ascii: "z") {
            offset = 0
            i += 1
        } else if s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") {
            let sign = s[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            let h = try digits(2, "offset's hours")
            var m = 0
            if i < s.count {
                if s[i] == UInt8(ascii: ":") { i += 1 }
                m = try digits(2, "offset's minutes")
            }
            guard h <= 18, m <= 59 else { throw Problem(reason: "the offset is more than 18 hours") }
            offset = sign * (h * 3600 + m * 60)
        }
        guard i == s.count else {
            throw Problem(reason: "unexpected '\(String(decoding: s[i...], as: UTF8.self).prefix(12))' after the \(offset == nil ? "time" : "offset")")
        }
    }

    /// What is wrong with a value that is not an ISO 8601 date.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        /// Why, as a phrase: "there is no month 13".
        public var reason: String
        /// The reason.
        public var description: String { reason }
    }

    /// How many days `month` (1–12) of `year` has.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]
}
