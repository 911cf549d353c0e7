import Foundation

/// Lays a text storage out across an ordered chain of text containers.
///
/// Paragraphs are shaped once by Pango; the typesetter breaks them into lines as wide
/// as each container allows at each line's y (total fit, hyphenated); lines fill a
/// container and carry on in the next. When the chain runs out the delegate is asked
/// for another container. Layout is lazy: queries lay out as far as they need.
/// Several layout managers may observe one storage, each with its own chain; after an
/// edit each one keeps the layout before the edited paragraph and redoes the rest.
public final class LayoutManager: TextStorageObserver {
    /// The storage laid out; the manager observes its edits (it is held strongly).
    public let textStorage: TextStorage
    /// Attributes for what the storage leaves unset (font, colour, language).
    public var defaults: LayoutDefaults { didSet { invalidateLayout(fromParagraph: 0) } }
    /// Supplies containers when the chain runs out and hears when each one is complete.
    ///
    /// Held **strongly**, unlike TextKit's delegates, so that a delegate made where it is
    /// set (`manager.delegate = Paginator(geometry: …)`) lives as long as the manager. A
    /// delegate that keeps the manager must keep it weakly (or set this to nil when done),
    /// or the two keep each other alive.
    public var delegate: (any LayoutManagerDelegate)?
    /// The chain, in flow order. Change it through `addTextContainer(_:)`,
    /// `insertTextContainer(_:at:)` and `removeTextContainer(at:)`, not by hand.
    public internal(set) var textContainers: [TextContainer] = []
    /// Text that found no container (the chain ran out and the delegate gave none).
    public internal(set) var unplacedRange: Range<Int>?
    /// What layout could not do as asked (a line taller than its container, …).
    public internal(set) var warnings: [LayoutWarning] = []

    /// How lines are broken and justified: tolerance, penalties, demerits, how far
    /// spaces and glyphs give. Changing it lays the storage out again.
    /// Values with a `problem` are a programming error (a template's are checked when it
    /// is read).
    public var typesetting = TypesettingParameters() {
        didSet {
            precondition(typesetting.problem == nil, "typesetting parameters: \(typesetting.problem ?? "")")
            invalidateLayout(fromParagraph: 0)
        }
    }

    /// Knuth–Plass tolerance for the first pass (TeX badness; 200 ≈ spaces at 1.6×):
    /// `typesetting.tolerance`.
    public var tolerance: Double {
        get { typesetting.tolerance }
        set { typesetting.tolerance = newValue }
    }

    /// The lines laid out and not forgotten (`forgetLayout(beforeContainerAt:)`).
    var fragments: [LineFragment] = []
    /// How many lines were forgotten from the front of `fragments`. A record's
    /// `firstFragment` counts them too: its line is `fragments[firstFragment - forgottenFragments]`.
    var forgottenFragments = 0
    /// Where each paragraph's layout began (see `ParagraphRecord`).
    var records = ParagraphRecords()
    var cursor = FlowCursor(containerIndex: 0, y: 0, linesInContainer: 0)
    var finished = false
    var completedContainers = 0
    /// This manager's Pango context (its fonts and word cache): its own, or one borrowed
    /// from `shapingPool` for the manager's lifetime.
    let context: ShapingContext
    /// The pool the manager's shaping contexts come from and go back to; nil when it
    /// makes its own.
    public let shapingPool: ShapingPool?
    /// Builds each placed line (justification as `typesetting` says).
    var assembler: LineAssembler { LineAssembler(parameters: typesetting, expansions: expandedAttributes) }
    /// The attributes of the glyph runs it expands, shared between lines.
    let expandedAttributes = DerivedAttributes()
    /// Shapes paragraphs ahead of the breaker on another core, when enabled.
    var worker: BackgroundWorker?
    /// What the delegate is told when it is next asked for a container.
    var pendingRequest = ContainerRequest(characterIndex: 0, breakBefore: .none)
    /// Paragraphs moved to the next container to stay with the paragraph after them.
    var keptParagraphs = Set<Int>()
    /// Paragraphs laid out again to give their last container enough lines (`widows`):
    /// how many of their lines go before the container break.
    var widowBreaks: [Int: Int] = [:]
    /// Paragraphs laid out again so that a line ending a column does not end in a hyphen:
    /// which line.
    var unhyphenatedLines: [Int: Int] = [:]
    /// Paragraphs whose blocks for a column's top were put at the top of the column they
    /// end in, the text laid out again below (once each).
    var topFloatsJoined = Set<Int>()
    /// Paragraphs set a line or two shorter or longer (`Typesetter`'s `lineChanges`) to
    /// keep a column full where widows or orphans would take a line from it; empty: tried.
    var looseLines: [Int: [Int]] = [:]
    /// By the container a column break leaves: how many paragraphs were tried with a line
    /// more or less there, and the last one tried.
    var loosenedBreaks: [Int: (tries: Int, last: [Int])] = [:]
    /// The paragraphs shaped last, with the column they were shaped for: what undoing the
    /// layout of the last few paragraphs lays out again. Emptied by every edit.
    var recentlyShaped: [(index: Int, width: Double?, padding: Double?, paragraph: ShapedParagraph)] = []
    /// The text widths of the lines of the paragraphs laid out last, as set (for
    /// `hasOtherLength`).
    var setWidths: [Int: [Double]] = [:]
    /// What `hasOtherLength` found of the paragraph it was last asked about, at the widths it
    /// was asked at.
    var loosenessMemo: (index: Int, paragraph: ShapedParagraph, widths: [Double], memo: Typesetter.LoosenessMemo)?

    /// A layout manager for `textStorage`, observing its edits. Add containers (or set a
    /// delegate that supplies them) before asking for layout. With `shaping`, fonts and
    /// shaped words come from contexts of that pool, warm from earlier managers, instead of
    /// a context of the manager's own (the layout is the same).
    public init(textStorage: TextStorage, defaults: LayoutDefaults = LayoutDefaults(),
                typesetting: TypesettingParameters = .standard, shaping: ShapingPool? = nil) {
        self.textStorage = textStorage
        shapingPool = shaping
        context = shaping?.checkOut() ?? ShapingContext()
        self.defaults = defaults
        precondition(typesetting.problem == nil, "typesetting parameters: \(typesetting.problem ?? "")")
        self.typesetting = typesetting
        textStorage.addObserver(self)
    }

    deinit {
        worker?.cancel()
        shapingPool?.checkIn(context)
    }

    /// Fonts for a layout manager made and laid out on this manager's thread while it lays
    /// out (measuring a note, a column's text): this manager's own context, lent.
    package var nestedShaping: ShapingPool { ShapingPool(lending: context) }

    // MARK: Stored state of the other parts (Flow/LayoutManager+*.swift)

    /// Whether paragraphs are shaped on a second thread, ahead of line breaking, while a
    /// layout call runs: on two cores that takes most of the shaping off the breaker's
    /// path. The worker only reads the storage and is stopped before any layout call
    /// returns, so the storage may be edited between calls as usual.
    ///
    /// Chinese, Japanese and Korean text too, since pages are drawn with faces cairo
    /// cannot close under the drawing thread (`DrawingFonts` in FolioRender; cairo 1.16
    /// closes one of its own to open an eleventh, without that font's lock) and a
    /// `Font`'s cairo font is made under `PangoCairoSetup.withFontLock`.
    public var shapesInBackground = false

    /// Containers whose glyphs were discarded: their old layout is not spliced back
    /// after an edit (it would draw nothing). Those before `forgottenContainers` are too.
    var discardedContainers = Set<Int>()
    /// The containers before this one were forgotten (`forgetLayout(beforeContainerAt:)`).
    var forgottenContainers = 0
    /// The containers before this one were let go of with their text (`forgetNotes`)… (A
    /// storage with a supplier is never laid out again from its start, which would need them.)
    var releasedContainers = 0
    /// …and their places hold this one.
    lazy var releasedContainer = TextContainer(size: .zero)

    /// Appends more of the text to the storage, when layout comes near the end of what it
    /// holds, and returns whether still more will come: for a document too long to hold
    /// whole, built a part at a time as its pages are set (`LayoutManager+Supply.swift`).
    ///
    /// Each call appends whole paragraphs, the last one ended by a separator — except the
    /// call that returns false, whose text (possibly none) ends the storage. The storage's
    /// last paragraph is not laid out until the supplier has returned false. What it appends
    /// is not an edit to observers of this manager; the worker thread
    /// (`shapesInBackground`) reads the storage meanwhile only under a lock, so the
    /// supplier must append to the storage and do nothing else with it. With a supplier,
    /// `forgetLayout(beforeContainerAt:)` lets go of the text before the lines kept
    /// (`TextStorage.discardText(beforeParagraph:)`): the storage cannot be laid out again
    /// from its start.
    public var textSupplier: (() -> Bool)? { didSet { expectsMoreText = textSupplier != nil } }
    /// Whether the supplier may append more text.
    var expectsMoreText = false
    /// Set while the supplier appends: its edit is not one to lay out again for.
    var receivingText = false
    /// Held while the storage grows, and by the worker thread while it reads the storage.
    let storageLock = NSLock()
    /// Set while layout runs, when the storage must not change.
    var isLayingOut = false

    /// How notes are set at the foot of each container (`TextAttributes.footnote`);
    /// changing it lays the storage out again.
    public var footnoteLayout = FootnoteLayout() { didSet { invalidateLayout(fromParagraph: 0) } }
    /// The notes placed so far, a piece per container they occupy, in the order placed
    /// (`LayoutManager+Footnotes.swift`).
    var footnotePieces: [FootnotePiece] = []
    /// The height the pieces take at the foot of each container, separator included.
    var footReserves: [Int: Double] = [:]
    /// The floating blocks placed so far (`LayoutManager+Floats.swift`), and the height they
    /// take at the top and foot of each container.
    var floatPieces: [FloatPiece] = []
    var floatReserves: [Int: (top: Double, bottom: Double)] = [:]
    /// Notes whose containers were forgotten (`forgetLayout`): placed, and not placed again.
    var forgottenNotes = Set<ObjectIdentifier>()
    /// Each note's lines as set at a column width.
    var noteLineCache: [NoteLinesKey: [LineFragment]] = [:]

    /// The layout after an edit, waiting to be spliced back (`LayoutManager+Splice.swift`).
    var tail: Tail?
    var laidOutParagraphCount = 0
    var finalCursor: FlowCursor?

    /// How many paragraphs have been laid out since this manager was made (tests use it
    /// to see that an edit costs only the paragraphs it touches).
    package internal(set) var paragraphsLaidOut = 0

    // MARK: Containers

    /// Appends `container` to the chain. Layout done so far is kept, unless a finished layout
    /// left text unplaced (`unplacedRange`): then the whole storage is laid out again
    /// (lazily) so that text can flow into the new container.
    public func addTextContainer(_ container: TextContainer) {
        container.owner = self
        textContainers.append(container)
        if finished, unplacedRange != nil { invalidateLayout(fromParagraph: 0) }
    }

    /// Inserts `container` into the chain at `index`; the whole storage is laid out again
    /// (lazily, on the next query).
    public func insertTextContainer(_ container: TextContainer, at index: Int) {
        container.owner = self
        textContainers.insert(container, at: index)
        invalidateLayout(fromParagraph: 0)
    }

    /// Removes the container at `index` from the chain; the whole storage is laid out again
    /// (lazily). Indexes of the containers after it shift down by one.
    public func removeTextContainer(at index: Int) {
        textContainers.remove(at: index)
        invalidateLayout(fromParagraph: 0)
    }

    /// Lays the text out again from the first paragraph with a line in `container` (or
    /// from the start, when its lines were forgotten or it held none yet and text was left
    /// over). Containers call it themselves when their geometry changes; a change made
    /// while layout runs (from a delegate callback) is seen as layout reaches it.
    public func textContainerChangedGeometry(_ container: TextContainer) {
        guard !isLayingOut, let index = textContainers.firstIndex(where: { $0 === container }) else { return }
        if index < completedContainers, index < forgottenContainers || discardedContainers.contains(index) { return invalidateLayout(fromParagraph: 0) }
        let first = firstFragment { $0.containerIndex >= index }
        if first < fragments.count {
            invalidateLayout(fromParagraph: fragments[first].paragraphIndex)
        } else if finished, unplacedRange != nil || index <= cursor.containerIndex {
            invalidateLayout(fromParagraph: index == 0 ? 0 : (fragments.last.map { $0.paragraphIndex } ?? 0))
        }
    }

    // MARK: Layout

    /// Lays out the whole storage (asking the delegate for containers as needed).
    public func ensureLayout() {
        guard !finished else { return }
        // Room for every line at once (a line holds 20 bytes or more of text in almost any
        // setting): growing a large array by doubling briefly holds it twice. Capacity
        // never written to costs no memory.
        fragments.reserveCapacity(max(fragments.count, textStorage.length / 20 + 64))
        isLayingOut = true
        if expectsMoreText { supplyText(beyond: records.count) }
        startWorker()
        while !finished { layoutNextParagraph() }
        stopWorker()
        isLayingOut = false
    }

    /// Lays out a paragraph at a time until the whole storage is laid out or `stop`, asked
    /// before each paragraph, says the lines so far are enough: for a caller measuring text
    /// that can tell from its first lines that the rest need not be set.
    package func ensureLayout(until stop: () -> Bool) {
        guard !finished else { return }
        isLayingOut = true
        if expectsMoreText { supplyText(beyond: records.count) }
        startWorker()
        while !finished, !stop() { layoutNextParagraph() }
        stopWorker()
        isLayingOut = false
    }

    /// Lays out at least as far as the end of container `index`, and, asked from outside
    /// layout, until its lines are settled: a column break after it may still set its
    /// paragraphs again (widows, a line more or less) until the flow is two containers past
    /// it. (Asked from a delegate callback, during layout, it goes no further than the
    /// flow's end of the container.)
    public func ensureLayout(forContainerAt index: Int) {
        let nested = isLayingOut
        func done() -> Bool { finished || (nested ? cursor.containerIndex > index : completedContainers > index) }
        guard !done() else { return }
        isLayingOut = true
        if expectsMoreText { supplyText(beyond: records.count) }
        if !nested { startWorker() }
        while !done() { layoutNextParagraph() }
        if !nested { stopWorker() }
        isLayingOut = nested
    }

    /// The container the flow is filling; nil once the whole storage is laid out.
    var containerBeingFilled: Int? { finished ? nil : cursor.containerIndex }

    /// Every line fragment laid out so far (and not forgotten), in order.
    public var lineFragments: [LineFragment] { fragments }

    /// The line fragments of container `index`.
    public func lineFragments(inContainerAt index: Int) -> ArraySlice<LineFragment> {
        ensureLayout(forContainerAt: index)
        return fragments[fragmentRange(inContainerAt: index)]
    }

    func fragmentRange(inContainerAt index: Int) -> Range<Int> {
        let lo = firstFragment { $0.containerIndex >= index }
        let hi = firstFragment { $0.containerIndex > index }
        return lo..<hi
    }

    func firstFragment(where predicate: (LineFragment) -> Bool) -> Int {
        var lo = 0, hi = fragments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if predicate(fragments[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Drops the layout of paragraph `index` and everything after it.
    public func invalidateLayout(fromParagraph index: Int) {
        invalidateLayout(fromParagraph: index, keepingTail: false)
    }

    func invalidateLayout(fromParagraph index: Int, keepingTail: Bool) {
        if !keepingTail { tail = nil }
        recentlyShaped.removeAll()
        loosenessMemo = nil
        finalCursor = nil
        stopWorker()
        var keep = min(index, records.count)
        if keep < records.count { keep = min(keep, records[keep].tableStart) }
        if keep < records.count, records[keep].firstFragment < forgottenFragments {
            // The edit reaches lines already forgotten: lay everything out again.
            keep = 0
            fragments.removeAll()
            forgottenFragments = 0
            tail = nil
            discardedContainers.removeAll()
            forgottenContainers = 0
            forgottenNotes.removeAll()
        }
        if keep < records.count {
            fragments.removeSubrange((records[keep].firstFragment - forgottenFragments)...)
            cursor = records[keep].cursor
            records.removeAll(from: keep)
        }
        finished = false
        unplacedRange = nil
        warnings.removeAll { $0.characterRange.lowerBound >= (keep < textStorage.paragraphCount ? textStorage.paragraphRange(at: keep).lowerBound : 0) }
        completedContainers = min(completedContainers, cursor.containerIndex)
        keptParagraphs = keptParagraphs.filter { $0 < keep }
        widowBreaks = widowBreaks.filter { $0.key < keep }
        unhyphenatedLines = unhyphenatedLines.filter { $0.key < keep }
        topFloatsJoined = topFloatsJoined.filter { $0 < keep }
        looseLines = looseLines.filter { $0.key < keep }
        loosenedBreaks = loosenedBreaks.filter { $0.key < cursor.containerIndex }
        undoFootnotes(fromParagraph: keep)
        undoFloats(fromParagraph: keep)
        if keep == 0 { noteLineCache = [:] }
        discardedContainers = discardedContainers.filter { $0 < cursor.containerIndex }
        forgottenContainers = min(forgottenContainers, cursor.containerIndex)
    }
}
