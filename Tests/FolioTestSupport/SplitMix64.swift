/// A small, well-mixed random generator whose sequence is fixed by its seed (SplitMix64),
/// so a randomized or fuzz test that fails fails the same way again.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from 0 up to `n` (exclusive; 0 when `n` ≤ 1).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }

    /// One of `options`, which must not be empty.
    public mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
}
