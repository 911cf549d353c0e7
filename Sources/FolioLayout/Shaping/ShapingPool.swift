import Foundation

/// Shaping contexts — each a Pango font map and context with the fonts it has loaded and
/// the words it has shaped (`WordShapeCache`) — kept for reuse by layout managers that come
/// and go: the records of a mail merge, a frame's text, each render of `--watch`.
///
/// A new context costs more than laying out a one-page letter: fontconfig matches every
/// font again, Pango measures every font's metrics again, and every word is shaped again
/// by HarfBuzz. A layout manager made with a pool (`LayoutManager(textStorage:defaults:
/// typesetting:shaping:)`) takes a context from it for its lifetime, and its shaping
/// thread takes one for each layout call; both go back when done, warm, for the next.
///
/// A context is used by one thread at a time, as Pango requires: the pool hands each out
/// to one borrower only, and its lock orders one borrower's use before the next one's.
/// What a context holds changes no result: a word shaped from the cache gets the glyphs
/// it would get shaped afresh, and a font loaded again is the same face at the same size.
public final class ShapingPool: @unchecked Sendable {
    /// The pool the renderers (`FolioPages`) share by default: one per process.
    public static let shared = ShapingPool()

    private let lock = NSLock()
    private var idle: [ShapingContext] = []
    /// Contexts made so far (in use or idle).
    private var made = 0

    /// The one context this pool lends to every borrower, when it is such a pool.
    private let onlyContext: ShapingContext?
    /// Where `onlyContext` came from, and goes back to.
    private let source: ShapingPool?

    /// An empty pool; contexts are made as borrowers need them.
    public init() {
        onlyContext = nil
        source = nil
    }

    /// A pool that lends one context, taken from `pool` (or made), to all its borrowers at
    /// once, and gives it back when the pool goes: for layout managers that are only ever
    /// used one at a time, from one thread at a time — a page's running heads and folios,
    /// each a small layout manager kept from page to page. They share the fonts loaded and
    /// the fontconfig sorts done, instead of a context (a font map) each.
    public init(lendingOneContextFrom pool: ShapingPool?) {
        onlyContext = pool?.checkOut() ?? ShapingContext()
        source = pool
    }

    /// A pool that lends `context` itself to all its borrowers, and gives it back to no
    /// pool: for layout managers made and laid out on the thread of the manager that owns
    /// `context`, in the middle of its layout (one measuring a note or a column's text), so
    /// that they share its fonts and sorts instead of loading a font map of their own.
    init(lending context: ShapingContext) {
        onlyContext = context
        source = nil
    }

    deinit {
        if let onlyContext { source?.checkIn(onlyContext) }
    }

    /// The pool for a thread of its own (a layout manager's worker): this one, or for a
    /// pool lending one context, the pool that context came from (nil: a new context),
    /// since its context is its borrowers' thread's.
    var forAnotherThread: ShapingPool? { onlyContext == nil ? self : source }

    /// How many contexts the pool has made: the most that were in use at once.
    public var contextCount: Int { lock.withLock { made } }

    /// A context for the caller's thread alone, until it is given back with `checkIn(_:)`:
    /// the one given back last (the warmest), or a new one.
    func checkOut() -> ShapingContext {
        if let onlyContext { return onlyContext }
        lock.lock()
        if let context = idle.popLast() {
            lock.unlock()
            return context
        }
        made += 1
        lock.unlock()
        return ShapingContext()
    }

    /// Gives back `context`, which its borrower no longer uses.
    func checkIn(_ context: ShapingContext) {
        guard onlyContext == nil else { return }
        lock.withLock { idle.append(context) }
    }
}
