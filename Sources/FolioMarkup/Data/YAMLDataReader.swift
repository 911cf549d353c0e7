import Foundation
import Yams

/// Reads a YAML file into a `DataValue`.
///
/// Yams composes the node tree with no tag resolution (as templates are read), and the
/// scalars are typed here by one rule:
/// - a quoted, literal (`|`) or folded (`>`) scalar, or one tagged `!!str`, is a string;
/// - a plain `true`/`True`/`TRUE` or `false`/`False`/`FALSE` is a bool;
/// - a plain `~`, `null`/`Null`/`NULL` or an empty value is null;
/// - a plain decimal number (`12`, `-3.50`, `1e6`, `+.5`: YAML 1.2's core-schema decimals)
///   is a number, kept as written; `0x1F`, `0o17`, `.inf` and `.nan` stay strings;
/// - anything else is a string.
///
/// Keys are scalars, taken as text. Anchors and aliases are followed, but the expanded
/// tree may hold at most `DataLimits.maximumYAMLValues` values and nest at most
/// `DataLimits.maximumDepth` levels; the walk is iterative. Aliases may not be used in
/// mapping keys (Yams compares keys by expanding them, which a billion-laughs key would
/// make take forever): such a file is refused before it is parsed.
struct YAMLDataReader {
    let source: DataSource

    func read() throws -> DataValue {
        let text = String(decoding: source.bytes[source.bomLength...], as: UTF8.self)
        if let offset = aliasInKey() {
            throw source.error(atByte: offset, "an alias (*name) or a complex key (? …) may not be used as a key in data files")
        }
        let root: Node?
        do { root = try Yams.compose(yaml: text, .basic) } catch let e as YamlError {
            throw translate(e)
        }
        guard let root else { return .null }
        return try convert(root)
    }

    private func translate(_ e: YamlError) -> DocumentError {
        switch e {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            if problem.hasPrefix("Maximum nesting level") { // libyaml's own bound (1000), past ours
                return DocumentError(location(mark), "nested deeper than \(DataLimits.maximumDepth) levels")
            }
            let why = context.map { " (\($0.text))" } ?? ""
            return DocumentError(location(mark), "not valid YAML: \(problem)\(why)")
        case let .duplicatedKeysInMapping(duplicates, context):
            return DocumentError(location(context.mark),
                                 "\(duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")) set more than once")
        default:
            return source.errorAtEnd("not valid YAML: \(e)")
        }
    }

    private func location(_ mark: Mark?) -> SourceLocation {
        SourceLocation(file: source.file, line: max(mark?.line ?? 1, 1), column: max(mark?.column ?? 1, 1))
    }

    /// One open sequence or mapping while converting.
    private struct Frame {
        var node: Node
        var children: [(key: Node?, value: Node)]
        var next = 0
        var keys: [String] = []
        var values: [DataValue] = []
    }

    private func frame(_ node: Node) throws -> Frame {
        switch node {
        case .sequence(let s): return Frame(node: node, children: s.map { (nil, $0) })
        case .mapping(let m): return Frame(node: node, children: m.map { ($0.key, $0.value) })
        default: return Frame(node: node, children: [])
        }
    }

    /// The value of `root`, walked with an explicit stack.
    private func convert(_ root: Node) throws -> DataValue {
        var count = 1
        guard root.scalar == nil else { return scalar(root.scalar!) }
        var stack = [try frame(root)]
        while let top = stack.indices.last {
            let f = stack[top]
            if f.next == f.children.count {
                stack.removeLast()
                let isMapping: Bool
                if case .mapping = f.node { isMapping = true } else { isMapping = false }
                let value: DataValue = isMapping ? .object(DataObject(keys: f.keys, values: f.values)) : .array(f.values)
                guard let parent = stack.indices.last else { return value }
                stack[parent].values.append(value)
                continue
            }
            let (key, child) = f.children[f.next]
            stack[top].next += 1
            count += 1
            if count > DataLimits.maximumYAMLValues {
                throw DocumentError(location(child.mark),
                                    "more than \(DataLimits.maximumYAMLValues) values once aliases are expanded")
            }
            if let key {
                guard case .scalar(let k) = key else {
                    throw DocumentError(location(key.mark), "a key must be a plain name, not a list or mapping")
                }
                stack[top].keys.append(k.string)
            }
            if case .scalar(let s) = child {
                stack[top].values.append(scalar(s))
            } else {
                guard stack.count < DataLimits.maximumDepth else {
                    throw DocumentError(location(child.mark), "nested deeper than \(DataLimits.maximumDepth) levels")
                }
                stack.append(try frame(child))
            }
        }
        return .null
    }

    /// A scalar typed by the rule in the type's documentation.
    private func scalar(_ s: Node.Scalar) -> DataValue {
        if s.tag.rawValue == Tag.Name.str.rawValue || s.style != .plain { return .string(s.string) }
        switch s.string {
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case "", "~", "null", "Null", "NULL": return .null
        default:
            if Self.isDecimal(s.string), let n = DataNumber(s.string) { return .number(n) }
            return .string(s.string)
        }
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, YAML 1.2's core-schema float
    /// (which includes its decimal integers).
    static func isDecimal(_ text: String) -> Bool {
        var u = Array(text.utf8)[...]
        func digits() -> Int { var n = 0; while let c = u.first, c >= 0x30, c <= 0x39 { u.removeFirst(); n += 1 }; return n }
        if let c = u.first, c == 0x2B || c == 0x2D { u.removeFirst() }
        var mantissa = digits()
        if u.first == 0x2E { u.removeFirst(); mantissa += digits() }
        guard mantissa > 0 else { return false }
        if let c = u.first, c == 0x65 || c == 0x45 {
            u.removeFirst()
            if let c = u.first, c == 0x2B || c == 0x2D { u.removeFirst() }
            guard digits() > 0 else { return false }
        }
        return u.isEmpty
    }

    /// The offset of an alias used as a key (`*a :`, `[*a]:`) or of an explicit complex
    /// key (`? `), outside quotes and comments; nil when there is none. Conservative: a
    /// block scalar whose text looks like one is refused too.
    func aliasInKey() -> Int? {
        let b = source.bytes
        var i = source.bomLength
        var lineStart = true
        var sawAlias = false
        var candidate: Int?
        while i < b.count {
            let c = b[i]
            switch c {
            case 0x0A, 0x0D: lineStart = true; i += 1; continue
            case 0x23 where i == 0 || b[i - 1] == 0x20 || b[i - 1] == 0x09 || lineStart: // # comment
                while i < b.count, b[i] != 0x0A, b[i] != 0x0D { i += 1 }
                continue
            case 0x22 where Self.opensQuote(b, i), 0x27 where Self.opensQuote(b, i):
                // a quoted scalar (not an apostrophe inside a word): skip to its closing quote
                let q = c
                i += 1
                while i < b.count, b[i] != q { if q == 0x22, b[i] == 0x5C { i += 1 }; i += 1 }
            case 0x2A: // *alias
                sawAlias = true
                let start = i
                i += 1
                while i < b.count, Self.isAnchorByte(b[i]) { i += 1 }
                var j = i
                while j < b.count, b[j] == 0x20 { j += 1 }
                if j < b.count, b[j] == 0x3A, j + 1 == b.count || [0x20, 0x0A, 0x0D, 0x2C, 0x7D, 0x5D].contains(b[j + 1]) {
                    candidate = candidate ?? start
                }
                lineStart = false
                continue
            case 0x3F: // ? explicit key
                let prev = i == 0 ? UInt8(0x20) : b[i - 1]
                let next = i + 1 < b.count ? b[i + 1] : 0x20
                if [0x20, 0x09, 0x7B, 0x2C, 0x2D, 0x0A].contains(prev) || lineStart, [0x20, 0x0A, 0x0D].contains(next) {
                    candidate = candidate ?? i
                }
            case 0x5D, 0x7D: // ]: or }: a flow collection as a key
                if i + 1 < b.count, b[i + 1] == 0x3A { candidate = candidate ?? i }
            default: break
            }
            if c != 0x20, c != 0x09 { lineStart = false }
            i += 1
        }
        return sawAlias ? candidate : nil
    }

    /// Whether the quote at `i` opens a quoted scalar (it follows a space, a line break,
    /// `[`, `{`, `,` or `:`, or starts the file), rather than sitting inside a word.
    private static func opensQuote(_ b: [UInt8], _ i: Int) -> Bool {
        i == 0 || [0x20, 0x09, 0x0A, 0x0D, 0x5B, 0x7B, 0x2C, 0x3A, 0xBF].contains(b[i - 1])
    }

    private static func isAnchorByte(_ c: UInt8) -> Bool {
        !(c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x2C || c == 0x5B || c == 0x5D || c == 0x7B || c == 0x7D || c == 0x3A)
    }
}
