import Dispatch
import Foundation

/// The layout manager's second thread: it shapes paragraphs ahead of the line breaker
/// (shaping is most of the work of setting a book) and runs the jobs handed to it —
/// a renderer writing out a finished page — between paragraphs, so that breaking and
/// drawing on the layout thread go on meanwhile.
///
/// The worker owns its own Pango context, as Pango requires, and only reads the
/// storage, which is not edited while layout runs. When the layout thread would wait
/// for the paragraph the worker is shaping, it shapes the next unclaimed one itself
/// (with its own context) instead of idling: on two cores the threads then share the
/// shaping, whichever of them is behind.
final class BackgroundWorker: @unchecked Sendable {
    private struct Input {
        var text: [UInt8]
        var offset: Int
        var runs: [(range: Range<Int>, attributes: TextAttributes)]
        var style: ParagraphStyle
    }

    private let condition = NSCondition()
    private var ready: [Int: ShapedParagraph] = [:]
    /// Other work handed to the worker (a renderer writing out a finished page), done
    /// before the next paragraph it shapes, in order.
    private var jobs: [(job: () -> Void, done: BackgroundJob)] = []
    private var consumed: Int
    /// The lowest paragraph neither thread has started on.
    private var next: Int
    private var cancelled = false
    private let first: Int
    /// How many paragraphs from `first` the worker may shape: all of the storage's, or, while
    /// text is still arriving (`LayoutManager.textSupplier`), those it holds whole
    /// (`extend(toParagraph:)`).
    private var count: Int
    private let storage: TextStorage
    /// Held while the storage is read here: text arriving is appended under it.
    private let storageLock: NSLock?
    private let defaults: LayoutDefaults
    private let typesetting: TypesettingParameters
    /// How far the worker may run ahead: a few pages, which bounds the memory of shaped
    /// paragraphs waiting to be set (the layout thread shapes for itself when it catches up).
    private let window = 64

    /// Starts shaping paragraphs `first...` of `storage`. The worker reads the storage
    /// directly, so it must not be edited until the pipeline is done or cancelled (the
    /// layout manager cancels it on any edit before applying it).
    /// The column the worker sets paragraphs for, speculatively: its width and padding.
    struct Column { var width: Double; var padding: Double; var typesetting: TypesettingParameters }
    private let column: Column?
    /// Where the worker's own context comes from (and goes back to); nil: a new one.
    private let pool: ShapingPool?

    init(storage: TextStorage, defaults: LayoutDefaults, typesetting: TypesettingParameters, from first: Int, through end: Int,
         column: Column?, shaping pool: ShapingPool? = nil, storageLock: NSLock? = nil) {
        self.column = column
        self.pool = pool?.forAnotherThread
        self.first = first
        self.consumed = first
        self.next = first
        self.defaults = defaults
        self.typesetting = typesetting
        self.storage = storage
        self.storageLock = storageLock
        // Paragraph boundaries are computed lazily; settle them on this thread first so the
        // worker only ever reads.
        _ = storage.paragraphCount
        count = max(0, end - first)
        let thread = Thread { [self] in run() }
        thread.stackSize = 8 << 20
        thread.start()
    }

    private static func input(paragraph index: Int, of storage: TextStorage) -> Input {
        let range = storage.paragraphContentRange(at: index)
        let text = storage.withUTF8(range) { Array($0) }
        let runs = storage.attributeRuns(in: range).map {
            (range: ($0.range.lowerBound - range.lowerBound)..<($0.range.upperBound - range.lowerBound), attributes: $0.attributes)
        }
        var attrs = runs
        if attrs.isEmpty, storage.length > 0 {
            // An empty paragraph takes its height from the attributes of its terminator.
            let at = min(range.lowerBound, storage.length - 1)
            attrs = [(0..<0, storage.attributes(at: at).attributes)]
        }
        return Input(text: text, offset: range.lowerBound, runs: attrs, style: storage.paragraphStyle(ofParagraph: index))
    }

    /// Shapes one paragraph on the calling thread.
    static func shape(paragraph index: Int, of storage: TextStorage, defaults: LayoutDefaults,
                      typesetting: TypesettingParameters, column: Column?, context: ShapingContext,
                      storageOffset: Int? = nil, storageLock: NSLock? = nil) -> ShapedParagraph {
        storageLock?.lock()
        let i = input(paragraph: index, of: storage)
        storageLock?.unlock()
        let room = column.map { AttachmentRoom(columnWidth: $0.width, padding: $0.padding, style: i.style) }
        return context.shapeParagraph(text: i.text, storageOffset: storageOffset ?? i.offset, attributeRuns: i.runs, style: i.style, defaults: defaults,
                                     typesetting: typesetting, room: room)
    }

    private let done = DispatchSemaphore(value: 0)

    private func run() {
        defer { done.signal() }
        let context = pool?.checkOut() ?? ShapingContext()
        // Given back before `cancel()` returns (the signal above comes after it).
        defer { pool?.checkIn(context) }
        while true {
            condition.lock()
            // Jobs first; then a paragraph, if the window allows; else wait. With nothing
            // left to shape the worker stays for jobs until it is cancelled.
            while jobs.isEmpty && !cancelled && !canClaim { condition.wait() }
            if !jobs.isEmpty {
                let (job, ticket) = jobs.removeFirst()
                condition.unlock()
                job()
                condition.lock()
                ticket.isDone = true
                condition.broadcast()
                condition.unlock()
                continue
            }
            guard let index = claim() else {
                condition.unlock()
                return
            }
            condition.unlock()
            finish(index, shaped: shape(index, context: context))
        }
    }

    /// Whether a paragraph may be claimed now (call with the lock held).
    private var canClaim: Bool { next < first + count && next < consumed + window }

    /// Hands `job` to the worker, to run before the next paragraph it shapes; nil once the
    /// pipeline is cancelled (the caller then runs it itself).
    func perform(_ job: @escaping () -> Void) -> BackgroundJob? {
        condition.lock()
        defer { condition.unlock() }
        guard !cancelled else { return nil }
        let ticket = BackgroundJob()
        jobs.append((job, ticket))
        condition.broadcast()
        return ticket
    }

    /// Waits until `ticket`'s job is done, shaping paragraphs the worker has not started
    /// on meanwhile with `context` (the caller's own, on its own thread).
    func wait(for ticket: BackgroundJob, context: ShapingContext) {
        condition.lock()
        defer { condition.unlock() }
        while !ticket.isDone {
            if !shapeAhead(context: context) { condition.wait() }
        }
    }

    /// Claims the next paragraph nobody has started on and shapes it with `context`
    /// (the caller's, on its own thread) into `ready`, the lock released meanwhile;
    /// false when there is none to claim. Called with the lock held.
    private func shapeAhead(context: ShapingContext) -> Bool {
        guard let ahead = claim() else { return false }
        condition.unlock()
        let p = shape(ahead, context: context)
        condition.lock()
        ready[ahead] = p
        condition.broadcast()
        return true
    }

    /// The next paragraph no thread has started on, now claimed by the caller (who holds
    /// the lock); nil when there is none or the window is full.
    private func claim() -> Int? {
        guard !cancelled, canClaim else { return nil }
        next += 1
        return next - 1
    }

    private func shape(_ index: Int, context: ShapingContext) -> ShapedParagraph {
        let shaped = BackgroundWorker.shape(paragraph: index, of: storage, defaults: defaults, typesetting: typesetting,
                                            column: column, context: context, storageLock: storageLock)
        if let column { speculate(shaped, paragraph: index, column: column) }
        return shaped
    }

    private func finish(_ index: Int, shaped: ShapedParagraph) {
        condition.lock()
        ready[index] = shaped
        condition.broadcast()
        condition.unlock()
    }

    /// Breaks `p` for `column`, as the layout manager would if the paragraph
    /// falls in a column of that width (the common case in a document of like pages).
    private func speculate(_ p: ShapedParagraph, paragraph index: Int, column: Column) {
        let style = p.style
        guard p.clusterCount > 0, style.lineBreakMode == .wordWrap, !p.hasTabs, style.textBlockCount == 0 else { return }
        let rtl = p.baseLevel & 1 == 1
        func area(_ k: Int) -> (x: Double, width: Double, leadingIndent: Double) {
            LineSlot.textArea(rectWidth: column.width, contentWidth: column.width, padding: column.padding, style: style,
                              firstLine: k == 0, opens: true, closes: true, rtl: rtl)
        }
        let first = area(0), rest = area(1)
        let widths = LineBreaker.Widths(width: { $0 == 0 ? first.width : rest.width }, uniformFrom: 1)
        let spans = Typesetter(parameters: column.typesetting).lines(p, from: 0, widths: widths)
        p.speculation = ShapedParagraph.Speculation(widths: spans.indices.map { $0 == 0 ? first.width : rest.width },
                                                    spans: spans)
    }

    /// The shaped paragraph `index`; nil if this pipeline does not cover it. While the
    /// worker is still on it, the caller shapes paragraphs further on with `context`
    /// (its own, on its own thread) rather than wait.
    func take(_ index: Int, context: ShapingContext) -> ShapedParagraph? {
        condition.lock()
        defer { condition.unlock() }
        guard index >= first, index < first + count else { return nil }
        while true {
            if let p = ready.removeValue(forKey: index) {
                consumed = max(consumed, index + 1)
                condition.broadcast()
                return p
            }
            // A paragraph taken before (laid out again when keep-with-next moves it) is
            // not coming back from the worker: the caller shapes it itself.
            if cancelled || index < consumed { return nil }
            if index >= next {
                // Nobody has started on it: shape it here, as the worker would (and
                // skip any the caller jumped over).
                next = index + 1
                consumed = index + 1
                condition.broadcast()
                condition.unlock()
                let p = shape(index, context: context)
                condition.lock()
                return p
            }
            if !shapeAhead(context: context) { condition.wait() }
        }
    }

    /// Lets the worker shape paragraphs up to (not including) `end`: text that arrived
    /// while layout ran (`LayoutManager.textSupplier`).
    func extend(toParagraph end: Int) {
        condition.lock()
        defer { condition.unlock() }
        guard end - first > count else { return }
        count = end - first
        condition.broadcast()
    }

    /// Stops the worker (after the jobs handed to it) and waits until it has stopped
    /// reading the storage.
    func cancel() {
        condition.lock()
        let wasCancelled = cancelled
        cancelled = true
        condition.broadcast()
        condition.unlock()
        if !wasCancelled { done.wait() }
    }
}
