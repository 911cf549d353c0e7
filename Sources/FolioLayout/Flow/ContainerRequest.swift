/// Why the layout manager asks its delegate for another container.
public struct ContainerRequest: Sendable, Hashable {
    /// Storage offset (UTF-8) of the first text that will go in the new container.
    public var characterIndex: Int
    /// `.none` when the last container is full; otherwise the break the paragraph at
    /// `characterIndex` asks for.
    public var breakBefore: BreakBefore
    /// A request for a container starting at storage offset `characterIndex` (UTF-8 bytes).
    public init(characterIndex: Int, breakBefore: BreakBefore) {
        self.characterIndex = characterIndex; self.breakBefore = breakBefore
    }
}
