import Foundation
import Yams

/// The reading of one template file.
struct TemplateYAML {
    let path: String
    let directory: String?
    /// Where each font file was named, for errors found when it is loaded.
    private(set) var fontLocations: [String: SourceLocation] = [:]

    init(path: String, directory: String?) { self.path = path; self.directory = directory }

    func location(_ node: Node?) -> SourceLocation {
        SourceLocation(file: path, line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1)
    }

    func error(_ node: Node?, _ reason: String) -> DocumentError { DocumentError(location(node), reason) }

    static let topKeys = ["name", "summary", "extends", "page", "scale", "section-level", "ornament", "fonts",
                          "variables", "masters", "styles", "rules", "typesetting", "tables", "footnotes", "figure-float", "before-body", "after-body"]
    static let pageKeys = ["size", "margins", "mirrored", "columns", "gutter", "column-rule", "span-gap", "numbering", "first-number",
                           "writing-mode", "background"]
    static let masterNames = ["default", "first", "left", "right", "opening"]

    mutating func read(_ yaml: String) throws -> Template {
        let root: Node?
        // Scalars are read as text and checked here, so no YAML tag resolution is needed
        // (Yams' default resolver compiles ICU regular expressions: megabytes touched).
        do { root = try Yams.compose(yaml: yaml, .basic) }
        catch let e as YamlError {
            switch e {
            case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
                 let .composer(context, problem, mark, _):
                let why = context.map { " (\($0.text))" } ?? ""
                throw DocumentError(SourceLocation(file: path, line: mark.line, column: mark.column), "not valid YAML: \(problem)\(why)")
            case let .duplicatedKeysInMapping(duplicates, context):
                throw DocumentError(SourceLocation(file: path, line: context.mark.line, column: context.mark.column),
                                    "\(duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")) set more than once")
            default:
                throw DocumentError(path: path, reason: "not valid YAML: \(e)")
            }
        }
        guard let root, case .mapping(let top) = root else { throw error(root, "a template is a mapping of settings (name:, page:, styles:, …)") }
        try checkKeys(top, Self.topKeys, "a template")

        var t: Template
        if let base = top["extends"] {
            // A template may start from a built-in and change only what differs.
            let name = try string(base)
            do { t = try BuiltinTemplates.template(named: name) }
            catch { throw self.error(base, "extends unknown built-in '\(name)' (built-ins: \(BuiltinTemplates.names.joined(separator: ", ")))") }
        } else {
            t = Template(name: "")
        }
        t.sourcePath = path
        t.directory = directory
        t.isBuiltIn = false
        // Without a name of its own a template is called after its folder — also when it
        // extends a built-in, whose name would say it is that built-in.
        if let n = top["name"] { t.name = try string(n) } else {
            t.name = directory.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "template"
        }
        if let s = top["summary"] { t.summary = try string(s) }
        if let page = top["page"] { try readPage(page, into: &t) }
        if let s = top["scale"] {
            let v = try number(s)
            guard v > 0, v <= 20 else { throw error(s, "scale must be a number above 0 and at most 20") }
            t.scale = v
        }
        if let s = top["section-level"] {
            guard let v = Int(try string(s)), (1...6).contains(v) else { throw error(s, "section-level must be a heading level from 1 to 6") }
            t.sectionLevel = v
        }
        if let o = top["ornament"] { t.ornament = try string(o) }
        if let f = top["fonts"] {
            t.fonts = try list(f).map { node in
                let file = try string(node)
                if let directory {
                    let root = ReadRoot(directory, role: ReadRoot.templateRole)
                    guard let path = root.confine(file) else { throw error(node, root.outsideReason("font file '\(file)'")) }
                    guard FileManager.default.fileExists(atPath: path) else { throw error(node, "font file '\(file)' not found in \(directory)") }
                }
                fontLocations[file] = location(node)
                return file
            }
        }
        if let v = top["variables"] {
            guard case .mapping(let m) = v else { throw error(v, "variables must be 'name: value' pairs") }
            for (k, value) in m { t.variables[try string(k)] = try string(value) }
        }
        if let s = top["styles"] { try readStyles(s, into: &t) }
        if let m = top["masters"] { try readMasters(m, into: &t) }
        if let b = top["typesetting"] { t.typesetting = try typesetting(b, base: t.typesetting) }
        if let b = top["tables"] { t.tables = try tables(b, base: t.tables) }
        if let b = top["footnotes"] { try footnotes(b, into: &t) }
        if let f = top["figure-float"] {
            let value = try string(f)
            if value == "none" { t.figureFloat = nil } else {
                guard let placement = FloatingBlock.Placement(rawValue: value) else {
                    throw error(f, "figure-float is here, top, bottom, page or none, not '\(value)'")
                }
                t.figureFloat = placement
            }
        }
        if let b = top["before-body"] { t.beforeBody = try bodyFields(b) }
        if let b = top["after-body"] { t.afterBody = try bodyFields(b) }
        if let r = top["rules"] {
            t.rules = try list(r).map { node in
                guard case .mapping(let m) = node else { throw error(node, "a rule is {pattern: …, style: …, replace: …}") }
                try checkKeys(m, ["pattern", "style", "replace"], "a rule")
                guard let p = m["pattern"], let s = m["style"] else { throw error(node, "a rule needs a pattern and a style") }
                let pattern = try string(p)
                do { _ = try RulePattern(pattern) }
                catch { throw self.error(p, "\(error)") }
                return StyleRule(pattern: pattern, style: try string(s), replacement: try m["replace"].map(string), location: location(node))
            }
        }
        try check(t)
        return t
    }

    // MARK: Sections

    func readPage(_ node: Node, into t: inout Template) throws {
        guard case .mapping(let m) = node else { throw error(node, "page must be a mapping (size:, margins:, columns:, …)") }
        try checkKeys(m, Self.pageKeys, "page")
        if let s = m["size"] {
            let text = try string(s).replacingOccurrences(of: " ", with: "")
            guard let size = PaperSize.parse(text) else {
                throw error(s, "'\(try string(s))' is not a paper size: a3, a4, a5, letter, legal, tabloid or WIDTHxHEIGHT (148mmx210mm), each side above 0 and at most 14400pt (200 in)")
            }
            t.pageSize = size
        }
        if let mg = m["margins"] { t.margins = try margins(mg) }
        if let v = m["mirrored"] { t.mirrored = try bool(v) }
        if let v = m["columns"] { t.columns = try columns(v) }
        if let v = m["gutter"] { t.gutter = try length(v, in: Self.positiveLengths, what: "gutter") }
        if let v = m["column-rule"] { t.columnRule = try rule(v) }
        if let v = m["span-gap"] { t.spanGap = try length(v, in: Self.positiveLengths, what: "span-gap") }
        if let v = m["numbering"] {
            let s = try string(v)
            guard let n = PageNumbering(rawValue: s) else { throw error(v, "numbering is arabic, roman or Roman, not '\(s)'") }
            t.numbering = n
        }
        if let v = m["writing-mode"] {
            switch try string(v).lowercased() {
            case "horizontal", "horizontal-tb": t.writingMode = .horizontal
            case "vertical", "vertical-rl": t.writingMode = .vertical
            default: throw error(v, "writing-mode is horizontal or vertical (lines top to bottom, right to left), not '\(try string(v))'")
            }
        }
        if let v = m["background"] {
            let s = try string(v)
            if ["none", "transparent"].contains(s.lowercased()) {
                t.pageBackground = nil
            } else {
                // `background: #fdf8ec` unquoted is YAML's comment: no value at all.
                guard !s.isEmpty else {
                    throw error(v, "a page's background needs a value: a colour (white, or \"#fdf8ec\" in quotes: unquoted, # starts a comment) or none")
                }
                guard let color = PropertyTable.color(s) else {
                    throw error(v, "a page's background is a colour (white, \"#fdf8ec\") or none for transparent pages, not '\(s)'")
                }
                t.pageBackground = color
            }
        }
        if let v = m["first-number"] {
            guard let n = Int(try string(v)), (0...1_000_000).contains(n) else {
                throw error(v, "first-number must be a whole number from 0 to 1000000")
            }
            t.firstPageNumber = n
        }
    }

    func readStyles(_ node: Node, into t: inout Template) throws {
        guard case .mapping(let m) = node else { throw error(node, "styles must map style names to their settings") }
        for (k, v) in m {
            let name = try string(k)
            guard case .mapping(let settings) = v else { throw error(v, "style '\(name)' must be a mapping of settings ({size: 10pt, …})") }
            var kind = StyleDefinition.Kind.paragraph
            var parent: String? = nil
            var properties: [StyleProperty] = []
            for (pk, pv) in settings {
                let key = try string(pk)
                switch key {
                case "kind":
                    let s = try string(pv)
                    guard let k = StyleDefinition.Kind(rawValue: s) else { throw error(pv, "kind is paragraph or character, not '\(s)'") }
                    kind = k
                case "parent": parent = try string(pv)
                default:
                    guard PropertyTable.allNames.contains(key) else {
                        throw error(pk, "unknown style property '\(key)'" + PropertyTable.suggestion(for: key, among: PropertyTable.allNames + ["kind", "parent"]))
                    }
                    properties.append(StyleProperty(name: key, value: try string(pv), location: location(pv)))
                }
            }
            if var existing = t.styles[name], parent == nil, existing.kind == kind {
                // Extending a template: settings made here go on top of the base's.
                existing.properties += properties
                existing.location = location(k)
                t.styles[name] = existing
            } else {
                t.styles[name] = StyleDefinition(name: name, kind: kind, parent: parent, properties: properties, location: location(k))
            }
        }
    }

    func readMasters(_ node: Node, into t: inout Template) throws {
        guard case .mapping(let m) = node else { throw error(node, "masters must map master names (\(Self.masterNames.joined(separator: ", "))) to their settings") }
        for (k, v) in m {
            let name = try string(k)
            guard Self.masterNames.contains(name) else {
                throw error(k, "unknown master '\(name)': masters are \(Self.masterNames.joined(separator: ", "))")
            }
            guard case .mapping(let s) = v else { throw error(v, "master '\(name)' must be a mapping (frames:, margins:, columns:, …)") }
            try checkKeys(s, ["frames", "margins", "columns", "gutter", "column-rule"], "a master")
            var master = PageMaster()
            if let mg = s["margins"] { master.margins = try margins(mg) }
            if let c = s["columns"] { master.columns = try columns(c) }
            if let g = s["gutter"] { master.gutter = try length(g, in: Self.positiveLengths, what: "gutter") }
            if let r = s["column-rule"] { master.columnRule = try rule(r) }
            if let f = s["frames"] { master.frames = try list(f).map(frame) }
            t.masters[name] = master
        }
    }

    func frame(_ node: Node) throws -> Frame {
        guard case .mapping(let m) = node else { throw error(node, "a frame is {x:, y:, width:, height:, text:, image: or fill:, style:}") }
        try checkKeys(m, ["x", "y", "width", "height", "text", "image", "style", "align", "fill", "min-scale"], "a frame")
        for key in ["x", "y", "width", "height"] where m[key] == nil { throw error(node, "a frame needs \(key)") }
        let rect = Rect(x: try length(m["x"]!), y: try length(m["y"]!), width: try length(m["width"]!), height: try length(m["height"]!))
        guard rect.width > 0, rect.height > 0 else { throw error(node, "a frame needs a positive width and height") }
        var text: String? = nil
        var localized: [String: String] = [:]
        if let t = m["text"] {
            if case .mapping(let texts) = t {
                // One text per language: `{en: "Page {page}", zh: "第 {page} 页"}`; `en`
                // (else the first) is the text of any other language.
                for (k, v) in texts {
                    let tag = try string(k)
                    guard tag.range(of: #"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"#, options: .regularExpression) != nil else {
                        throw error(k, "'\(tag)' is not a language tag (en, zh, zh-Hant, ja…)")
                    }
                    localized[tag] = try string(v)
                    if text == nil { text = localized[tag] }
                }
                if let english = localized["en"] { text = english }
            } else {
                text = try string(t)
            }
        }
        var f = Frame(rect: rect, text: text, style: try m["style"].map(string) ?? "footer",
                      image: try m["image"].map(string), location: location(node))
        f.localizedTexts = localized
        if let a = m["align"] {
            guard let alignment = FrameAlignment(try string(a)) else {
                throw error(a, "align is where the image sits: left, center or right and top, middle or bottom ('top right'), not '\(try string(a))'")
            }
            f.alignment = alignment
        }
        if let c = m["fill"] {
            guard let color = PropertyTable.color(try string(c)) else { throw error(c, "'\(try string(c))' is not a colour") }
            f.fill = color
        }
        if let s = m["min-scale"] {
            guard let scale = Double(try string(s)), scale >= 0.1, scale <= 1 else {
                throw error(s, "min-scale is the smallest the frame's text may be set, from 0.1 to 1 (0.7: down to 70 %), not '\(try string(s))'")
            }
            f.fitting = TextFitting(minimumScale: scale)
        }
        if f.text == nil && f.image == nil && f.fill == nil { throw error(node, "a frame needs text:, image: or fill:") }
        if let image = f.image, image.contains("{"), let imageNode = m["image"] {
            // A field names the file for each document: checked when the document is built.
            guard f.imageField != nil else {
                throw self.error(imageNode, "image '\(image)' must be a file name or one field, such as \"{logo}\", and nothing else")
            }
        } else if let image = f.image, let directory, let imageNode = m["image"] {
            let root = ReadRoot(directory, role: ReadRoot.templateRole)
            guard let file = root.confine(image) else { throw self.error(imageNode, root.outsideReason("image '\(image)'")) }
            do { _ = try ImageInfo.pixelSize(ofImageAt: file) }
            catch { throw self.error(imageNode, "image '\(image)' \(error)") }
            f.image = image
        }
        return f
    }

    /// Names that the template uses must exist once every style is known (the
    /// standard ones included), and be of the right kind.
    func check(_ t: Template) throws {
        let styles = StandardStyles.completing(t.styles)
        func known(_ kind: StyleDefinition.Kind) -> String {
            styles.values.filter { $0.kind == kind }.map(\.name).sorted().joined(separator: ", ")
        }
        for name in Self.masterNames {
            for f in t.masters[name]?.frames ?? [] where f.text != nil {
                guard let style = styles[f.style] else {
                    throw DocumentError(f.location ?? location(nil), "frame style '\(f.style)' is not a style of this template"
                                        + PropertyTable.suggestion(for: f.style, among: Array(styles.keys)))
                }
                if style.kind != .paragraph {
                    throw DocumentError(f.location ?? location(nil), "frame style '\(f.style)' is a character style; a frame's text needs a paragraph style (\(known(.paragraph)))")
                }
            }
        }
        for field in (t.beforeBody ?? []) + t.afterBody {
            guard let style = styles[field.style] else {
                // A field named after a style the template does not define is set in `body`.
                if field.style == BodyField.defaultStyle(for: field.name) { continue }
                throw DocumentError(field.location ?? location(nil), "style '\(field.style)' of field '\(field.name)' is not a style of this template"
                                    + PropertyTable.suggestion(for: field.style, among: Array(styles.keys)))
            }
            if style.kind != .paragraph {
                throw DocumentError(field.location ?? location(nil), "style '\(field.style)' of field '\(field.name)' is a character style; a field needs a paragraph style")
            }
        }
        for r in t.rules {
            guard let style = styles[r.style] else {
                throw DocumentError(r.location ?? location(nil), "rule style '\(r.style)' is not a style of this template"
                                    + PropertyTable.suggestion(for: r.style, among: Array(styles.keys)))
            }
            if style.kind != .character {
                throw DocumentError(r.location ?? location(nil), "rule style '\(r.style)' is a paragraph style; a rule needs a character style (\(known(.character)))")
            }
        }
        for d in t.styles.values.sorted(by: { $0.name < $1.name }) {
            for p in d.properties where p.name == "next" && styles[p.value] == nil {
                throw DocumentError(p.location ?? d.location ?? location(nil), "style '\(d.name)' names unknown style '\(p.value)' as next"
                                    + PropertyTable.suggestion(for: p.value, among: Array(styles.keys)))
            }
        }
    }

    // MARK: Values

    func checkKeys(_ m: Node.Mapping, _ allowed: [String], _ what: String) throws {
        for (k, _) in m {
            let key = try string(k)
            if !allowed.contains(key) {
                let hint = PropertyTable.suggestion(for: key, among: allowed)
                throw error(k, "unknown key '\(key)' in \(what)\(hint); expected one of \(allowed.joined(separator: ", "))")
            }
        }
    }

    func string(_ node: Node) throws -> String {
        guard case .scalar(let s) = node else { throw error(node, "expected a single value here, not a list or mapping") }
        return s.string
    }

    func number(_ node: Node) throws -> Double {
        guard let v = Double(try string(node)), v.isFinite else { throw error(node, "'\(try string(node))' is not a number") }
        return v
    }

    func bool(_ node: Node) throws -> Bool {
        switch try string(node).lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error(node, "expected true or false")
        }
    }

    /// A length within `range` (points; by default ±`Length.largest`).
    func length(_ node: Node, in range: ClosedRange<Double> = -Length.largest...Length.largest, what: String = "a length") throws -> Double {
        let s = try string(node)
        guard let l = Length(s) else { throw error(node, "'\(s)' is not a length: a number with pt, mm, cm or in") }
        guard range.contains(l.points) else { throw error(node, Length.rangeError(what, l.points, range)) }
        return l.points
    }

    /// Lengths that cannot be negative: from 0 to `Length.largest`.
    static let positiveLengths = 0...Length.largest

    func columns(_ node: Node) throws -> Int {
        guard let n = Int(try string(node)), (1...12).contains(n) else { throw error(node, "columns must be a whole number from 1 to 12") }
        return n
    }

    func list(_ node: Node) throws -> [Node] {
        guard case .sequence(let s) = node else { throw error(node, "expected a list ([a, b] or '- ' lines)") }
        return Array(s)
    }

    func margins(_ node: Node) throws -> PageMargins {
        if case .scalar = node {
            let v = try length(node)
            guard v >= 0 else { throw error(node, "margins cannot be negative") }
            return PageMargins(all: v)
        }
        guard case .mapping(let m) = node else { throw error(node, "margins are one length or {top:, bottom:, inner:, outer:}") }
        try checkKeys(m, ["top", "bottom", "inner", "outer", "left", "right"], "margins")
        let standard = PageMargins.standard
        func side(_ names: [String], _ otherwise: Double) throws -> Double {
            for n in names { if let v = m[n] { let l = try length(v); if l < 0 { throw error(v, "margins cannot be negative") }; return l } }
            return otherwise
        }
        return PageMargins(top: try side(["top"], standard.top), bottom: try side(["bottom"], standard.bottom),
                           inner: try side(["inner", "left"], standard.inner), outer: try side(["outer", "right"], standard.outer))
    }

    func rule(_ node: Node) throws -> ColumnRule? {
        if case .scalar(let s) = node, ["none", "false", "no"].contains(s.string.lowercased()) { return nil }
        guard case .mapping(let m) = node else { throw error(node, "column-rule is {width: 0.5pt, color: \"#999\"} or none") }
        try checkKeys(m, ["width", "color"], "column-rule")
        var r = ColumnRule()
        if let w = m["width"] { r.width = try length(w, in: 0...72, what: "a column rule's width") }
        if let c = m["color"] {
            guard let color = PropertyTable.color(try string(c)) else { throw error(c, "'\(try string(c))' is not a colour") }
            r.color = color
        }
        return r
    }
}
