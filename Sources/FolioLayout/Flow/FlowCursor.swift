/// The position where the next line goes: container, y, and which fragment of the
/// current line band (when an obstacle splits lines) comes next.
struct FlowCursor: Equatable {
    var containerIndex: Int
    var y: Double
    var linesInContainer: Int
    /// Fragments of the band being filled at `y` and the next one's index; empty when
    /// the next line starts a new band.
    var band: LineBand = []
    var bandIndex = 0
    var bandHeight = 0.0
}
