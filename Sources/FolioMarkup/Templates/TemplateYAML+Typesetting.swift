import FolioLayout
import Yams

/// The `typesetting:` block of a template: the line breaker's and justifier's knobs.
///
/// ```yaml
/// typesetting:
///   pretolerance: -1          # hyphenate from the start (no pass without hyphens)
///   tolerance: 300            # TeX badness a line may have in the pass that hyphenates
///   hyphen-penalty: 100       # make hyphens rarer
///   double-hyphen-demerits: 10000
///   glyph-expansion: 0        # no font expansion
///   protrusion: 0             # punctuation keeps inside the margins
///   baseline-grid: 13         # every line's baseline on a 13 pt grid (the body's leading)
/// ```
extension TemplateYAML {
    /// The keys of the block, each with the field it sets (key paths are not Sendable;
    /// this table is never written).
    nonisolated(unsafe) static let typesettingKeys: [(key: String, field: WritableKeyPath<TypesettingParameters, Double>)] = [
        ("pretolerance", \.pretolerance),
        ("tolerance", \.tolerance),
        ("line-penalty", \.linePenalty),
        ("hyphen-penalty", \.hyphenPenalty),
        ("explicit-hyphen-penalty", \.explicitHyphenPenalty),
        ("double-hyphen-demerits", \.doubleHyphenDemerits),
        ("final-hyphen-demerits", \.finalHyphenDemerits),
        ("repair-tolerance", \.repairTolerance),
        ("looseness-tolerance", \.loosenessTolerance),
        ("paragraph-stretch", \.paragraphStretch),
        ("adjacent-fitness-demerits", \.adjacentFitnessDemerits),
        ("broken-penalty", \.brokenPenalty),
        ("space-stretch", \.spaceStretch),
        ("space-shrink", \.spaceShrink),
        ("glyph-expansion", \.glyphExpansion),
        ("expansion-step", \.expansionStep),
        ("ragged-stretch", \.raggedStretch),
        ("protrusion", \.protrusion),
        ("baseline-grid", \.baselineGrid),
    ]

    /// The keys whose values are whole numbers, each with the field it sets.
    nonisolated(unsafe) static let typesettingCountKeys: [(key: String, field: WritableKeyPath<TypesettingParameters, Int>)] = [
        ("minimum-hyphenated-word-length", \.minimumHyphenatedWordLength),
        ("looseness-tries", \.loosenessTries),
    ]

    /// `base` with the block's values; each must be a number in its range (the error
    /// names the key, the range and the line).
    func typesetting(_ node: Node, base: TypesettingParameters) throws -> TypesettingParameters {
        guard case .mapping(let m) = node else {
            throw error(node, "typesetting is a mapping of settings (tolerance:, hyphen-penalty:, …)")
        }
        let names = Self.typesettingKeys.map(\.key) + Self.typesettingCountKeys.map(\.key)
        try checkKeys(m, names, "typesetting")
        var t = base
        for (key, valueNode) in m {
            let name = try string(key)
            var single = TypesettingParameters.standard
            if let entry = Self.typesettingCountKeys.first(where: { $0.key == name }) {
                guard let n = Int(try string(valueNode)) else { throw error(valueNode, "\(name) must be a whole number") }
                t[keyPath: entry.field] = n
                single[keyPath: entry.field] = n
            } else if let entry = Self.typesettingKeys.first(where: { $0.key == name }) {
                let v = try number(valueNode)
                t[keyPath: entry.field] = v
                single[keyPath: entry.field] = v
            }
            // Checked one key at a time, so the error points at the line that set it.
            if let problem = single.problem { throw error(valueNode, "typesetting: \(problem)") }
        }
        return t
    }
}
