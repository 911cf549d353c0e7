/// HTML5's character references in text, decoded as a browser does in an element's content
/// (https://html.spec.whatwg.org/multipage/parsing.html#character-reference-state).
enum HTMLEntities {
    /// The named references (`HTMLEntities+Table.swift`, generated), built once.
    private static let named: [String: String] = {
        var names: [String: String] = [:]
        names.reserveCapacity(2300)
        for entry in table.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            guard let eq = entry.firstIndex(of: "=") else { continue }
            var value = ""
            for hex in entry[entry.index(after: eq)...].split(separator: ",") {
                if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) { value.unicodeScalars.append(scalar) }
            }
            names[String(entry[..<eq])] = value
        }
        return names
    }()

    /// The longest name, semicolon included.
    private static let longestName = 32

    /// What numeric references to 0x80–0x9F stand for: the Windows-1252 characters at those
    /// bytes (HTML5's table; the five bytes Windows-1252 leaves undefined stay as they are).
    private static let windows1252: [UInt32: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
        0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D,
        0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014,
        0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A, 0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
    ]

    /// `text` with its character references decoded: named ones (the longest name that
    /// matches; the legacy names such as `&amp` also without their semicolon), decimal
    /// `&#…;` and hexadecimal `&#x…;` ones (the semicolon may be left out). `&#0;`,
    /// surrogates and numbers beyond U+10FFFF become U+FFFD; 0x80–0x9F are read as
    /// Windows-1252. An `&` that starts no reference stays as it is.
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "&") else {
                out.append(bytes[i]); i += 1
                continue
            }
            if let (value, end) = reference(in: bytes, at: i + 1) {
                out += value.utf8
                i = end
            } else {
                out.append(bytes[i]); i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The reference starting at `start` (just after an `&`): what it stands for and where
    /// the text after it starts; nil when there is none.
    private static func reference(in bytes: [UInt8], at start: Int) -> (String, Int)? {
        guard start < bytes.count else { return nil }
        if bytes[start] == UInt8(ascii: "#") { return numeric(in: bytes, at: start + 1) }
        var end = start
        while end < bytes.count, end - start < longestName, isAlphanumeric(bytes[end]) { end += 1 }
        guard end > start else { return nil }
        if end < bytes.count, bytes[end] == UInt8(ascii: ";"),
           let value = named[String(decoding: bytes[start...end], as: UTF8.self)] {
            return (value, end + 1)
        }
        // The legacy names without a semicolon: the longest that prefixes the run.
        var length = end - start
        while length >= 2 {
            if let value = named[String(decoding: bytes[start..<(start + length)], as: UTF8.self)] {
                return (value, start + length)
            }
            length -= 1
        }
        return nil
    }

    /// A numeric reference after `&#`.
    private static func numeric(in bytes: [UInt8], at start: Int) -> (String, Int)? {
        var i = start
        var radix: UInt32 = 10
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "x") { radix = 16; i += 1 }
        let digitsStart = i
        var code: UInt32 = 0
        while i < bytes.count, let digit = digitValue(bytes[i], radix: radix) {
            // Past U+10FFFF the value only needs to stay past it.
            code = min(code * radix + digit, 0x110000)
            i += 1
        }
        guard i > digitsStart else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: ";") { i += 1 }
        if let mapped = windows1252[code] { code = mapped }
        let scalar = code == 0 ? nil : Unicode.Scalar(code)   // nil for surrogates and > 10FFFF too
        return (String(Character(scalar ?? "\u{FFFD}")), i)
    }

    private static func isAlphanumeric(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
    }

    private static func digitValue(_ b: UInt8, radix: UInt32) -> UInt32? {
        if b >= 0x30 && b <= 0x39 { return UInt32(b - 0x30) }
        guard radix == 16 else { return nil }
        let lower = b | 0x20
        return lower >= 0x61 && lower <= 0x66 ? UInt32(lower - 0x61 + 10) : nil
    }
}
