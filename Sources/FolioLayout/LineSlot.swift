/// Where one line fragment goes: a container, a rect in it, and the text area within.
struct LineSlot: Equatable {
    var containerIndex: Int
    /// The fragment rect as the container gave it (padding included).
    var rect: Rect
    /// Left edge of the text area (after padding and indents), container coordinates.
    var textX: Double
    /// Width of the text area.
    var textWidth: Double
    /// The indent on the leading side, for placing tab stops.
    var leadingIndent: Double
    /// Lines already in the container when this one starts.
    var lineInContainer: Int
    /// This fragment is the first or last one at its y.
    var opensLine: Bool
    var closesLine: Bool
}

/// The position where the next line goes: container, y, and which fragment of the
/// current line band (when an obstacle splits lines) comes next.
struct FlowCursor: Equatable {
    var containerIndex: Int
    var y: Double
    var linesInContainer: Int
    /// Fragments of the band being filled at `y` and the next one's index; empty when
    /// the next line starts a new band.
    var band: [Rect] = []
    var bandIndex = 0
    var bandHeight = 0.0
}
