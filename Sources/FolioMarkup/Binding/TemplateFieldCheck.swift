import Mustache

/// The check before rendering one record: walks a template's tags with the data, as
/// swift-mustache would render them but without output, and reports every name that
/// resolves to nothing — swift-mustache prints nothing for it, silently.
///
/// Names resolve as in swift-mustache: `.` is the current value; `a.b.c` finds `a` in the
/// innermost section's value, else in the one around it, outwards to the data's top, then
/// `b` and `c` inside it only; `.a` looks in the innermost value only. A section's body is
/// walked once per element of an array (each problem reported once), once for a true or
/// other value, not at all for false, null, an empty array or a missing name; an inverted
/// section's body only when its value is one of those.
///
/// Reported: a name the data does not have (a key that is there with `null` is fine), a
/// formatter or transform that does not apply (`currency` of a text that is not a number,
/// `date` of one that is not an ISO 8601 date, an unknown name), in the document and in
/// the partials it includes (walked where they are included, with the values in force
/// there, each problem at the partial file's line), and a partial the data would include
/// deeper than `DocumentPartials.maximumDepth` levels.
struct TemplateFieldCheck {
    /// A problem, where it was written.
    struct Problem: Hashable {
        /// The partial's file it is in; nil for the document.
        var file: String?
        var line: Int
        var column: Int
        var message: String
    }

    private indirect enum Node {
        case value(TemplateTag)
        case section(TemplateTag, [Node])
        case partial(TemplateTag)
    }

    private let nodes: [Node]
    /// Each partial's file and nodes, by name.
    private let partials: [String: (file: String, nodes: [Node])]
    private let dataFile: String
    private(set) var problems: [Problem] = []
    private var seen = Set<Problem>()

    /// A check of `tags` (from a template the library parsed, so sections are balanced)
    /// and of the `partials` it includes (by name: the file and its tags); `dataFile` names
    /// the data in messages.
    init(tags: [TemplateTag], dataFile: String, partials: [String: (file: String, tags: [TemplateTag])] = [:]) {
        nodes = Self.tree(tags)
        self.partials = partials.mapValues { ($0.file, Self.tree($0.tags)) }
        self.dataFile = dataFile
    }

    /// The nested nodes of `tags`.
    private static func tree(_ tags: [TemplateTag]) -> [Node] {
        var index = 0
        func build() -> [Node] {
            var result: [Node] = []
            while index < tags.count {
                let tag = tags[index]
                index += 1
                switch tag.kind {
                case .variable, .unescaped: result.append(.value(tag))
                case .section, .inverted, .block:
                    let body = build()
                    result.append(tag.kind == .block ? .section(TemplateTag(kind: .block, name: tag.name, transforms: [], line: tag.line, column: tag.column), body)
                                  : .section(tag, body))
                case .close: return result
                case .partial: result.append(.partial(tag))
                case .other: break
                }
            }
            return result
        }
        return build()
    }

    /// Walks the template with `data` as the top of the stack; fills `problems` in the
    /// order they are written.
    mutating func run(with data: DataValue) {
        walk(nodes, stack: [data], file: nil, depth: 0)
        problems.sort { ($0.file ?? "", $0.line, $0.column) < ($1.file ?? "", $1.line, $1.column) }
    }

    /// The file the nodes being walked are in (nil: the document).
    private var file: String?

    private mutating func report(_ tag: TemplateTag, _ message: String) {
        let p = Problem(file: file, line: tag.line, column: tag.column, message: message)
        if seen.insert(p).inserted { problems.append(p) }
    }

    private enum Resolved {
        case missing
        case found(Any?)
    }

    /// The value of `tag`'s name with its transforms applied, as getChild does.
    private mutating func resolve(_ tag: TemplateTag, _ stack: [DataValue]) -> Resolved {
        let name = tag.name
        var value: Any?
        if name == "." {
            value = stack.last!
        } else if name.isEmpty, !tag.transforms.isEmpty {
            return .found(0)  // a sequence's own transforms: index(), first()...
        } else {
            let parts = name.split(separator: ".").map(String.init)
            guard !parts.isEmpty else { return .found(nil) }
            let base: DataValue
            if name.first == "." {
                base = stack.last!
            } else if let top = stack.lastIndex(where: { $0[parts[0]] != nil }) {
                base = stack[top]
            } else {
                return .missing
            }
            // Keys inside objects only, as swift-mustache reads them (no array indexes).
            var current = base
            for part in parts {
                guard let next = current[part] else { return .missing }
                current = next
            }
            value = current
        }
        let represented: Any? = if let d = value as? DataValue { d.representation } else { value }
        guard var representation = represented else { return .found(nil) }
        for transform in tag.transforms.reversed() {
            guard let t = representation as? MustacheTransformable, let r = t.transform(transform) else {
                if NumberFormats.names.contains(transform) {
                    report(tag, "'\(tag.written)': \(describe(representation)) is not a number")
                } else if DateFormats.names.contains(transform) {
                    report(tag, "'\(tag.written)': \(dateProblem(representation, transform))")
                } else {
                    report(tag, "'\(tag.written)': no formatter or transform '\(transform)' for \(describe(representation))")
                }
                return .found(nil)
            }
            representation = r
        }
        return .found(representation)
    }

    /// Why a value has no date for `transform`.
    private func dateProblem(_ value: Any, _ transform: String) -> String {
        guard let scalar = value as? TemplateScalar else { return "\(describe(value)) is not a date" }
        do {
            _ = try ISODate(scalar.text)
            return "\(describe(value)) has no time of day for \(transform)(…)"
        } catch {
            return "\(describe(value)) is not an ISO 8601 date (2026-11-23 or 2026-11-23T10:00:00Z): \(error)"
        }
    }

    private func describe(_ value: Any) -> String {
        if let s = value as? TemplateScalar { return "'\(s.text.prefix(40))'" }
        if value is Bool { return "a true/false value" }
        if value is [DataValue] { return "a list" }
        return "an object"
    }

    /// Walks `nodes` (in `file`, nil for the document; `depth` partials deep).
    private mutating func walk(_ nodes: [Node], stack: [DataValue], file: String?, depth: Int) {
        let outer = self.file
        self.file = file
        defer { self.file = outer }
        for node in nodes {
            switch node {
            case .partial(let tag):
                guard let partial = partials[tag.name] else { report(tag, "no partial '\(tag.name)'"); continue }
                if depth >= DocumentPartials.maximumDepth {
                    report(tag, "partial '\(tag.name)' would be included more than \(DocumentPartials.maximumDepth) levels deep; the deeper levels are left out")
                    continue
                }
                walk(partial.nodes, stack: stack, file: partial.file, depth: depth + 1)
            case .value(let tag):
                if case .missing = resolve(tag, stack) { report(tag, "no field '\(tag.name)' in \(dataFile)") }
            case .section(let tag, let body):
                if tag.kind == .block { walk(body, stack: stack, file: file, depth: depth); continue }
                let resolved = resolve(tag, stack)
                var value: Any?
                switch resolved {
                case .missing:
                    report(tag, "no field '\(tag.name)' in \(dataFile)")
                case .found(let v): value = v
                }
                let inverted = tag.kind == .inverted
                switch value {
                case let array as [DataValue]:
                    if inverted { if array.isEmpty { walk(body, stack: stack, file: file, depth: depth) } }
                    else { for element in array { walk(body, stack: stack + [element], file: file, depth: depth) } }
                case let reversed as ReversedCollection<[DataValue]>:
                    if inverted { if reversed.isEmpty { walk(body, stack: stack, file: file, depth: depth) } }
                    else { for element in reversed { walk(body, stack: stack + [element], file: file, depth: depth) } }
                case let bool as Bool:
                    if bool != inverted { walk(body, stack: stack, file: file, depth: depth) }
                case .none:
                    if inverted { walk(body, stack: stack, file: file, depth: depth) }
                case .some(let other):
                    if inverted { break }
                    // The value pushed: an object as itself, anything else with no fields.
                    if case .found(let v) = resolved, let object = v as? DataValue { walk(body, stack: stack + [object], file: file, depth: depth) }
                    else { walk(body, stack: stack + [.string(String(describing: other))], file: file, depth: depth) }
                }
            }
        }
    }
}
