// The second thread: paragraphs shaped ahead of the breaker, and jobs handed over
// (a finished page written out) while layout goes on.

extension LayoutManager {
    /// Turns on `shapesInBackground`.
    public func shapeInBackground() { shapesInBackground = true }

    func startWorker() {
        guard shapesInBackground, worker == nil, records.count + 32 < settledParagraphCount else { return }
        // Speculate for the column the flow is in (or the last one), when it is a plain
        // rectangle: most paragraphs of a document of like pages will get its width.
        var column: BackgroundWorker.Column? = nil
        _ = container(at: cursor.containerIndex, ask: true)
        if let c = cursor.containerIndex < textContainers.count ? textContainers[cursor.containerIndex] : textContainers.last,
           c.isSimpleRectangle {
            column = .init(width: c.contentRect.width, padding: c.lineFragmentPadding, typesetting: typesetting)
        }
        worker = BackgroundWorker(storage: textStorage, defaults: defaults, typesetting: typesetting, from: records.count,
                                  through: settledParagraphCount, column: column, shaping: shapingPool,
                                  storageLock: textSupplier == nil ? nil : storageLock)
    }

    /// Runs `job` on the thread shaping ahead (see `shapesInBackground`), before the next
    /// paragraph it shapes, so that it overlaps with layout on this thread; jobs run in
    /// the order they are handed over. Nil when no such thread runs now: the caller does
    /// the job itself. A renderer writes a finished page this way while the next is laid
    /// out; `job` must not touch this layout manager or its storage.
    public func performOnWorkerThread(_ job: @escaping @Sendable () -> Void) -> BackgroundJob? {
        worker?.perform(job)
    }

    /// Returns once `job` is done, shaping paragraphs ahead on this thread meanwhile.
    public func wait(for job: BackgroundJob) {
        // Without a worker thread now, the one the job went to has run it and stopped.
        if let worker { worker.wait(for: job, context: context) } else { precondition(job.isDone, "a background job was lost") }
    }

    func stopWorker() {
        worker?.cancel()
        worker = nil
    }

    /// How many shaped paragraphs are kept for laying out again (`recentlyShaped`).
    static let recentlyShapedLimit = 48

    func shapedParagraph(_ index: Int) -> ShapedParagraph {
        let column = column(forShaping: cursor.containerIndex)
        // Laid out again (for widows, orphans, a line more or less, a block at a column's
        // top): the same text shaped for the same column, kept from the first time.
        if let kept = recentlyShaped.first(where: { $0.index == index }), kept.width == column?.width, kept.padding == column?.padding {
            return kept.paragraph
        }
        let p: ShapedParagraph
        if let worker, let taken = worker.take(index, context: context) {
            p = taken
        } else {
            p = BackgroundWorker.shape(paragraph: index, of: textStorage, defaults: defaults, typesetting: typesetting,
                                       column: column, context: context)
        }
        if recentlyShaped.count >= Self.recentlyShapedLimit { recentlyShaped.removeFirst() }
        recentlyShaped.append((index, column?.width, column?.padding, p))
        return p
    }

    /// The column a paragraph about to be set in container `index` is shaped for: that
    /// container, or — not made yet — the last one, which the next is most likely like.
    func column(forShaping index: Int) -> BackgroundWorker.Column? {
        guard let c = index < textContainers.count ? textContainers[index] : textContainers.last else { return nil }
        return .init(width: c.contentRect.width, padding: c.lineFragmentPadding, typesetting: typesetting)
    }
}
