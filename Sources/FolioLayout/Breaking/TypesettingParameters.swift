/// The knobs of total-fit line breaking and justification, in TeX's units where TeX has
/// one: what a line may cost, what a hyphen costs, how far spaces and glyphs may give.
///
/// A layout manager has one set (`LayoutManager.typesetting`); a template sets it with
/// its `typesetting:` block. Demerits follow Knuth and Plass: a line costs
/// `(linePenalty + badness)²` plus the square of the penalty it ends at, plus
/// `doubleHyphenDemerits` when it and the line before both end in a hyphen,
/// `finalHyphenDemerits` when it is a paragraph's last and the line before ends in one, plus
/// `adjacentFitnessDemerits` when it is much tighter or looser than the line before.
/// Badness is `100·r³`, `r` the share of its stretch (or shrink) a line uses.
public struct TypesettingParameters: Hashable, Sendable {
    /// The badness a line may have in the pass that hyphenates (TeX's `\tolerance`); 200
    /// lets spaces open to about 1.6× their width. When no set of lines is within it, a
    /// last pass accepts any looseness, and a word wider than the line is cut.
    public var tolerance: Double
    /// The badness a line may have in a pass made before any, without hyphenating (TeX's
    /// `\pretolerance`, 100): a paragraph that sets well enough without hyphens gets none.
    /// Negative: no such pass, words are hyphenated from the start.
    public var pretolerance: Double
    /// Added to every line's badness before squaring (`\linepenalty`): higher values
    /// prefer fewer lines.
    public var linePenalty: Double
    /// The penalty of a break after a hyphen Folio inserts (`\hyphenpenalty`); 10 000
    /// forbids the break. (−10 000 would force one at every hyphenation point: the range
    /// stops at −9 999.)
    public var hyphenPenalty: Double
    /// The penalty of a break after a hyphen or dash in the text (`\exhyphenpenalty`).
    public var explicitHyphenPenalty: Double
    /// Demerits for two hyphenated lines in a row (`\doublehyphendemerits`); a third in a
    /// row costs a hundred times as much, so a ladder of three is left only where every
    /// other way of setting the paragraph is outside the tolerance.
    public var doubleHyphenDemerits: Double
    /// Demerits for a paragraph whose next-to-last line ends in a hyphen
    /// (`\finalhyphendemerits`): the word's end would sit alone on the last line. When the
    /// best setting still has one, a looser setting without it is tried (`repairTolerance`).
    /// 0 turns both off.
    public var finalHyphenDemerits: Double
    /// The badness lines may have in a second setting, tried when the best one within the
    /// tolerance has a flaw a reader notices first: a word's tail alone on the last line, a
    /// ladder of three hyphens, or a hyphen across a column's turn (`brokenPenalty`). The
    /// second is taken when it has fewer of these. The default, 400, is twice the
    /// tolerance (spaces some 10 % wider at most). The `book` and `two-column` templates
    /// set 3200, which lets spaces open to about 2.5× on the few lines that need it: on the
    /// corpus novels word tails went from 4–14 per 100 pages of a book to under 1, and from
    /// 35–88 in two columns to 6–16, with the spacing's 95th percentile within 0.02 of
    /// before. 0 turns the second try off.
    public var repairTolerance: Double
    /// The penalty of a hyphen across a column or page turn, the last line of a column
    /// ending in a hyphen (after TeX's `\brokenpenalty`; 1000): the paragraph is broken again
    /// with that line's hyphen costing its square in demerits, so it stays only where no other
    /// setting is within the tolerance. TeX moves the page break instead (its pages stretch);
    /// Folio's columns are of fixed height, so the lines change. 0 allows it freely.
    public var brokenPenalty: Double
    /// Demerits for a line whose fitness class (tight, decent, loose, very loose) is
    /// more than one away from the line before it (`\adjdemerits`).
    public var adjacentFitnessDemerits: Double
    /// How far an interword space may stretch, as a fraction of its width.
    public var spaceStretch: Double
    /// How far an interword space may shrink, as a fraction of its width.
    public var spaceShrink: Double
    /// How far the glyphs of a justified line may widen or narrow (font expansion, as
    /// pdfTeX and microtype do it): 0.02 is 2 %, below what a reader notices, and it
    /// takes much of the slack that would otherwise open up the spaces. 0 turns it off.
    public var glyphExpansion: Double
    /// The steps expansion comes in (a quarter percent, as pdfTeX's): each step is one
    /// more scaled font in the PDF, not one per line.
    public var expansionStep: Double
    /// The stretch at the end of every line of a ragged (not justified) paragraph, in
    /// ems of its font: where the rag absorbs the slack, so that breaking still evens
    /// out the line lengths without stretching spaces.
    public var raggedStretch: Double
    /// Words shorter than this many letters are not hyphenated.
    public var minimumHyphenatedWordLength: Int
    /// How many paragraphs before a column break may be set a line shorter or longer (TeX's
    /// `\looseness`, where a setting within the tolerance has one) so that widows and orphans
    /// are kept out without leaving the column a line short: facing pages and a page's
    /// columns then end on the same line. 0 lets the lines move and the column stay short.
    public var loosenessTries: Int
    /// The badness the lines of a paragraph set a line shorter or longer (`loosenessTries`)
    /// may have when that takes no new hyphen; with new hyphens it stays `tolerance`. 200,
    /// the tolerance, by default; `book` sets 400 and `two-column` 800 (spaces to some 1.9×
    /// their width on the lines that need it): on the corpus novels a column or page ended
    /// short of its facing one half as often or less, with fewer hyphens, the spacing's 95th
    /// percentile within 0.03 of before (its 99th up to 0.1–0.2 higher).
    public var loosenessTolerance: Double
    /// How far, in points, the space between two paragraphs may grow so that a column left
    /// a line or more short — by widows, orphans, or a heading kept with its text — still
    /// ends on the line a full column ends on, as TeX's `\flushbottom` pages do with their
    /// paragraph glue: facing pages and a page's columns then end on the same baseline. The
    /// page's renderer spreads the difference evenly over the column's paragraph breaks; a
    /// column with too few breaks for it stays short. Only in columns of plain text and no
    /// baseline grid (notes, floating blocks, tables, drop caps and balanced columns keep
    /// their lines where they are). 0 (the default): columns end where their text ends.
    public var paragraphStretch: Double
    /// How far punctuation at the ends of a justified line hangs into the margin
    /// (character protrusion, as microtype's): 1 is the full amount of
    /// `CharacterProtrusion`'s table (a period hangs 70 % of its width, a hyphen 70 %, a
    /// comma 60 %, a closing double quote 50 %, an opening quote 50–70 % at the left), 0
    /// turns it off.
    public var protrusion: Double
    /// Whether the pass that accepts any looseness is bounded by a setting found line by
    /// line (`LineBreaker.boundingDemerits`); it chooses the same lines either way, and tests
    /// turn it off to check that.
    package var boundsLoosestPass = true
    /// The step of a baseline grid in points (0: none): every line of the flow starts on
    /// the next multiple of it from its container's top, so that headings, spacing and
    /// blocks never knock the lines of a page's columns, or of facing pages, out of line.
    /// Set it to the body text's leading (its lines are then a step tall, and their
    /// baselines on the grid). Notes, floating blocks, table cells and frames keep their
    /// own spacing.
    public var baselineGrid: Double

    /// TeX's plain values (pretolerance 100, tolerance 200, line penalty 10, hyphens 50, double hyphens
    /// 3000, a final hyphen 5000, flaws repaired up to badness 400, adjacent fitness 100, a hyphen across a turn 1000; spaces stretch by ½ and shrink by ⅓), with 2 % of
    /// font expansion in quarter-percent steps, three ems of rag, words of five letters, 16
    /// paragraphs tried a line shorter or longer at a column break (within the tolerance), no
    /// stretch between paragraphs, punctuation protruding into the margins of justified lines, no baseline grid.
    public init(pretolerance: Double = 100, tolerance: Double = 200, linePenalty: Double = 10, hyphenPenalty: Double = 50,
                explicitHyphenPenalty: Double = 50, doubleHyphenDemerits: Double = 3000, finalHyphenDemerits: Double = 5000,
                repairTolerance: Double = 400,
                adjacentFitnessDemerits: Double = 100, brokenPenalty: Double = 1000, spaceStretch: Double = 0.5, spaceShrink: Double = 1.0 / 3.0,
                glyphExpansion: Double = 0.02, expansionStep: Double = 0.0025, raggedStretch: Double = 3,
                minimumHyphenatedWordLength: Int = 5, loosenessTries: Int = 16, loosenessTolerance: Double = 200, paragraphStretch: Double = 0, protrusion: Double = 1, baselineGrid: Double = 0) {
        self.pretolerance = pretolerance; self.tolerance = tolerance; self.linePenalty = linePenalty; self.hyphenPenalty = hyphenPenalty
        self.explicitHyphenPenalty = explicitHyphenPenalty; self.doubleHyphenDemerits = doubleHyphenDemerits
        self.finalHyphenDemerits = finalHyphenDemerits; self.repairTolerance = repairTolerance
        self.adjacentFitnessDemerits = adjacentFitnessDemerits; self.brokenPenalty = brokenPenalty; self.spaceStretch = spaceStretch
        self.spaceShrink = spaceShrink; self.glyphExpansion = glyphExpansion; self.expansionStep = expansionStep
        self.raggedStretch = raggedStretch; self.minimumHyphenatedWordLength = minimumHyphenatedWordLength
        self.loosenessTries = loosenessTries; self.loosenessTolerance = loosenessTolerance
        self.paragraphStretch = paragraphStretch
        self.protrusion = protrusion; self.baselineGrid = baselineGrid
    }

    /// The values `init()` gives.
    public static let standard = TypesettingParameters()

    /// Why these values cannot be used (a negative stretch, an expansion of 100 %, a
    /// penalty that would force breaks, …), naming the field and its range; nil when they
    /// can. `LayoutManager` refuses values with a problem.
    public var problem: String? {
        func outside(_ name: String, _ value: Double, _ range: ClosedRange<Double>) -> String? {
            value.isFinite && range.contains(value) ? nil
                : "\(name) must be between \(range.lowerBound.formatted) and \(range.upperBound.formatted) (got \(value.formatted))"
        }
        let checks: [(String, Double, ClosedRange<Double>)] = [
            ("pretolerance", pretolerance, -1...10_000),
            ("tolerance", tolerance, 0...10_000),
            ("line-penalty", linePenalty, 0...10_000),
            ("hyphen-penalty", hyphenPenalty, -9_999...10_000),
            ("explicit-hyphen-penalty", explicitHyphenPenalty, -9_999...10_000),
            ("double-hyphen-demerits", doubleHyphenDemerits, 0...1e9),
            ("final-hyphen-demerits", finalHyphenDemerits, 0...1e9),
            ("repair-tolerance", repairTolerance, 0...100_000),
            ("adjacent-fitness-demerits", adjacentFitnessDemerits, 0...1e9),
            ("broken-penalty", brokenPenalty, 0...10_000),
            ("space-stretch", spaceStretch, 0...10),
            ("space-shrink", spaceShrink, 0...0.9),
            ("glyph-expansion", glyphExpansion, 0...0.1),
            ("expansion-step", expansionStep, 0.0001...0.1),
            ("ragged-stretch", raggedStretch, 0...100),
            ("minimum-hyphenated-word-length", Double(minimumHyphenatedWordLength), 2...64),
            ("looseness-tries", Double(loosenessTries), 0...64),
            ("looseness-tolerance", loosenessTolerance, 0...100_000),
            ("paragraph-stretch", paragraphStretch, 0...100),
            ("protrusion", protrusion, 0...1),
            ("baseline-grid", baselineGrid, 0...200),
        ]
        for (name, value, range) in checks {
            if let problem = outside(name, value, range) { return problem }
        }
        return nil
    }
}

private extension Double {
    /// Without a trailing `.0` for whole numbers.
    var formatted: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
