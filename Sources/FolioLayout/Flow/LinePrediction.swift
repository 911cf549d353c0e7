/// The lines of a paragraph predicted before it is broken: where each would go at the
/// paragraph's nominal line height (the breaker asks their widths), the cursor after the
/// last, and whether the chain of containers ran out.
///
/// The breaker's width callback fills it as it asks; one object for the three, rather
/// than three variables the callback captures and Swift boxes one by one.
final class LinePrediction {
    var slots: [LineSlot] = []
    var cursor: FlowCursor
    var chainEnds = false

    init(cursor: FlowCursor) { self.cursor = cursor }
}
