import Foundation

extension RenderSession {
    /// One document of a sequence set into a session (`render(count:jobs:make:progress:finished:)`):
    /// a mail merge's record.
    public struct SequenceDocument {
        /// The built document.
        public var document: BuiltDocument
        /// Its top-level outline entry (see `render(_:outlineTitle:destinationScope:progress:)`).
        public var outlineTitle: String?
        /// The namespace of its anchors, so that its links go to its own headings.
        public var destinationScope: String?

        /// A document to set with an outline entry and anchors of its own, if given.
        public init(document: BuiltDocument, outlineTitle: String? = nil, destinationScope: String? = nil) {
            self.document = document
            self.outlineTitle = outlineTitle
            self.destinationScope = destinationScope
        }
    }

    /// What a thread setting a document of the sequence hands to the one drawing them.
    private enum Event {
        case start(SequenceDocument, totalPages: Int?)
        case page(LaidOutPage)
        case end(DocumentLayout.Outcome)
    }

    /// Sets `count` documents one after another, each on new pages, as
    /// `render(_:outlineTitle:destinationScope:progress:)` sets one; document `i` is what
    /// `make(i)` gives. With `jobs` above 1, that many threads work: this one draws the
    /// pages, in order, while `jobs - 1` others make documents and lay them out (`make` must
    /// allow that) — the PDF is the same, byte for byte, as with one job. (Drawing into the
    /// one PDF is a third of the work and cannot be shared; a second thread laying out beside
    /// it on two cores was measured no faster.) At most `jobs` documents are in hand at a
    /// time, so memory does not grow with `count`.
    ///
    /// `finished(i, document, report)` is called after document `i` is set, in order;
    /// `progress` gets the document's index, its own page number and the fraction of it
    /// done. The first error, in document order, stops the sequence and is thrown.
    public func render(count: Int, jobs: Int, make: @escaping (Int) throws -> SequenceDocument,
                       progress: ((_ index: Int, _ page: Int, _ fractionDone: Double) -> Void)? = nil,
                       finished: (Int, BuiltDocument, RenderReport) throws -> Void) throws {
        if jobs <= 1 || count <= 1 {
            for i in 0..<count {
                let d = try make(i)
                let report = try render(d.document, outlineTitle: d.outlineTitle, destinationScope: d.destinationScope) { page, done in
                    progress?(i, page, done)
                }
                try finished(i, d.document, report)
            }
            return
        }
        let layout = self.layout
        let streams = OrderedStreams<Event>(count: count, jobs: jobs - 1) { i, emit in
            var d = try make(i)
            layout.resolvePageReferences(in: &d.document)
            let counted = layout.pageCount(of: d.document)
            try emit(.start(d, totalPages: counted.total))
            var stopped = false
            let outcome = withoutActuallyEscaping(emit) { emit in
                layout.layOut(d.document, counted: counted, onPage: { page, _ in
                    guard !stopped else { return }
                    do { try emit(.page(page)) } catch { stopped = true }
                })
            }
            if stopped { throw OrderedStreams<Event>.Cancelled() }
            try emit(.end(outcome))
        }
        var writer: PageWriter?
        var current: SequenceDocument?
        try streams.run { i, event in
            switch event {
            case .start(let d, let totalPages):
                current = d
                writer = makeWriter(d.document, totalPages: totalPages, outlineTitle: d.outlineTitle, scope: d.destinationScope)
            case .page(let page):
                writer!.write(page) { $0.endPage() }
                progress?(i, page.page.number, page.fractionDone)
            case .end(let outcome):
                let report = try finish(writer!, outcome)
                try finished(i, current!.document, report)
                writer = nil
                current = nil
            }
        }
    }
}
