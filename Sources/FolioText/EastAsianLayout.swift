/// How a paragraph sets Chinese, Japanese and Korean text, after the W3C's *Requirements
/// for Chinese Text Layout* (clreq) and *Requirements for Japanese Text Layout* (jlreq).
///
/// Ideographs and kana are set solid and justified by opening the gaps between all of
/// them a little (not only the spaces between Latin words); a quarter em separates them
/// from Latin letters and digits; consecutive full-width punctuation is compressed; and
/// lines never start with closing punctuation nor end with opening punctuation (kinsoku,
/// 禁则). The defaults are what a Chinese or Japanese book does; text with no East Asian
/// characters is untouched by any of it.
public struct EastAsianLayout: Hashable, Sendable {
    /// Which line-start and line-end rules apply (CSS `line-break`, jlreq's kinsoku sets).
    public enum LineBreakRules: String, Hashable, Sendable, CaseIterable {
        /// No line starts with small kana (ぁ, ッ, ャ…) or the prolonged sound mark ー, nor
        /// with closing punctuation, iteration marks or centred punctuation.
        case strict
        /// As `strict`, but a line may start with small kana and ー (CSS's `normal`).
        case normal
        /// As `normal`, and a line may also start with iteration marks (々, ゝ), centred
        /// punctuation (・, ：, ；) and the wave dash 〜: for narrow columns.
        case loose
    }

    /// What a full-width closing punctuation mark at the end of a justified line does
    /// with the empty half of its em square.
    public enum LineEndPunctuation: String, Hashable, Sendable, CaseIterable {
        /// Keeps it: the line ends half an em short of the margin.
        case full
        /// Drops it, so the mark's ink ends at the margin (clreq's half-width line end).
        case half
        /// Hangs `。`, `，`, `、` and `．` wholly outside the margin (句末点号悬挂); other
        /// closing marks drop their empty half.
        case hang
    }

    /// What a full-width opening mark at the start of a line (not a paragraph's first)
    /// does with the empty half of its em square.
    public enum LineStartPunctuation: String, Hashable, Sendable, CaseIterable {
        /// Keeps it: the mark's ink starts half an em in.
        case full
        /// Drops it, so the ink starts at the margin (CSS's `trim-start`, clreq's
        /// half-width line start).
        case half
    }

    /// What emphasis set in italic does to ideographs and kana, which have no italic.
    public enum ItalicIdeographs: String, Hashable, Sendable, CaseIterable {
        /// Set upright in the bold face.
        case bold
        /// Set upright in the regular face: emphasis shows only in Latin words.
        case upright
        /// Set upright with an emphasis dot under each (着重号, clreq's emphasis).
        case dots
        /// Slanted by the font machinery, as Latin fallback does.
        case slanted
    }

    /// The space between an ideograph or kana and a Latin letter or digit next to it, in
    /// ems of the East Asian side's font; nil: a quarter em, except in Korean (`ko`),
    /// which spaces words. 0 sets them solid. Never added where the text has a space.
    public var latinSpacing: Double?
    /// How far each gap between two ideographs may open when a line is justified, in ems.
    public var characterStretch: Double = 0.1
    /// The line-start and line-end rules.
    public var lineBreakRules: LineBreakRules = .strict
    /// Compresses adjacent full-width punctuation (`。」`, `），`, `」「`) by half an em,
    /// as CSS's `text-spacing-trim: trim-adjacent` does.
    public var compressesPunctuation: Bool = true
    /// Full-width closing punctuation at a justified line's end.
    public var lineEndPunctuation: LineEndPunctuation = .half
    /// Full-width opening punctuation at the start of a line after the first.
    public var lineStartPunctuation: LineStartPunctuation = .full
    /// Italic emphasis on ideographs.
    public var italicIdeographs: ItalicIdeographs = .bold

    /// Clreq's and jlreq's defaults.
    public init(latinSpacing: Double? = nil, characterStretch: Double = 0.1, lineBreakRules: LineBreakRules = .strict,
                compressesPunctuation: Bool = true, lineEndPunctuation: LineEndPunctuation = .half,
                lineStartPunctuation: LineStartPunctuation = .full, italicIdeographs: ItalicIdeographs = .bold) {
        self.latinSpacing = latinSpacing; self.characterStretch = characterStretch; self.lineBreakRules = lineBreakRules
        self.compressesPunctuation = compressesPunctuation; self.lineEndPunctuation = lineEndPunctuation
        self.lineStartPunctuation = lineStartPunctuation
        self.italicIdeographs = italicIdeographs
    }

    /// The defaults.
    public static let standard = EastAsianLayout()

    /// The space between ideographs and Latin text for text in `language`, in ems.
    public func latinSpacing(language: String) -> Double {
        if let latinSpacing { return latinSpacing }
        return language.lowercased().hasPrefix("ko") ? 0 : 0.25
    }
}
