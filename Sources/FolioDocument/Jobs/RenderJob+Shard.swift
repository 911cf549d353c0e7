extension RenderJob {
    /// `--shard I/N`: the records whose 0-based index `i` has `i % count == index`.
    public struct Shard: Sendable, Hashable, CustomStringConvertible {
        /// This shard's 0-based index, below `count`.
        public var index: Int
        /// How many shards the records are split into (at least 1).
        public var count: Int

        /// Reads `I/N`, with 0 ≤ I < N and N ≥ 1; anything else is an error saying why.
        public init(parsing text: String) throws {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let i = Int(parts[0].trimmingCharacters(in: .whitespaces)),
                  let n = Int(parts[1].trimmingCharacters(in: .whitespaces)) else {
                throw ShardError(description: "--shard takes I/N, this shard's index and the number of shards, such as 0/8 (got '\(text)')")
            }
            guard n >= 1 else { throw ShardError(description: "--shard \(text): the number of shards must be at least 1") }
            guard i >= 0, i < n else {
                throw ShardError(description: "--shard \(text): the index must be from 0 to \(n - 1) (0-based, below the number of shards)")
            }
            index = i
            count = n
        }

        /// Whether record `i` (0-based) is this shard's.
        public func contains(_ i: Int) -> Bool { i % count == index }

        /// `I/N`, as the flag writes it.
        public var description: String { "\(index)/\(count)" }
    }

    /// A `--shard` value that is not `I/N` with 0 ≤ I < N.
    public struct ShardError: Error, CustomStringConvertible {
        /// What was wrong, naming the flag and the value.
        public var description: String
    }
}
