import FolioLayout

/// How a template's tables look: rules and borders, padding, stripes, width, what a
/// continued table says. A template names several (`tables:` in `template.yaml`); a
/// document picks one with a class on the table's attribute line (`{.grid}`), else the
/// one called `default`.
///
/// Written as `key: value` pairs (the same keys in the template and on the attribute line):
///
/// | key | value | meaning |
/// | --- | --- | --- |
/// | `top-rule`, `header-rule`, `bottom-rule` | a border or `none` | booktabs' three rules |
/// | `row-rule`, `column-rule` | a border or `none` | lines between body rows, between columns |
/// | `frame` | a border or `none` | a line around the table |
/// | `grid` | a border or `none` | a line around every cell |
/// | `padding` | one, two or four lengths | space inside each cell (top right bottom left, as CSS) |
/// | `zebra` | colours, space-separated, or `none` | backgrounds cycled over body rows |
/// | `header-background` | a colour or `none` | the header rows' background |
/// | `width` | `auto`, `full` or a percentage | how wide the table is set |
/// | `align` | `left`, `center` or `right` | where a table narrower than the column sits |
/// | `continued` | text or `none` | the label above each continuation of a table |
/// | `repeat-header` | `true`/`false` | whether header rows repeat after a break |
/// | `repeat-footer` | `true`/`false` | whether footer rows end every part a break ends |
/// | `space-before`, `space-after` | a length | space around the table |
///
/// A border is a width and a colour: `0.8pt`, `0.5pt #999999`.
public struct TableLook: Hashable, Sendable {
    /// booktabs' rules: above the table, under the header, under the table.
    public var topRule: TableBorder?, headerRule: TableBorder?, bottomRule: TableBorder?
    /// A line between body rows; a line between columns.
    public var rowRule: TableBorder?, columnRule: TableBorder?
    /// A line around the table; a line around every cell.
    public var frame: TableBorder?, grid: TableBorder?
    /// Space inside each cell.
    public var padding: EdgeInsets
    /// Backgrounds cycled over the body rows.
    public var zebra: [Color]
    /// The header rows' background.
    public var headerBackground: Color?
    /// How wide the table is set.
    public var width: TextTable.Width
    /// Where a table narrower than its column sits.
    public var placement: TextTable.Placement
    /// The label above each continuation.
    public var continued: String?
    /// Whether header rows repeat at the top of each part.
    public var repeatsHeader: Bool
    /// Whether footer rows repeat at the bottom of each part (with `{column-total}`, a
    /// running subtotal), or come once at the end.
    public var repeatsFooter: Bool
    /// Space above and below the table.
    public var spaceBefore: Double, spaceAfter: Double

    /// A look with nothing drawn: no rules, no stripes, automatic width.
    public init() {
        padding = EdgeInsets(top: 2.5, left: 5, bottom: 2.5, right: 5)
        zebra = []
        width = .automatic
        placement = .leading
        repeatsHeader = true
        repeatsFooter = true
        spaceBefore = 6; spaceAfter = 8
        continued = "(continued)"
    }

    /// The looks every template has (a template may redefine them): `booktabs` (the
    /// default: three rules), `grid` (every cell boxed), `lines` (a rule under every
    /// row), `zebra` (striped rows), `plain` (nothing).
    public static let builtIn: [String: TableLook] = {
        var booktabs = TableLook()
        booktabs.topRule = TableBorder(width: 0.8)
        booktabs.headerRule = TableBorder(width: 0.5)
        booktabs.bottomRule = TableBorder(width: 0.8)
        var grid = TableLook()
        grid.grid = TableBorder(width: 0.5, color: Color(red: 0.45, green: 0.45, blue: 0.45))
        grid.headerBackground = Color(red: 0.93, green: 0.93, blue: 0.93)
        var lines = booktabs
        lines.rowRule = TableBorder(width: 0.3, color: Color(red: 0.7, green: 0.7, blue: 0.7))
        var zebra = booktabs
        zebra.zebra = [Color(red: 0.95, green: 0.95, blue: 0.95), .clear]
        return ["booktabs": booktabs, "grid": grid, "lines": lines, "zebra": zebra, "plain": TableLook(), "default": booktabs]
    }()

    /// The keys a look may set.
    public static let keys = ["top-rule", "header-rule", "bottom-rule", "row-rule", "column-rule", "frame", "grid", "padding",
                              "zebra", "header-background", "width", "align", "continued", "repeat-header", "repeat-footer",
                              "space-before", "space-after"]

    /// This look with `value` given to `key`; the error says what the key takes (the
    /// caller adds where it was written).
    public func setting(_ key: String, to value: String) throws -> TableLook {
        var look = self
        let v = value.trimmingCharacters(in: .whitespaces)
        let off = ["none", "false", "no", "off"].contains(v.lowercased())
        switch key {
        case "top-rule": look.topRule = try Self.border(v, key)
        case "header-rule": look.headerRule = try Self.border(v, key)
        case "bottom-rule": look.bottomRule = try Self.border(v, key)
        case "row-rule": look.rowRule = try Self.border(v, key)
        case "column-rule": look.columnRule = try Self.border(v, key)
        case "frame": look.frame = try Self.border(v, key)
        case "grid": look.grid = try Self.border(v, key)
        case "padding":
            let parts = try v.split(separator: " ").map { p throws -> Double in
                guard let l = Length(String(p)), l.points >= 0, l.points <= 72 else {
                    throw TableLookError("padding is one to four lengths from 0 to 72pt (top right bottom left), not '\(v)'")
                }
                return l.points
            }
            switch parts.count {
            case 1: look.padding = EdgeInsets(all: parts[0])
            case 2: look.padding = EdgeInsets(top: parts[0], left: parts[1], bottom: parts[0], right: parts[1])
            case 4: look.padding = EdgeInsets(top: parts[0], left: parts[3], bottom: parts[2], right: parts[1])
            default: throw TableLookError("padding is one, two or four lengths (top right bottom left), not '\(v)'")
            }
        case "zebra":
            look.zebra = off ? [] : try v.split(separator: " ").map { c throws -> Color in
                guard let color = PropertyTable.color(String(c)) else { throw TableLookError("zebra takes colours such as #f2f2f2, not '\(c)'") }
                return color
            }
            if look.zebra.count == 1 { look.zebra.append(.clear) }
        case "header-background":
            if off { look.headerBackground = nil; break }
            guard let color = PropertyTable.color(v) else { throw TableLookError("header-background takes a colour such as #eeeeee, not '\(v)'") }
            look.headerBackground = color
        case "width": look.width = try Self.width(v)
        case "align":
            switch v.lowercased() {
            case "left": look.placement = .leading
            case "center", "centre": look.placement = .center
            case "right": look.placement = .trailing
            default: throw TableLookError("align is left, center or right, not '\(v)'")
            }
        case "continued": look.continued = off || v.isEmpty ? nil : v
        case "repeat-header", "repeat-footer":
            let on: Bool
            switch v.lowercased() {
            case "true", "yes", "on": on = true
            case "false", "no", "off": on = false
            default: throw TableLookError("\(key) is true or false, not '\(v)'")
            }
            if key == "repeat-header" { look.repeatsHeader = on } else { look.repeatsFooter = on }
        case "space-before", "space-after":
            guard let l = Length(v), l.points >= 0, l.points <= 720 else { throw TableLookError("\(key) is a length from 0 to 720pt, not '\(v)'") }
            if key == "space-before" { look.spaceBefore = l.points } else { look.spaceAfter = l.points }
        default:
            throw TableLookError("unknown table setting '\(key)'; a table look takes \(Self.keys.joined(separator: ", "))")
        }
        return look
    }

    /// `0.8pt`, `0.5pt #999`, `#999 0.5pt` or `none`.
    static func border(_ v: String, _ key: String) throws -> TableBorder? {
        if ["none", "false", "no", "off", "0"].contains(v.lowercased()) { return nil }
        var border = TableBorder(width: 0.5)
        for part in v.split(separator: " ") {
            if let l = Length(String(part)), l.points >= 0, l.points <= 20 { border.width = l.points }
            else if let c = PropertyTable.color(String(part)) { border.color = c }
            else { throw TableLookError("\(key) is a width from 0 to 20pt and a colour (0.5pt #999999), or none, not '\(v)'") }
        }
        return border
    }

    /// `auto`, `full` or a percentage from 1 to 100.
    static func width(_ v: String) throws -> TextTable.Width {
        switch v.lowercased() {
        case "auto": return .automatic
        case "full": return .fraction(1)
        default:
            guard let p = Percentage.value(v), p > 0, p <= 100 else {
                throw TableLookError("width is auto, full or a percentage up to 100%, not '\(v)'")
            }
            return .fraction(p / 100)
        }
    }
}

/// Why a table setting was refused.
public struct TableLookError: Error, CustomStringConvertible {
    /// The reason, naming the setting and what it takes.
    public var description: String
    init(_ description: String) { self.description = description }
}
