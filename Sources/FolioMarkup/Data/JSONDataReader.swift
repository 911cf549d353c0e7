import Foundation

/// Reads a JSON file into a `DataValue`.
///
/// `JSONSerialization` decides whether the text is JSON and gives the place of the first
/// error (its "around character N" is a byte offset, turned into a line and column here).
/// It is lenient in one way: a trailing comma (`[1,2,]`) is accepted. Its tree cannot
/// keep what Folio needs — keys in written order, numbers as written, `true` apart from
/// `1` — so the value is then built by one iterative pass over the (now known good)
/// bytes, which also enforces `DataLimits.maximumDepth` and refuses a key repeated in one
/// object (an error at the second occurrence; JSONSerialization would keep the last).
struct JSONDataReader {
    let source: DataSource

    func read() throws -> DataValue {
        let body = Data(source.bytes[source.bomLength...])
        do {
            _ = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
        } catch let error as NSError {
            throw translate(error)
        }
        return try build()
    }

    /// JSONSerialization's error with a line and column.
    private func translate(_ error: NSError) -> DocumentError {
        let message = (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
        var reason = message
        if let r = reason.range(of: " around character ") { reason = String(reason[..<r.lowerBound]) }
        if reason.hasSuffix(".") { reason.removeLast() }
        reason = reason.prefix(1).lowercased() + reason.dropFirst()
        if message.hasPrefix("Too many nested"), let at = opening(atDepth: DataLimits.maximumDepth + 1) {
            return source.error(atByte: at, "nested deeper than \(DataLimits.maximumDepth) levels")
        }
        if let r = message.range(of: #"around character (\d+)"#, options: .regularExpression),
           let offset = Int(message[r].split(separator: " ").last ?? "") {
            return source.error(atByte: source.bomLength + offset, "not valid JSON: \(reason)")
        }
        // "Number 1e400 is not representable in Swift": point at the number.
        if message.hasPrefix("Number "), let token = message.split(separator: " ").dropFirst().first,
           let at = find(Array(token.utf8)) {
            return source.error(atByte: at, "not valid JSON: the number \(token) is out of range")
        }
        return source.errorAtEnd("not valid JSON: \(reason)")
    }

    /// The offset of the first `[` or `{` (outside strings) that opens level `depth`.
    private func opening(atDepth depth: Int) -> Int? {
        let b = source.bytes
        var level = 0, i = 0, inString = false
        while i < b.count {
            let c = b[i]
            if inString {
                if c == 0x5C { i += 1 } else if c == 0x22 { inString = false }
            } else if c == 0x22 {
                inString = true
            } else if c == 0x5B || c == 0x7B {
                level += 1
                if level == depth { return i }
            } else if c == 0x5D || c == 0x7D {
                level -= 1
            }
            i += 1
        }
        return nil
    }

    /// The offset of the first occurrence of `needle`.
    private func find(_ needle: [UInt8]) -> Int? {
        let b = source.bytes
        guard !needle.isEmpty, b.count >= needle.count else { return nil }
        for i in 0...(b.count - needle.count) where b[i] == needle[0] && Array(b[i..<(i + needle.count)]) == needle { return i }
        return nil
    }

    /// One open array or object while building.
    private struct Frame {
        var isObject: Bool
        var start: Int
        var keys: [String] = []
        var values: [DataValue] = []
        var pendingKey: String?
        var seen: Set<String>?
    }

    private func build() throws -> DataValue {
        let b = source.bytes
        var i = source.bomLength
        var stack: [Frame] = []
        while i < b.count {
            let c = b[i]
            var value: DataValue
            switch c {
            case 0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x3A: // whitespace , :
                i += 1; continue
            case 0x7B, 0x5B: // { [
                guard stack.count < DataLimits.maximumDepth else {
                    throw source.error(atByte: i, "nested deeper than \(DataLimits.maximumDepth) levels")
                }
                stack.append(Frame(isObject: c == 0x7B, start: i))
                i += 1; continue
            case 0x7D, 0x5D: // } ]
                guard let frame = stack.popLast() else { throw unexpected(i) }
                value = frame.isObject ? .object(DataObject(keys: frame.keys, values: frame.values)) : .array(frame.values)
                i += 1
            case 0x22: // "
                let start = i
                let text = try string(&i)
                if let top = stack.indices.last, stack[top].isObject, stack[top].pendingKey == nil {
                    try noteKey(text, at: start, in: &stack[top])
                    continue
                }
                value = .string(text)
            case 0x74: value = .bool(true); i += 4
            case 0x66: value = .bool(false); i += 5
            case 0x6E: value = .null; i += 4
            default:
                let start = i
                while i < b.count, Self.isNumberByte(b[i]) { i += 1 }
                guard i > start, let n = DataNumber(String(decoding: b[start..<i], as: UTF8.self)) else { throw unexpected(start) }
                value = .number(n)
            }
            guard let top = stack.indices.last else { return value }
            if stack[top].isObject {
                guard let key = stack[top].pendingKey else { throw unexpected(i) }
                stack[top].keys.append(key)
                stack[top].pendingKey = nil
            }
            stack[top].values.append(value)
        }
        throw source.errorAtEnd("not valid JSON: unexpected end of file")
    }

    /// Records `key` as the next key of `frame`; a key the object already has is an error.
    private func noteKey(_ key: String, at offset: Int, in frame: inout Frame) throws {
        let repeated: Bool
        if let seen = frame.seen {
            repeated = seen.contains(key)
        } else {
            repeated = frame.keys.contains(key)
            if frame.keys.count >= DataObject.indexedCount { frame.seen = Set(frame.keys) }
        }
        if repeated { throw source.error(atByte: offset, "key '\(key)' is repeated in this object") }
        frame.seen?.insert(key)
        frame.pendingKey = key
    }

    private static func isNumberByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2B || c == 0x2E || c == 0x65 || c == 0x45
    }

    /// A byte the validated text should not have there (a safety net, never expected).
    private func unexpected(_ offset: Int) -> DocumentError {
        source.error(atByte: offset, "not valid JSON: unexpected character")
    }

    /// The string whose opening quote is at `i`; leaves `i` after its closing quote.
    private func string(_ i: inout Int) throws -> String {
        let b = source.bytes
        let start = i + 1
        var j = start
        var escaped = false
        while j < b.count, b[j] != 0x22 {
            if b[j] == 0x5C { escaped = true; j += 1 }
            j += 1
        }
        guard j < b.count else { throw source.errorAtEnd("not valid JSON: a string is not closed") }
        i = j + 1
        if !escaped { return String(decoding: b[start..<j], as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(j - start)
        var k = start
        while k < j {
            let c = b[k]
            guard c == 0x5C, k + 1 < j else { out.append(c); k += 1; continue }
            let e = b[k + 1]
            k += 2
            switch e {
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75: // \uXXXX, pairing surrogates
                var scalar = hex4(b, k, j)
                k += 4
                if let high = scalar, (0xD800...0xDBFF).contains(high) {
                    if k + 6 <= j, b[k] == 0x5C, b[k + 1] == 0x75, let low = hex4(b, k + 2, j), (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                        k += 6
                    } else { scalar = nil }
                }
                let u = scalar.flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(u).utf8))
            default: out.append(e) // \" \\ \/
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value of 4 hex digits at `k` (before `end`), nil when they are not.
    private func hex4(_ b: [UInt8], _ k: Int, _ end: Int) -> UInt32? {
        guard k + 4 <= end else { return nil }
        var v: UInt32 = 0
        for c in b[k..<(k + 4)] {
            guard let d = Character(Unicode.Scalar(c)).hexDigitValue else { return nil }
            v = v * 16 + UInt32(d)
        }
        return v
    }
}
