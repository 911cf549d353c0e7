import Foundation

/// Shapes paragraphs on a second thread, ahead of the line breaker: shaping is most of
/// the work of setting a book, and breaking and drawing can go on meanwhile.
///
/// The storage is read once, up front, on the caller's thread (the storage is not
/// thread-safe); the worker owns its own Pango context, as Pango requires.
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
    private let inputs: [Input]
    private let defaults: LayoutDefaults
    /// How far the worker may run ahead (bounds memory).
    private let window = 256

    init(storage: TextStorage, defaults: LayoutDefaults, from first: Int) {
        self.first = first
        self.consumed = first
        self.defaults = defaults
        var inputs: [Input] = []
        inputs.reserveCapacity(max(0, storage.paragraphCount - first))
        for i in first..<storage.paragraphCount { inputs.append(ShapingPipeline.input(paragraph: i, of: storage)) }
        self.inputs = inputs
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

    private func run() {
        let context = ShapingContext()
        for (k, input) in inputs.enumerated() {
            let index = first + k
            condition.lock()
            while !cancelled && index >= consumed + window { condition.wait() }
            let stop = cancelled
            condition.unlock()
            if stop { return }
            let shaped = context.shapeParagraph(text: input.text, storageOffset: input.offset, attributeRuns: input.runs,
                                                style: input.style, defaults: defaults)
            condition.lock()
            ready[index] = shaped
            condition.broadcast()
            condition.unlock()
        }
        // Keep the context (and its fonts) alive while shaped paragraphs refer to them:
        // fonts hold their own references, so the context may go.
    }

    /// The shaped paragraph `index`, waiting for the worker if needed; nil if this
    /// pipeline does not cover it.
    func take(_ index: Int) -> ShapedParagraph? {
        guard index >= first, index < first + inputs.count else { return nil }
        condition.lock()
        defer { condition.unlock() }
        while ready[index] == nil && !cancelled { condition.wait() }
        let p = ready.removeValue(forKey: index)
        consumed = max(consumed, index + 1)
        condition.broadcast()
        return p
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
