import Dispatch
import Foundation

/// Shapes paragraphs on a second thread, ahead of the line breaker: shaping is most of
/// the work of setting a book, and breaking and drawing can go on meanwhile.
///
/// The worker owns its own Pango context, as Pango requires, and only reads the
/// storage, which is not edited while layout runs.
final class ShapingPipeline: @unchecked Sendable {
    private struct Input {
        var text: [UInt8]
        var offset: Int
        var runs: [(range: Range<Int>, attributes: TextAttributes)]
        var style: ParagraphStyle
    }

    private let condition = NSCondition()
    private var ready: [Int: ShapedParagraph] = [:]
    private var consumed: Int
    private var cancelled = false
    private let first: Int
    private let count: Int
    private let storage: TextStorage
    private let defaults: LayoutDefaults
    /// How far the worker may run ahead (bounds memory).
    private let window = 256

    /// Starts shaping paragraphs `first...` of `storage`. The worker reads the storage
    /// directly, so it must not be edited until the pipeline is done or cancelled (the
    /// layout manager cancels it on any edit before applying it).
    init(storage: TextStorage, defaults: LayoutDefaults, from first: Int) {
        self.first = first
        self.consumed = first
        self.defaults = defaults
        self.storage = storage
        // Paragraph boundaries are computed lazily; settle them on this thread first so the
        // worker only ever reads.
        count = max(0, storage.paragraphCount - first)
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
                      context: ShapingContext) -> ShapedParagraph {
        let i = input(paragraph: index, of: storage)
        return context.shapeParagraph(text: i.text, storageOffset: i.offset, attributeRuns: i.runs, style: i.style, defaults: defaults)
    }

    private let done = DispatchSemaphore(value: 0)

    private func run() {
        defer { done.signal() }
        let context = ShapingContext()
        for k in 0..<count {
            let index = first + k
            condition.lock()
            while !cancelled && index >= consumed + window { condition.wait() }
            let stop = cancelled
            condition.unlock()
            if stop { return }
            let shaped = ShapingPipeline.shape(paragraph: index, of: storage, defaults: defaults, context: context)
            condition.lock()
            ready[index] = shaped
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The shaped paragraph `index`, waiting for the worker if needed; nil if this
    /// pipeline does not cover it.
    func take(_ index: Int) -> ShapedParagraph? {
        guard index >= first, index < first + count else { return nil }
        condition.lock()
        defer { condition.unlock() }
        while ready[index] == nil && !cancelled { condition.wait() }
        let p = ready.removeValue(forKey: index)
        consumed = max(consumed, index + 1)
        condition.broadcast()
        return p
    }

    /// Stops the worker and waits until it has stopped reading the storage.
    func cancel() {
        condition.lock()
        let wasCancelled = cancelled
        cancelled = true
        condition.broadcast()
        condition.unlock()
        if !wasCancelled { done.wait() }
    }
}
