import FolioLayout
import Yams

/// The `footnotes:` block of a template: how notes are numbered and set at the foot of
/// the column.
///
/// ```yaml
/// footnotes:
///   numbering: chapter        # document (default), chapter (restarts at each section
///                             # heading) or page (restarts on each page)
///   rule: {length: 33%, width: 0.5pt, color: "#000"}   # or none
///   space-above: 9pt          # last line of text to the rule
///   space-below: 4pt          # rule to the first note
///   spacing: 2pt              # between notes
///   continued-share: 50%      # the most of a column a note carried over may take
/// ```
extension TemplateYAML {
    func footnotes(_ node: Node, into t: inout Template) throws {
        guard case .mapping(let m) = node else {
            throw error(node, "footnotes is a mapping of settings (numbering:, rule:, space-above:, …)")
        }
        try checkKeys(m, ["numbering", "rule", "space-above", "space-below", "spacing", "continued-share"], "footnotes")
        var layout = t.footnoteLayout
        if let n = m["numbering"] {
            guard let numbering = FootnoteNumbering(rawValue: try string(n)) else {
                throw error(n, "footnote numbering is document, chapter or page, not '\(try string(n))'")
            }
            t.footnoteNumbering = numbering
        }
        if let r = m["rule"] {
            if case .scalar(let s) = r, ["none", "false", "no"].contains(s.string.lowercased()) {
                layout.ruleLength = 0
            } else {
                guard case .mapping(let rm) = r else { throw error(r, "the footnote rule is {length: 33%, width: 0.5pt, color: \"#000\"} or none") }
                try checkKeys(rm, ["length", "width", "color"], "the footnote rule")
                if let l = rm["length"] { layout.ruleLength = try fraction(l, what: "the footnote rule's length") }
                if let w = rm["width"] { layout.ruleThickness = try length(w, in: 0...72, what: "the footnote rule's width") }
                if let c = rm["color"] {
                    guard let color = PropertyTable.color(try string(c)) else { throw error(c, "'\(try string(c))' is not a colour") }
                    layout.ruleColor = color
                }
            }
        }
        if let v = m["space-above"] { layout.spaceAbove = try length(v, in: 0...720, what: "footnotes' space-above") }
        if let v = m["space-below"] { layout.spaceBelow = try length(v, in: 0...720, what: "footnotes' space-below") }
        if let v = m["spacing"] { layout.spacing = try length(v, in: 0...720, what: "footnotes' spacing") }
        if let v = m["continued-share"] {
            layout.maximumFraction = try fraction(v, what: "footnotes' continued-share")
            guard layout.maximumFraction >= 0.1 else { throw error(v, "footnotes' continued-share must be from 10% to 100%") }
        }
        t.footnoteLayout = layout
    }

    /// A share of a whole: `40%` or `0.4`, from 0 to 1.
    private func fraction(_ node: Node, what: String) throws -> Double {
        let s = try string(node)
        let value = s.hasSuffix("%") ? Double(s.dropLast()).map { $0 / 100 } : Double(s)
        guard let value, value.isFinite, (0...1).contains(value) else {
            throw error(node, "\(what) is a share from 0% to 100% (or 0 to 1), not '\(s)'")
        }
        return value
    }
}
