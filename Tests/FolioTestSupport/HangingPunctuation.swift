/// How far a justified line's glyphs may reach past its measure: punctuation hanging into
/// the margin (character protrusion, on by default), at most 70 % of a hyphen or a period,
/// under 3 pt at 10 pt.
public let hangingAllowance = 3.0

/// Marks that hang into the right margin at a justified line's end.
public let hangingAtEnd: Set<Character> = [".", ",", "-", ":", ";", "!", "?", ")", "]", "\"", "'", "”", "’", "–", "—", "…", "»", "›"]

/// Marks that hang into the left margin at a justified line's start.
public let hangingAtStart: Set<Character> = ["“", "‘", "„", "\"", "'", "(", "[", "«", "‹"]

/// Whether a justified line ending in `text` (its last word) may hang past the measure.
public func hangsAtEnd(_ text: String) -> Bool { text.last.map { hangingAtEnd.contains($0) } ?? false }
