/// The bounds every data file is read within, so hostile input fails with a clear error
/// instead of exhausting memory, the stack or the clock.
public enum DataLimits {
    /// The largest data file read, in bytes (512 MB). A larger file is refused before any
    /// of it is read.
    public static let maximumFileBytes = 512 * 1024 * 1024

    /// The deepest nesting of arrays and objects (64 levels; a top-level array of records
    /// with one nested object is 2). Deeper data is refused with the place where the 65th
    /// level opens.
    public static let maximumDepth = 64

    /// The most values a YAML file may expand to once its aliases are followed
    /// (1 000 000; for a list read one item at a time, see `DataRecords`, each item). Aliases repeat a subtree without repeating its text, so a small file
    /// can describe a billion values ("billion laughs"); JSON and CSV have no aliases and
    /// are bounded by `maximumFileBytes`.
    public static let maximumYAMLValues = 1_000_000
}
