import FolioText
import CHyphen
import Foundation

/// Finds hyphenation points with libhyphen and the dictionaries Debian ships in
/// `/usr/share/hyphen` (`hyphen-en-us`, `hyphen-de`, …). A dictionary is found by
/// language tag: `en-US` tries `hyph_en_US.dic`, then `hyph_en.dic`.
public final class Hyphenator: @unchecked Sendable {
    /// Folders searched for `hyph_*.dic` files, in order.
    public static let searchPaths = ["/usr/share/hyphen", "/usr/local/share/hyphen"]

    /// The language whose dictionary hyphenates the words of text in `language`:
    /// Chinese, Japanese and Korean are not hyphenated, and the Latin words among them
    /// are taken as English.
    public static func dictionaryLanguage(for language: String) -> String {
        let l = language.lowercased()
        return l.hasPrefix("zh") || l.hasPrefix("ja") || l.hasPrefix("ko") ? "en-US" : language
    }

    /// The dictionary for `language`, loaded once per process; nil when none is installed.
    public static func forLanguage(_ language: String) -> Hyphenator? {
        let key = language.lowercased()
        cacheLock.lock(); defer { cacheLock.unlock() }
        if let cached = cache[key] { return cached }
        let found = dictionaryPath(for: language).flatMap { Hyphenator(path: $0, language: language) }
        cache[key] = .some(found)
        return found
    }

    /// The dictionary file that would be used for `language`.
    public static func dictionaryPath(for language: String) -> String? {
        // A file name is made of it: nothing but a language tag.
        guard LanguageTag.isWellFormed(language) else { return nil }
        let parts = language.replacingOccurrences(of: "-", with: "_").split(separator: "_")
        guard let lang = parts.first?.lowercased() else { return nil }
        var names: [String] = []
        if parts.count > 1 { names.append("hyph_\(lang)_\(parts[1].uppercased()).dic") }
        names.append("hyph_\(lang).dic")
        for dir in searchPaths {
            for name in names {
                let path = "\(dir)/\(name)"
                if FileManager.default.isReadableFile(atPath: path) { return path }
            }
            // Any regional dictionary of the language, e.g. hyph_de_DE.dic for "de".
            if let other = (try? FileManager.default.contentsOfDirectory(atPath: dir))?
                .sorted().first(where: { $0.hasPrefix("hyph_\(lang)_") && $0.hasSuffix(".dic") }) {
                return "\(dir)/\(other)"
            }
        }
        return nil
    }

    /// The language tag the dictionary was asked for (`en-US`, `de`), as given.
    public let language: String
    /// Fewest characters kept before and after a hyphen.
    public var leftMinimum = 2, rightMinimum = 3

    private let dict: UnsafeMutablePointer<HyphenDict>
    // libhyphen keeps scratch state in the dictionary only during a call; calls are
    // serialised so one dictionary can serve every thread.
    private let lock = NSLock()

    private nonisolated(unsafe) static var cache: [String: Hyphenator?] = [:]
    private static let cacheLock = NSLock()

    /// Bits of a word's hash the memo keys it by: all of them, but for a test that makes
    /// words collide.
    private let keyMask: UInt64

    init?(path: String, language: String, keyMask: UInt64 = .max) {
        guard let d = hnj_hyphen_load(path) else { return nil }
        dict = d
        self.language = language
        self.keyMask = keyMask
    }

    deinit { hnj_hyphen_free(dict) }

    /// The UTF-8 byte offsets within `word` after which a hyphen may go, ascending.
    /// `word` should be letters only; case does not matter.
    public func hyphenationPoints(in word: String) -> [Int] {
        Array(word.utf8).withUnsafeBufferPointer { hyphenationPoints(inUTF8: $0) }
    }

    /// As `hyphenationPoints(in:)`, for a word given as its UTF-8 bytes (the typesetter's
    /// path: no string is made for a word looked up before).
    func hyphenationPoints(inUTF8 word: UnsafeBufferPointer<UInt8>) -> [Int] {
        var points: [Int] = []
        hyphenationPoints(inUTF8: word, into: &points, adding: 0)
        return points
    }

    /// As `hyphenationPoints(inUTF8:)`, the points appended to `points` with `offset`
    /// added to each (the word's place in its paragraph): the typesetter's path, into one
    /// buffer for all of a paragraph's words.
    func hyphenationPoints(inUTF8 word: UnsafeBufferPointer<UInt8>, into points: inout [Int], adding offset: Int) {
        guard !word.isEmpty else { return }
        // Books repeat their words: each is looked up in the dictionary once.
        let key = UTF8Bytes.fnv1a(word) & keyMask
        lock.lock()
        let known = memo.append(pointsOf: word, key: key, to: &points, adding: offset)
        lock.unlock()
        if known { return }
        let found = lookUp(word)
        lock.lock()
        memo.remember(word, key: key, points: found)
        lock.unlock()
        for point in found { points.append(point + offset) }
    }

    private var memo = Memo()

    /// The words looked up so far and their points, in flat stores: a word is found by its
    /// hash and checked byte for byte (on a collision the first word keeps the slot).
    private struct Memo {
        /// Where a word's bytes and points lie in the stores.
        private struct Entry: HashSlotEntry {
            var key: UInt64
            var bytes: Int32
            var points: Int32
            var byteCount: UInt8
            var pointCount: UInt8
            var isOccupied: Bool { points >= 0 }
            static let empty = Entry(key: 0, bytes: 0, points: -1, byteCount: 0, pointCount: 0)
        }
        private var entries = HashSlots<Entry>()
        private var bytes: [UInt8] = []
        private var points: [UInt8] = []
        /// Past this many words the memo starts again (a generated text of endless
        /// distinct words must not grow it without end).
        static let capacity = 200_000

        /// Appends the points of `word`, if it is remembered, to `found`, `offset` added to
        /// each; false when it is not.
        func append(pointsOf word: UnsafeBufferPointer<UInt8>, key: UInt64, to found: inout [Int], adding offset: Int) -> Bool {
            guard let e = entries.entry(for: key), Int(e.byteCount) == word.count,
                  bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + Int(e.bytes), word.baseAddress!, word.count) == 0 })
            else { return false }
            for k in Int(e.points)..<(Int(e.points) + Int(e.pointCount)) { found.append(Int(points[k]) + offset) }
            return true
        }

        mutating func remember(_ word: UnsafeBufferPointer<UInt8>, key: UInt64, points found: [Int]) {
            // Points are offsets in a word of under 200 bytes (`lookUp` gives longer words
            // none, and they are not kept): they fit a byte, and so do their count.
            guard word.count < 200, found.allSatisfy({ $0 < 256 }) else { return }
            guard !entries.contains(key) else { return }
            if entries.count >= Self.capacity { entries.removeAll(); bytes.removeAll(); points.removeAll() }
            entries.insert(Entry(key: key, bytes: Int32(bytes.count), points: Int32(points.count),
                                 byteCount: UInt8(word.count), pointCount: UInt8(found.count)))
            bytes.append(contentsOf: word)
            for point in found { points.append(UInt8(point)) }
        }
    }

    private func lookUp(_ word: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard word.count >= leftMinimum + rightMinimum, word.count < 200 else { return [] }
        // libhyphen reads the word as a C string too (strstr): it needs its terminator.
        if word.allSatisfy({ $0 < 0x80 }) {
            // Lower-cased on the stack: most words are ASCII.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: word.count + 1) { lower in
                for i in word.indices { lower[i] = word[i] >= 0x41 && word[i] <= 0x5A ? word[i] | 0x20 : word[i] }
                lower[word.count] = 0
                return lookUp(terminated: UnsafeBufferPointer(lower))
            }
        }
        let lower = Array(String(decoding: word, as: UTF8.self).lowercased().utf8) + [0]
        // Lower-casing can change byte lengths (rare: İ); then offsets would not map back.
        guard lower.count == word.count + 1 else { return [] }
        return lower.withUnsafeBufferPointer { lookUp(terminated: $0) }
    }

    /// The points of a lower-cased word given with its terminating NUL.
    private func lookUp(terminated: UnsafeBufferPointer<UInt8>) -> [Int] {
        let count = terminated.count - 1
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 5) { hyphens in
            hyphens.initialize(repeating: 0)
            var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
            var pos: UnsafeMutablePointer<Int32>? = nil
            var cut: UnsafeMutablePointer<Int32>? = nil
            lock.lock()
            let status = terminated.withMemoryRebound(to: CChar.self) { w in
                hnj_hyphen_hyphenate3(dict, w.baseAddress, Int32(count), hyphens.baseAddress, nil, &rep, &pos, &cut,
                                      Int32(leftMinimum), Int32(rightMinimum), Int32(leftMinimum), Int32(rightMinimum))
            }
            lock.unlock()
            if let rep {
                for i in 0..<count { free(rep[i]) }
                free(rep)
            }
            free(pos); free(cut)
            guard status == 0 else { return [] }
            var points: [Int] = []
            for i in 0..<(count - 1) where hyphens[i] & 1 == 1 {
                // Offsets count bytes; only a byte that ends a UTF-8 sequence is a place.
                if terminated[i + 1] & 0xC0 != 0x80 { points.append(i + 1) }
            }
            return points
        }
    }
}
