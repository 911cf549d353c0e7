import CPCRE2
import Foundation

/// A template rule's regular expression, compiled by PCRE2 for UTF-8 text (Perl syntax;
/// `\w`, `\d` and `\b` know Unicode), matched within a step budget.
///
/// A backtracking pattern such as `(a|aa)+b` can take exponential time on a short line; PCRE2
/// counts its steps and stops at `stepLimit`, and the rule is reported instead of the
/// render hanging.
final class RulePattern: @unchecked Sendable {
    /// The most backtracking steps one search of a paragraph may take (PCRE2's match limit).
    static let stepLimit: UInt32 = 10_000_000
    /// The most memory PCRE2 may use for backtracking in one search, in kibibytes.
    static let heapLimitKiB: UInt32 = 64 * 1024

    /// Why a pattern cannot be used: its compile error, or a match over budget.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One match: its byte range in the text searched, and the replacement text when asked.
    struct Match {
        let range: Range<Int>
        let replacement: String?
    }

    let source: String
    private let code: OpaquePointer
    private let context: OpaquePointer
    private let lock = NSLock()

    init(_ pattern: String) throws {
        source = pattern
        var errorCode: Int32 = 0
        var errorOffset = 0
        let options = UInt32(PCRE2_UTF) | UInt32(PCRE2_UCP)
        let compiled = Array(pattern.utf8).withUnsafeBufferPointer { bytes in
            pcre2_compile_8(bytes.baseAddress, bytes.count, options, &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw Failure(description: "'\(pattern)' is not a valid regular expression: \(RulePattern.message(errorCode)) at character \(errorOffset + 1)")
        }
        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            throw Failure(description: "'\(pattern)': out of memory")
        }
        pcre2_set_match_limit_8(context, Self.stepLimit)
        pcre2_set_heap_limit_8(context, Self.heapLimitKiB)
        code = compiled
        self.context = context
    }

    deinit {
        pcre2_match_context_free_8(context)
        pcre2_code_free_8(code)
    }

    /// Every non-overlapping match in `text`, left to right, with `template` (`$1`, `${name}`,
    /// `$$`) expanded for each when given. Throws when the search runs over its budget.
    func matches(in text: [UInt8], replacing template: String? = nil) throws -> [Match] {
        // Match data holds per-search state: one search at a time per pattern.
        lock.lock()
        defer { lock.unlock() }
        guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else { return [] }
        defer { pcre2_match_data_free_8(data) }
        var found: [Match] = []
        try text.withUnsafeBufferPointer { subject in
            let base = subject.baseAddress ?? UnsafePointer(bitPattern: 1)!
            var start = 0
            while start <= subject.count {
                let rc = pcre2_match_8(code, base, subject.count, start, UInt32(PCRE2_NO_UTF_CHECK), data, context)
                if rc == PCRE2_ERROR_NOMATCH { break }
                if rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT {
                    throw Failure(description: "the rule '\(source)' takes more than \(Self.stepLimit / 1_000_000) million steps to search one paragraph (a pattern that backtracks, such as a repetition inside a repetition); rewrite it")
                }
                if rc < 0 { throw Failure(description: "the rule '\(source)' could not be matched: \(RulePattern.message(rc))") }
                let ovector = pcre2_get_ovector_pointer_8(data)!
                let lo = ovector[0], hi = ovector[1]
                if hi > lo {
                    found.append(Match(range: lo..<hi, replacement: try template.map { try replacement($0, subject: base, length: subject.count, data: data) }))
                    start = hi
                } else {
                    // An empty match: step over one character.
                    start = lo + 1
                    while start < subject.count, subject[start] & 0xC0 == 0x80 { start += 1 }
                }
            }
        }
        return found
    }

    /// `template` expanded for the match in `data` (PCRE2's substitution syntax).
    private func replacement(_ template: String, subject: UnsafePointer<UInt8>, length: Int,
                             data: OpaquePointer) throws -> String {
        let options = UInt32(PCRE2_SUBSTITUTE_MATCHED) | UInt32(PCRE2_SUBSTITUTE_REPLACEMENT_ONLY)
            | UInt32(PCRE2_SUBSTITUTE_OVERFLOW_LENGTH) | UInt32(PCRE2_NO_UTF_CHECK)
        let replacement = Array(template.utf8)
        var size = max(64, replacement.count * 2)
        for _ in 0..<2 {
            var output = [UInt8](repeating: 0, count: size + 1)
            var outLength = size + 1
            let rc = replacement.withUnsafeBufferPointer { r in
                pcre2_substitute_8(code, subject, length, 0, options, data, context,
                                   r.baseAddress ?? UnsafePointer(bitPattern: 1)!, r.count, &output, &outLength)
            }
            if rc >= 0 { return String(decoding: output[0..<outLength], as: UTF8.self) }
            guard rc == PCRE2_ERROR_NOMEMORY else {
                throw Failure(description: "the replacement '\(template)' of the rule '\(source)': \(RulePattern.message(rc))")
            }
            size = outLength
        }
        throw Failure(description: "the replacement '\(template)' of the rule '\(source)' is too long")
    }

    private static func message(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = pcre2_get_error_message_8(code, &buffer, buffer.count)
        return n > 0 ? String(decoding: buffer[0..<Int(n)], as: UTF8.self) : "error \(code)"
    }
}
