/// How folios are written.
public enum PageNumbering: String, Hashable, Sendable, CaseIterable {
    /// `arabic` 1, 2, 3; `roman` i, ii, iii; `upperRoman` I, II, III (written `Roman` in
    /// `template.yaml`).
    case arabic, roman, upperRoman = "Roman"
}
