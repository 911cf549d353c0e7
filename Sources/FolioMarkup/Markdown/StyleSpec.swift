/// Style attributes written in braces after a span or on a block's own line, as in Pandoc:
/// `{.smallcaps .lead #intro color=#b00 title="quoted value" note='single'}`.
public struct StyleSpec: Hashable, Sendable {
    /// Style names (`.name`), in the order written.
    public var classes: [String]
    /// The element's id (`#id`).
    public var id: String?
    /// `key=value` settings, in the order written.
    public var properties: [StyleProperty]

    /// A spec with the given classes, id and properties (all empty by default).
    public init(classes: [String] = [], id: String? = nil, properties: [StyleProperty] = []) {
        self.classes = classes; self.id = id; self.properties = properties
    }

    /// No classes, no id, no properties.
    public var isEmpty: Bool { classes.isEmpty && id == nil && properties.isEmpty }

    /// The value last given to `name`, if any.
    public func value(of name: String) -> String? {
        properties.last(where: { $0.name == name })?.value
    }

    /// Where the value last given to `name` was written, if anywhere.
    public func location(of name: String) -> SourceLocation? {
        properties.last(where: { $0.name == name })?.location
    }

    /// This spec with `other` laid over it: classes of both (each once), `other`'s id if it has
    /// one, and `other`'s properties after these (so they win where both set a key).
    public func merged(with other: StyleSpec) -> StyleSpec {
        var result = self
        for name in other.classes where !result.classes.contains(name) { result.classes.append(name) }
        if let id = other.id { result.id = id }
        result.properties += other.properties
        return result
    }

    /// Parses `text`, which must be exactly one `{…}` attribute set (surrounding spaces allowed).
    /// `location` is where `text` starts; errors point at the offending character.
    public static func parse(_ text: String, at location: SourceLocation) throws -> StyleSpec {
        let bytes = Array(text.utf8)
        let locate = { (offset: Int) -> SourceLocation in
            var place = location
            place.column += String(decoding: bytes[0..<min(offset, bytes.count)], as: UTF8.self).count
            return place
        }
        var start = 0
        while start < bytes.count, StyleSpecScanner.isSpace(bytes[start]) { start += 1 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else {
            throw DocumentError(locate(start), "expected '{' to start style attributes")
        }
        switch StyleSpecScanner.scan(bytes, from: start, locate: locate) {
        case .failure(let offset, let reason):
            throw DocumentError(locate(offset), reason)
        case .spec(let spec, let end):
            var rest = end
            while rest < bytes.count, StyleSpecScanner.isSpace(bytes[rest]) { rest += 1 }
            if rest < bytes.count {
                throw DocumentError(locate(rest), "unexpected text after the closing '}' of style attributes")
            }
            return spec
        }
    }

    /// The same spec with `transform` applied to every class, the id and every value.
    func mapStrings(_ transform: (String) -> String) -> StyleSpec {
        StyleSpec(classes: classes.map(transform), id: id.map(transform),
                  properties: properties.map { StyleProperty(name: transform($0.name), value: transform($0.value), location: $0.location) })
    }
}

/// The `{…}` syntax over UTF-8 bytes. Used by `StyleSpec.parse` and by the Markdown reader,
/// which finds attribute sets inside text and must know where each one ends.
enum StyleSpecScanner {
    enum Outcome {
        /// A well-formed set; `end` is the offset just after its `}`.
        case spec(StyleSpec, end: Int)
        /// Malformed: the offset of the offending byte (or the end) and why.
        case failure(offset: Int, reason: String)
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Letters, digits, `-`, `_`, `:`, `.` and anything non-ASCII (letters of other scripts).
    static func isNameByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
             UInt8(ascii: ":"), UInt8(ascii: "."): return true
        default: return b >= 0x80
        }
    }

    /// A name may not start with `.`, so that `{...}` (an ellipsis in braces) is not a class.
    static func isNameStart(_ b: UInt8) -> Bool { b != UInt8(ascii: ".") && isNameByte(b) }

    /// Whether the `{` at `start` begins something meant as attributes: its first item is a
    /// `.class`, `#id` or `key=`. Prose in braces (`{sic}`, `{ESTELLE, …`) is left as text, while
    /// a mistake in something that clearly is an attribute set is reported.
    static func looksLikeSpec(_ bytes: [UInt8], at start: Int) -> Bool {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return false }
        var i = start + 1
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        guard i < bytes.count else { return false }
        if bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "#") {
            return i + 1 < bytes.count && isNameStart(bytes[i + 1])
        }
        guard isNameStart(bytes[i]) else { return false }
        while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "=")
    }

    /// Scans the attribute set whose `{` is at `start`. `locate` gives the source location of an
    /// offset, for the properties' locations.
    static func scan(_ bytes: [UInt8], from start: Int, locate: (Int) -> SourceLocation) -> Outcome {
        precondition(bytes[start] == UInt8(ascii: "{"))
        var spec = StyleSpec()
        var i = start + 1
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func describe(_ offset: Int) -> String {
            // The whole character, not its first byte, for non-ASCII input.
            var end = offset + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'\(text(offset..<end))'"
        }
        func name(from: Int) -> Int {
            var e = from
            while e < bytes.count, isNameByte(bytes[e]) { e += 1 }
            return e
        }
        while true {
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count else {
                return .failure(offset: bytes.count, reason: "missing '}' to close the style attributes")
            }
            let b = bytes[i]
            if b == UInt8(ascii: "}") { return .spec(spec, end: i + 1) }
            let itemStart = i
            if b == UInt8(ascii: ".") || b == UInt8(ascii: "#") {
                let end = name(from: i + 1)
                guard end > i + 1, isNameStart(bytes[i + 1]) else {
                    return .failure(offset: i + 1 < bytes.count ? i + 1 : bytes.count,
                                    reason: b == UInt8(ascii: ".") ? "expected a class name after '.'" : "expected an id after '#'")
                }
                if b == UInt8(ascii: ".") {
                    spec.classes.append(text(i + 1..<end))
                } else {
                    if spec.id != nil { return .failure(offset: i, reason: "a second #id; an element has only one") }
                    spec.id = text(i + 1..<end)
                }
                i = end
            } else if isNameStart(b) {
                let keyEnd = name(from: i)
                let key = text(i..<keyEnd)
                guard keyEnd < bytes.count, bytes[keyEnd] == UInt8(ascii: "=") else {
                    return .failure(offset: itemStart, reason: "'\(key)' needs a value: write \(key)=value, or .\(key) for a class, #\(key) for an id")
                }
                i = keyEnd + 1
                guard i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "}") else {
                    return .failure(offset: i, reason: "expected a value after '\(key)='")
                }
                let value: String
                if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                    let quote = bytes[i]
                    var close = i + 1
                    while close < bytes.count, bytes[close] != quote { close += 1 }
                    guard close < bytes.count else {
                        return .failure(offset: i, reason: "unterminated quoted value: no closing \(quote == UInt8(ascii: "\"") ? "\"" : "'")")
                    }
                    value = text(i + 1..<close)
                    i = close + 1
                } else {
                    var end = i
                    while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: "}") { end += 1 }
                    value = text(i..<end)
                    i = end
                }
                spec.properties.append(StyleProperty(name: key, value: value, location: locate(itemStart)))
            } else {
                return .failure(offset: i, reason: "unexpected \(describe(i)) in style attributes; expected .class, #id or key=value")
            }
            // Items are separated by spaces: `.a.b` is one class name, but `.a"b"` is a mistake.
            if i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "}") {
                return .failure(offset: i, reason: "unexpected \(describe(i)) after \(text(itemStart..<i)); separate attributes with spaces")
            }
        }
    }
}
