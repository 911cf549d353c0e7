import Foundation

/// Reads a JSON file into a `DataValue`.
///
/// One strict iterative pass over the bytes checks the grammar and builds the value,
/// keeping what Folio needs and `JSONSerialization`'s tree cannot — keys in written
/// order, numbers as written, `true` apart from `1` —, enforcing `DataLimits.maximumDepth`
/// and refusing a key repeated in one object (an error at the second occurrence). Like
/// JSONSerialization it allows one trailing comma (`[1,2,]`). A file the pass refuses is
/// given to JSONSerialization for the place and wording of the first error (its "around
/// character N" is a byte offset, turned into a line and column here).
struct JSONDataReader {
    let source: DataSource

    func read() throws -> DataValue {
        // One strict pass builds the value; only a file it refuses goes to JSONSerialization,
        // for its message (whose tree of an 11 MB file took 240 MB, three times ours).
        do {
            return try build()
        } catch let refusal as DocumentError {
            let body = Data(source.bytes[source.bomLength...])
            do {
                _ = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
            } catch let error as NSError {
                throw translate(error)
            }
            throw refusal
        }
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
        /// What may come next: a value (or key), or a separator.
        var expectsItem = true
        /// A `:` was read after the pending key.
        var sawColon = false
        /// A `,` was read after the last item (a trailing one before the close is allowed,
        /// as JSONSerialization allows it).
        var sawComma = false
    }

    /// The elements of a top-level array, found by one strict pass that builds each and
    /// lets it go at once: their byte ranges, for `record(in:)` to build again when asked
    /// for (so a long list of records is never held whole). Nil when the top level is not
    /// an array. A file the pass refuses gets JSONSerialization's wording, as in `read()`.
    func recordRanges() throws -> [Range<Int>]? {
        var start = source.bomLength
        while start < source.bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(source.bytes[start]) { start += 1 }
        guard start < source.bytes.count, source.bytes[start] == 0x5B else { return nil }
        var ranges: [Range<Int>] = []
        do {
            _ = try build(elements: &ranges)
        } catch let refusal as DocumentError {
            let body = Data(source.bytes[source.bomLength...])
            do { _ = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
            catch let error as NSError { throw translate(error) }
            throw refusal
        }
        return ranges
    }

    /// The value at `range` of the bytes (one of `recordRanges()`, already checked).
    func record(in range: Range<Int>) throws -> DataValue {
        var none: [Range<Int>]? = nil
        return try build(from: range.lowerBound, to: range.upperBound, elements: &none)
    }

    private func build() throws -> DataValue {
        var none: [Range<Int>]? = nil
        return try build(from: source.bomLength, to: source.bytes.count, elements: &none)
    }

    private func build(elements: inout [Range<Int>]) throws -> DataValue {
        var ranges: [Range<Int>]? = []
        let value = try build(from: source.bomLength, to: source.bytes.count, elements: &ranges)
        elements = ranges ?? []
        return value
    }

    /// Builds the value in bytes `from..<to`. With `elements`, the top-level array's
    /// elements are not kept: their ranges are noted instead.
    private func build(from: Int, to end: Int, elements: inout [Range<Int>]?) throws -> DataValue {
        let b = source.bytes
        var i = from
        var stack: [Frame] = []
        var result: DataValue?
        var elementStart = 0
        while i < end {
            let c = b[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1; continue }
            // After the top-level value only white space may follow.
            guard result == nil else { throw unexpected(i) }
            let top = stack.indices.last
            if let top {
                if c == 0x2C { // ,
                    guard !stack[top].expectsItem, stack[top].pendingKey == nil else { throw unexpected(i) }
                    stack[top].expectsItem = true; stack[top].sawComma = true
                    i += 1; continue
                }
                if c == 0x3A { // :
                    guard stack[top].isObject, stack[top].pendingKey != nil, !stack[top].sawColon else { throw unexpected(i) }
                    stack[top].sawColon = true
                    i += 1; continue
                }
                if c == 0x7D || c == 0x5D { // } ]
                    guard (c == 0x7D) == stack[top].isObject, stack[top].pendingKey == nil,
                          !stack[top].expectsItem || stack[top].values.isEmpty || stack[top].sawComma else { throw unexpected(i) }
                } else {
                    guard stack[top].expectsItem else { throw unexpected(i) }
                    // In an object, a key (a string) first, then a colon, then its value.
                    if stack[top].isObject {
                        if stack[top].pendingKey == nil { guard c == 0x22 else { throw unexpected(i) } }
                        else { guard stack[top].sawColon else { throw unexpected(i) } }
                    }
                }
            } else if c == 0x2C || c == 0x3A || c == 0x7D || c == 0x5D {
                throw unexpected(i)
            }
            if elements != nil, stack.count == 1, c != 0x7D, c != 0x5D { elementStart = i }
            var value: DataValue
            switch c {
            case 0x7B, 0x5B: // { [
                guard stack.count < DataLimits.maximumDepth else {
                    throw source.error(atByte: i, "nested deeper than \(DataLimits.maximumDepth) levels")
                }
                stack.append(Frame(isObject: c == 0x7B, start: i))
                i += 1; continue
            case 0x7D, 0x5D: // } ]
                let frame = stack.removeLast()
                value = frame.isObject ? .object(DataObject(keys: frame.keys, values: frame.values)) : .array(frame.values)
                i += 1
            case 0x22: // "
                let start = i
                let text = try string(&i)
                if let top, stack[top].isObject, stack[top].pendingKey == nil {
                    try noteKey(text, at: start, in: &stack[top])
                    stack[top].sawColon = false
                    continue
                }
                value = .string(text)
            case 0x74: try literal("true", at: &i); value = .bool(true)
            case 0x66: try literal("false", at: &i); value = .bool(false)
            case 0x6E: try literal("null", at: &i); value = .null
            default:
                let start = i
                while i < end, Self.isNumberByte(b[i]) { i += 1 }
                guard i > start, Self.isJSONNumber(b[start..<i]),
                      let n = DataNumber(String(decoding: b[start..<i], as: UTF8.self)) else { throw unexpected(start) }
                value = .number(n)
            }
            guard let top = stack.indices.last else { result = value; continue }
            if elements != nil, top == 0, !stack[top].isObject {
                // A record of the list: noted, not kept.
                elements?.append(elementStart..<i)
                stack[top].expectsItem = false
                stack[top].sawComma = false
                stack[top].values.reserveCapacity(0)
                continue
            }
            if stack[top].isObject {
                guard let key = stack[top].pendingKey else { throw unexpected(i) }
                stack[top].keys.append(key)
                stack[top].pendingKey = nil
                stack[top].sawColon = false
            }
            stack[top].values.append(value)
            stack[top].expectsItem = false
            stack[top].sawComma = false
        }
        guard let result, stack.isEmpty else { throw source.errorAtEnd("not valid JSON: unexpected end of file") }
        return result
    }

    /// Reads the literal `word` (true, false, null) at `i`.
    private func literal(_ word: StaticString, at i: inout Int) throws {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard i + w.count <= source.bytes.count, source.bytes[i..<(i + w.count)].elementsEqual(w) else { throw unexpected(i) }
        i += w.count
    }

    /// JSON's number grammar: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private static func isJSONNumber(_ n: ArraySlice<UInt8>) -> Bool {
        var i = n.startIndex
        func digits() -> Int { let s = i; while i < n.endIndex, n[i] >= 0x30 && n[i] <= 0x39 { i += 1 }; return i - s }
        if i < n.endIndex, n[i] == 0x2D { i += 1 }
        if i < n.endIndex, n[i] == 0x30 { i += 1 } else if digits() == 0 { return false }
        if i < n.endIndex, n[i] == 0x2E { i += 1; guard digits() > 0 else { return false } }
        if i < n.endIndex, n[i] == 0x65 || n[i] == 0x45 {
            i += 1
            if i < n.endIndex, n[i] == 0x2B || n[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == n.endIndex
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

    /// A byte JSON does not allow there (the message JSONSerialization gives replaces it).
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
            // JSON strings hold no raw control characters, and only its own escapes.
            guard b[j] >= 0x20 else { throw unexpected(j) }
            if b[j] == 0x5C {
                escaped = true
                j += 1
                guard j < b.count, [0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74, 0x75].contains(b[j]) else { throw unexpected(j) }
                if b[j] == 0x75 {
                    // A \u escape: four hex digits, and a surrogate only as half of a pair.
                    guard let unit = hex4(b, j + 1, b.count), !(0xDC00...0xDFFF).contains(unit) else { throw unexpected(j) }
                    if (0xD800...0xDBFF).contains(unit) {
                        guard j + 10 < b.count, b[j + 5] == 0x5C, b[j + 6] == 0x75, let low = hex4(b, j + 7, b.count),
                              (0xDC00...0xDFFF).contains(low) else { throw unexpected(j) }
                        j += 6
                    }
                    j += 4
                }
            }
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
