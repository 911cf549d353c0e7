/// How text may be made smaller to fit its box, as a TextKit label does
/// (`adjustsFontSizeToFitWidth`, `minimumScaleFactor`,
/// `allowsDefaultTighteningForTruncation`): for running heads, fields and labels whose
/// box must not grow.
public struct TextFitting: Sendable, Hashable {
    /// The smallest scale the text may be set at, above 0 and at most 1 (TextKit's
    /// `minimumScaleFactor`); 1 never shrinks.
    public var minimumScale: Double
    /// How far letters may be drawn together once the text is at its smallest, in ems of
    /// each run's font (0.04 takes 4 % of an em from every letter), before truncation;
    /// 0 never tightens.
    public var maximumTightening: Double

    /// Fitting down to `minimumScale` (0.5 unless given), then tightening by up to
    /// `maximumTightening` em (0.04 unless given).
    public init(minimumScale: Double = 0.5, maximumTightening: Double = 0.04) {
        precondition(minimumScale > 0 && minimumScale <= 1, "minimumScale must be above 0 and at most 1")
        precondition(maximumTightening >= 0 && maximumTightening < 0.5, "maximumTightening must be from 0 to 0.5 em")
        self.minimumScale = minimumScale; self.maximumTightening = maximumTightening
    }

    /// What fitting found: the scale and tightening to set the text at, and whether it then
    /// fits (when not, the paragraph's truncating line-break mode ends it in an ellipsis).
    public struct Result: Sendable, Hashable {
        /// The factor every font size is multiplied by (1: as set).
        public var scale: Double
        /// Ems taken from every letter's advance (0: none).
        public var tightening: Double
        /// Whether the text fits at `scale` and `tightening`.
        public var fits: Bool

        /// A result of `scale` and `tightening` (to apply one worked out before).
        public init(scale: Double, tightening: Double, fits: Bool) {
            self.scale = scale; self.tightening = tightening; self.fits = fits
        }
    }

    /// The largest scale (to 1/200) at which `storage` fits `maximumLines` lines of `width`
    /// points, and if even `minimumScale` is too large, the least tightening that makes it
    /// fit. The storage is not changed: `TextStorage.apply(_:defaults:)` sets the result.
    public func fit(_ storage: TextStorage, width: Double, maximumLines: Int,
                    defaults: LayoutDefaults = LayoutDefaults(), shaping: ShapingPool? = .shared) -> Result {
        precondition(width > 0 && maximumLines > 0, "fitting needs a width and at least one line")
        let original = storage.attributedText(in: 0..<storage.length)
        func fits(_ scale: Double, _ tightening: Double) -> Bool {
            let trial = TextStorage()
            trial.append(original)
            trial.apply(Result(scale: scale, tightening: tightening, fits: true), defaults: defaults, wrapping: true)
            let manager = LayoutManager(textStorage: trial, defaults: defaults, shaping: shaping)
            defer { trial.removeObserver(manager) }
            let container = TextContainer(size: Size(width: width, height: 1e7))
            container.maximumNumberOfLines = maximumLines
            manager.addTextContainer(container)
            manager.ensureLayout()
            return manager.unplacedRange == nil && manager.lineFragments.allSatisfy { $0.usedRect.maxX <= width + 1e-6 }
        }
        if fits(1, 0) { return Result(scale: 1, tightening: 0, fits: true) }
        if fits(minimumScale, 0) {
            // Bisect between the smallest scale that fits and the largest that does not.
            var low = minimumScale, high = 1.0
            while high - low > 0.005 {
                let mid = (low + high) / 2
                if fits(mid, 0) { low = mid } else { high = mid }
            }
            return Result(scale: low, tightening: 0, fits: true)
        }
        guard maximumTightening > 0, fits(minimumScale, maximumTightening) else {
            return Result(scale: minimumScale, tightening: maximumTightening, fits: false)
        }
        var low = 0.0, high = maximumTightening
        while high - low > 0.002 {
            let mid = (low + high) / 2
            if fits(minimumScale, mid) { high = mid } else { low = mid }
        }
        return Result(scale: minimumScale, tightening: high, fits: true)
    }
}

extension TextStorage {
    /// Sets the text at `fit`'s scale and tightening: every run's font size (the defaults'
    /// where a run names none) multiplied by the scale, its tracking lessened by the
    /// tightening in ems. In one edit.
    public func apply(_ fit: TextFitting.Result, defaults: LayoutDefaults = LayoutDefaults()) {
        apply(fit, defaults: defaults, wrapping: false)
    }

    /// `apply(_:defaults:)`; with `wrapping`, truncating paragraphs are made to wrap, so
    /// that a trial layout shows whether the text fits rather than an ellipsis.
    fileprivate func apply(_ fit: TextFitting.Result, defaults: LayoutDefaults, wrapping: Bool) {
        guard fit.scale != 1 || fit.tightening != 0 || wrapping else { return }
        beginEditing()
        for run in attributeRuns() {
            var a = run.attributes
            var font = a.font ?? defaults.attributes.font ?? FontDescriptor()
            let size = font.size
            font.size = size * fit.scale
            a.font = font
            if a.tracking != nil || fit.tightening != 0 {
                a.tracking = (a.tracking ?? 0) * fit.scale - fit.tightening * font.size
            }
            setAttributes(a, range: run.range)
        }
        if wrapping {
            for i in 0..<paragraphCount where paragraphStyle(ofParagraph: i).lineBreakMode.truncates {
                var style = paragraphStyle(ofParagraph: i)
                style.lineBreakMode = .wordWrap
                setParagraphStyle(style, range: paragraphRange(at: i))
            }
        }
        endEditing()
    }
}
