import FolioText
import Foundation

/// Reads style settings written as text — `size: 11pt`, `color: #b00`, `align: justify` —
/// into text attributes and paragraph styles. One table serves template styles and the
/// `{key=value}` attributes of a document, so everything one can set the other can too.
package struct PropertyTable {
    /// Multiplies every length (the template's scale).
    var scale: Double

    /// What one application of properties produces on top of a base.
    struct Target {
        var attributes: TextAttributes
        var paragraph: ParagraphStyle
        var next: String?
        /// The first line's indent relative to the other lines' (CSS's text-indent):
        /// the paragraph's first-line head indent is its head indent plus this.
        var textIndent = 0.0
        /// Paragraph properties were set (a character style may not set them).
        var setParagraphProperty = false
    }

    static let characterNames: [String] = [
        "font", "size", "weight", "style", "italic", "bold", "stretch", "features", "small-caps", "color", "background",
        "underline", "underline-color", "strikethrough", "strikethrough-color", "stroke-width", "stroke-color",
        "shadow", "baseline-offset", "superscript", "subscript", "tracking", "ligatures", "obliqueness",
        "expansion", "link", "language", "lang", "text-style", "text-effect",
    ]
    static let paragraphNames: [String] = [
        "align", "indent", "head-indent", "tail-indent", "line-height", "leading", "min-line-height",
        "max-line-height", "line-spacing", "space-before", "space-after", "hyphenate", "tabs", "tab-interval",
        "line-break", "min-scale", "drop-cap", "direction", "break-before", "keep-with-next", "orphans", "widows", "next",
    ] + eastAsianNames
    static var allNames: [String] { characterNames + paragraphNames }

    /// The values `align` takes.
    /// Dynamic Type roles by name: `large-title`, `title1`, `headline`, `caption2`, …
    static let textStyles = Dictionary(uniqueKeysWithValues: TextStyle.allCases.map { (kebab($0.rawValue), $0) })

    static let alignments: [String: TextAlignment] = [
        "left": .left, "right": .right, "center": .center, "centre": .center,
        "justify": .justified, "justified": .justified, "natural": .natural,
    ]

    /// The `align` value that sets `alignment`, for settings made in code (`LayoutOverrides`).
    package static func alignValue(_ alignment: TextAlignment) -> String {
        switch alignment {
        case .left: return "left"
        case .right: return "right"
        case .center: return "center"
        case .justified: return "justify"
        case .natural: return "natural"
        }
    }

    /// Applies `properties` in order (the last setting of a name wins); `size` first, so
    /// that `em` lengths in the same list use the new size.
    func apply(_ properties: [StyleProperty], to target: inout Target) throws {
        let ordered = properties.filter { $0.name == "size" } + properties.filter { $0.name != "size" }
        for p in ordered { try apply(p, to: &target) }
        target.paragraph.firstLineHeadIndent = target.paragraph.headIndent + target.textIndent
    }

    /// The range of each length property, in points; any other length is within
    /// ±`Length.largest`. Spacings and line heights cannot be negative; what draws beside
    /// the glyphs (strokes, shadows, offsets, tracking) stays within 1 000 pt of them.
    static let ranges: [String: ClosedRange<Double>] = [
        "stroke-width": -100...100,
        "shadow": -1000...1000,
        "baseline-offset": -1000...1000,
        "tracking": -1000...1000,
        "leading": 0...Length.largest,
        "min-line-height": 0...Length.largest,
        "max-line-height": 0...Length.largest,
        "line-spacing": 0...Length.largest,
        "space-before": 0...Length.largest,
        "space-after": 0...Length.largest,
        "tabs": 0...Length.largest,
        "tab-interval": 0...Length.largest,
    ]

    func fail(_ p: StyleProperty, _ reason: String) -> DocumentError {
        // Line 0: a setting made in code has no place to point at.
        DocumentError(p.location ?? SourceLocation(file: "style property '\(p.name)'", line: 0, column: 0), reason)
    }

    private func apply(_ p: StyleProperty, to t: inout Target) throws {
        let v = p.value.trimmingCharacters(in: .whitespaces)
        var font = t.attributes.font ?? FontDescriptor(size: FontDescriptor.defaultBodySize)
        let em = font.size
        /// A length within `range` (points, after `em` and the scale are applied): every
        /// property has one (`PropertyTable.ranges`), so none can overflow layout or the PDF.
        func length(_ text: String? = nil, in range: ClosedRange<Double>? = nil) throws -> Double {
            let s = (text ?? v).trimmingCharacters(in: .whitespaces).lowercased()
            let points: Double
            if s.hasSuffix("em"), let n = Double(s.dropLast(2).trimmingCharacters(in: .whitespaces)), n.isFinite {
                points = n * em
            } else if let l = Length(s) {
                points = l.points * scale
            } else {
                throw fail(p, "'\(text ?? v)' is not a length for \(p.name): expected a number with pt, mm, cm, in or em")
            }
            let allowed = range ?? PropertyTable.ranges[p.name] ?? -Length.largest...Length.largest
            guard allowed.contains(points) else { throw fail(p, Length.rangeError(p.name, points, allowed)) }
            return points
        }
        func number(in range: ClosedRange<Double>) throws -> Double {
            guard let n = Double(v), n.isFinite else { throw fail(p, "'\(v)' is not a number for \(p.name)") }
            guard range.contains(n) else { throw fail(p, "\(p.name) must be from \(range.lowerBound) to \(range.upperBound) (got \(v))") }
            return n
        }
        func bool() throws -> Bool {
            switch v.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: throw fail(p, "'\(v)' is not true or false for \(p.name)")
            }
        }
        func color(_ text: String? = nil) throws -> Color {
            let s = text ?? v
            guard let c = PropertyTable.color(s) else {
                let names = PropertyTable.colorNames.keys.sorted()
                throw fail(p, "'\(s)' is not a colour: expected #rgb, #rrggbb, #rgba, #rrggbbaa or a colour name (\(names.joined(separator: ", ")))"
                              + PropertyTable.suggestion(for: s.lowercased(), among: names))
            }
            return c
        }
        func choice<T>(_ options: [String: T]) throws -> T {
            guard let c = options[v.lowercased()] else {
                throw fail(p, "'\(v)' is not one of \(options.keys.sorted().joined(separator: ", ")) for \(p.name)"
                              + PropertyTable.suggestion(for: v.lowercased(), among: options.keys.sorted()))
            }
            return c
        }
        /// An underline or strikethrough style; a colour set before (or inherited) stays.
        func line(_ current: TextLine?) throws -> TextLine? {
            let style: LineStyle? = try choice(["none": nil, "single": .single, "double": .double, "thick": .thick,
                                                "true": .single, "false": nil])
            return style.map { TextLine($0, color: current?.color) }
        }
        func paragraph(_ change: (inout ParagraphStyle) throws -> Void) rethrows {
            try change(&t.paragraph)
            t.setParagraphProperty = true
        }

        switch p.name {
        case "font":
            let families = v.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"'")) }.filter { !$0.isEmpty }
            guard !families.isEmpty else { throw fail(p, "font needs at least one family name") }
            font.families = families
        case "size":
            let s = try length()
            guard s > 0, s < 2000 else { throw fail(p, "size must be between 0 and 2000 pt") }
            font.size = s
        case "weight":
            if let n = Int(v), (1...1000).contains(n) { font.weight = FontWeight(n) }
            else {
                font.weight = try choice(["thin": .thin, "extralight": FontWeight(200), "light": .light, "regular": .regular,
                                          "normal": .regular, "medium": .medium, "semibold": .semibold, "bold": .bold,
                                          "extrabold": FontWeight(800), "heavy": .heavy, "black": .heavy])
            }
        case "bold": font.weight = try bool() ? .bold : .regular
        case "style": font.style = try choice(["normal": .normal, "italic": .italic, "oblique": .oblique, "upright": .normal])
        case "italic": font.style = try bool() ? .italic : .normal
        case "stretch":
            var options: [String: FontStretch] = [:]
            for s in FontStretch.allCases { options[s.rawValue.lowercased()] = s; options[PropertyTable.kebab(s.rawValue)] = s }
            font.stretch = try choice(options)
        case "features":
            for item in v.split(whereSeparator: { $0 == "," || $0 == " " }) where !item.isEmpty {
                let parts = item.split(separator: "=")
                guard parts[0].count == 4, parts.count <= 2, parts.count == 1 || Int(parts[1]) != nil else {
                    throw fail(p, "'\(item)' is not an OpenType feature: expected a four-letter tag, optionally =0 or =1")
                }
                font = font.addingFeature(FontFeature(String(parts[0]), parts.count == 2 ? Int(parts[1])! : 1))
            }
        case "small-caps":
            font.features.removeAll { $0.tag == "smcp" }
            if try bool() { font = font.addingFeature(.smallCaps) }
        case "color": t.attributes.foregroundColor = try color()
        case "background": t.attributes.backgroundColor = v.lowercased() == "none" ? nil : try color()
        case "underline": t.attributes.underline = try line(t.attributes.underline)
        case "underline-color": t.attributes.underline = TextLine(t.attributes.underline?.style ?? .single, color: try color())
        case "strikethrough": t.attributes.strikethrough = try line(t.attributes.strikethrough)
        case "strikethrough-color": t.attributes.strikethrough = TextLine(t.attributes.strikethrough?.style ?? .single, color: try color())
        case "stroke-width":
            let trimmed = v.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix("%") {
                // TextKit's unit: percent of the font size, whatever size the text ends up.
                guard let percent = Double(trimmed.dropLast().trimmingCharacters(in: .whitespaces)), (-100...100).contains(percent) else {
                    throw fail(p, "'\(v)' is not a stroke width: expected a length, or a percentage of the font size from -100% to 100%")
                }
                t.attributes.stroke = TextStroke(percentOfFontSize: percent, color: t.attributes.stroke?.color)
            } else {
                t.attributes.stroke = TextStroke(width: try length(), color: t.attributes.stroke?.color)
            }
        case "stroke-color":
            var stroke = t.attributes.stroke ?? TextStroke(width: 0.5)
            stroke.color = try color()
            t.attributes.stroke = stroke
        case "shadow":
            if v.lowercased() == "none" { t.attributes.shadow = nil; break }
            let parts = v.split(separator: " ").map(String.init)
            guard (2...4).contains(parts.count) else { throw fail(p, "shadow takes 'dx dy [blur] [colour]', e.g. '1pt 1pt 2pt #0008', or none") }
            var shadow = TextShadow(offset: Point(x: try length(parts[0]), y: try length(parts[1])))
            if parts.count >= 3 {
                if let c = PropertyTable.color(parts[2]) { shadow.color = c } else { shadow.blurRadius = try length(parts[2], in: 0...1000) }
            }
            if parts.count >= 4 { shadow.color = try color(parts[3]) }
            t.attributes.shadow = shadow
        case "baseline-offset": t.attributes.baselineOffset = try length()
        case "superscript":
            let flag = ["true": 1, "yes": 1, "on": 1, "false": 0, "no": 0, "off": 0][v.lowercased()]
            guard let n = Int(v) ?? flag, (-3...3).contains(n) else { throw fail(p, "superscript takes a whole number from -3 to 3") }
            t.attributes.superscript = n == 0 ? nil : n
        case "subscript": t.attributes.superscript = try bool() ? -1 : nil
        case "tracking": t.attributes.tracking = try length()
        case "ligatures": t.attributes.ligatures = try bool()
        case "obliqueness": t.attributes.obliqueness = try number(in: -1...1)
        case "expansion":
            let e = try number(in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
            guard e > 0.1, e < 10 else { throw fail(p, "expansion must be between 0.1 and 10") }
            t.attributes.expansion = e
        case "link": t.attributes.link = v.isEmpty ? nil : v
        case "text-style":
            t.attributes.textStyle = v.lowercased() == "none" ? nil : try choice(PropertyTable.textStyles)
        case "text-effect":
            t.attributes.textEffect = v.lowercased() == "none" ? nil : try choice(["letterpress": TextEffect.letterpress])
        case "language", "lang":
            guard v.isEmpty || LanguageTag.isWellFormed(v) else { throw fail(p, "\(p.name) \(LanguageTag.problem(v))") }
            t.attributes.language = v.isEmpty ? nil : v

        case "align":
            let a = try choice(PropertyTable.alignments)
            paragraph { $0.alignment = a }
        case "indent": t.textIndent = try length(); t.setParagraphProperty = true
        case "head-indent": let l = try length(); paragraph { $0.headIndent = l }
        case "tail-indent": let l = try length(); paragraph { $0.tailIndent = l }
        case "line-height":
            guard let n = Double(v), n.isFinite, n >= 0 else {
                throw fail(p, "'\(v)' is not a number for line-height: it multiplies the natural line height (1.2); for a fixed distance use leading")
            }
            guard n <= 100 else { throw fail(p, "line-height must be from 0 to 100 (got \(v))") }
            paragraph { $0.lineHeightMultiple = n }
        case "leading": let l = try length(); paragraph { $0.minimumLineHeight = l; $0.maximumLineHeight = l }
        case "min-line-height": let l = try length(); paragraph { $0.minimumLineHeight = l }
        case "max-line-height": let l = try length(); paragraph { $0.maximumLineHeight = l }
        case "line-spacing": let l = try length(); paragraph { $0.lineSpacing = l }
        case "space-before": let l = try length(); paragraph { $0.paragraphSpacingBefore = l }
        case "space-after": let l = try length(); paragraph { $0.paragraphSpacing = l }
        case "hyphenate": let b = try bool(); paragraph { $0.hyphenation = b }
        case "tabs":
            var stops: [TabStop] = []
            for item in v.split(separator: ",") {
                let parts = item.split(separator: " ").map(String.init)
                guard parts.count == 2, let a = TabStop.Alignment(rawValue: parts[0].lowercased()) else {
                    throw fail(p, "'\(item.trimmingCharacters(in: .whitespaces))' is not a tab stop: expected left|right|center|decimal LENGTH")
                }
                stops.append(TabStop(a, at: try length(parts[1])))
            }
            paragraph { $0.tabStops = stops.sorted { $0.location < $1.location } }
        case "tab-interval": let l = try length(); paragraph { $0.defaultTabInterval = l }
        case "line-break":
            var options: [String: LineBreakMode] = [:]
            for m in LineBreakMode.allCases { options[PropertyTable.kebab(m.rawValue)] = m }
            let m = try choice(options)
            paragraph { $0.lineBreakMode = m }
        case "min-scale":
            let scale = try number(in: 0.1...1)
            paragraph { $0.minimumScaleFactor = scale }
        case "drop-cap":
            guard let n = Int(v), (0...10).contains(n) else { throw fail(p, "drop-cap is a number of lines from 0 (none) to 10, not '\(v)'") }
            paragraph { $0.dropCapLines = n }
        case "direction":
            let d: WritingDirection = try choice(["natural": .natural, "ltr": .leftToRight, "rtl": .rightToLeft])
            paragraph { $0.baseWritingDirection = d }
        case "break-before":
            let b: BreakBefore = try choice(["none": .none, "column": .container, "page": .page, "recto": .rightPage,
                                             "right": .rightPage, "verso": .leftPage, "left": .leftPage])
            paragraph { $0.breakBefore = b }
        case "keep-with-next": let b = try bool(); paragraph { $0.keepWithNext = b }
        case "orphans", "widows":
            guard let n = Int(v), (1...10).contains(n) else { throw fail(p, "\(p.name) is a number of lines from 1 to 10, not '\(v)'") }
            paragraph { if p.name == "orphans" { $0.orphans = n } else { $0.widows = n } }
        case let name where PropertyTable.eastAsianNames.contains(name):
            try applyEastAsian(p, value: v, to: &t.paragraph.eastAsian)
            t.setParagraphProperty = true
        case "next": t.next = v
        case "kind", "parent":
            break  // structural: read by the template loader
        default:
            throw fail(p, "unknown style property '\(p.name)'" + PropertyTable.suggestion(for: p.name, among: PropertyTable.allNames))
        }
        if PropertyTable.fontNames.contains(p.name) { t.attributes.font = font }
    }

    /// The properties that change the font (the rest leave it unset in a character style).
    static let fontNames: Set<String> = ["font", "size", "weight", "bold", "style", "italic", "stretch", "features", "small-caps"]

    static let colorNames: [String: Color] = [
        "black": .black, "white": .white, "red": Color(red: 1, green: 0, blue: 0), "green": Color(red: 0, green: 0.5, blue: 0),
        "blue": Color(red: 0, green: 0, blue: 1), "gray": .gray, "grey": .gray, "silver": Color(red: 0.75, green: 0.75, blue: 0.75),
        "maroon": Color(red: 0.5, green: 0, blue: 0), "navy": Color(red: 0, green: 0, blue: 0.5),
        "teal": Color(red: 0, green: 0.5, blue: 0.5), "olive": Color(red: 0.5, green: 0.5, blue: 0),
        "purple": Color(red: 0.5, green: 0, blue: 0.5), "orange": Color(red: 1, green: 0.65, blue: 0),
        "transparent": .clear,
    ]

    static func color(_ text: String) -> Color? {
        var t = text.trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
        if let named = colorNames[t.lowercased()] { return named }
        guard t.hasPrefix("#") else { return nil }
        // `#rgba` (a shadow's `#0008`), which `Color(hex:)` does not read: doubled to `#rrggbbaa`.
        if t.count == 5 { t = "#" + t.dropFirst().map { "\($0)\($0)" }.joined() }
        return Color(hex: t)
    }

    /// `truncateHead` → `truncate-head`.
    static func kebab(_ camel: String) -> String {
        var out = ""
        for ch in camel {
            if ch.isUppercase { out += "-" + ch.lowercased() } else { out.append(ch) }
        }
        return out
    }

    /// ` (did you mean 'x'?)` naming the nearest of `names` (within 3 edits), or nothing.
    package static func suggestion(for word: String, among names: [String]) -> String {
        let near = names.min { distance($0, word) < distance($1, word) }
        guard let near, distance(near, word) <= min(3, max(1, word.count / 2 + 1)) else { return "" }
        return " (did you mean '\(near)'?)"
    }

    /// Edit distance, for "did you mean".
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var prev = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = old
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
