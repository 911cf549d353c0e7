/// An effect drawn on a run's glyphs: TextKit's `NSAttributedString.TextEffectStyle`.
public enum TextEffect: String, Hashable, Sendable, CaseIterable {
    /// Letters pressed into the paper, as TextKit's `letterpressStyle`: a light edge below
    /// them, a faint shadow above, and a shade along the inside of their top edges — drawn
    /// as vectors, the text itself still selectable and copied as it is.
    case letterpress
}
