import CNumberFormat
import Foundation
import XCTest

/// The program's own `snprintf` (Sources/CNumberFormat) writes the numbers of cairo's PDFs:
/// it must write exactly what the C library writes, for every value, width and buffer size,
/// or leave the call to it.
final class NumberFormatTests: XCTestCase {
    /// Both ways, into a buffer of `size` bytes: (return value, bytes stored).
    private func both(_ format: String, _ arguments: [CVarArg], size: Int = 64) -> (ours: (Int32, String)?, libc: (Int32, String)) {
        func run(_ body: (UnsafeMutablePointer<CChar>, Int, CVaListPointer) -> Int32) -> (Int32, String) {
            var buffer = [CChar](repeating: 0x7F, count: max(size, 1) + 1)
            let written = buffer.withUnsafeMutableBufferPointer { b in
                withVaList(arguments) { body(b.baseAddress!, size, $0) }
            }
            // What was stored, up to the terminating zero (and the guard byte untouched).
            XCTAssertEqual(buffer[max(size, 1)], 0x7F, "wrote past the buffer: \(format)")
            guard written >= 0, size > 0, let end = buffer.firstIndex(of: 0) else { return (written, "") }
            let stored = String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return (written, stored)
        }
        let libc = run { vsnprintf($0, $1, format, $2) }
        let ours = run { folio_format_number($0, $1, format, $2) }
        return (ours.0 < 0 ? nil : ours, libc)
    }

    private func assertSame(_ format: String, _ arguments: [CVarArg], size: Int = 64, handled: Bool = true,
                            file: StaticString = #filePath, line: UInt = #line) {
        let (ours, libc) = both(format, arguments, size: size)
        guard let ours else {
            if handled { XCTFail("\(format) \(arguments) was left to the C library", file: file, line: line) }
            return
        }
        XCTAssertEqual(ours.0, libc.0, "\(format) \(arguments): length", file: file, line: line)
        XCTAssertEqual(ours.1, libc.1, "\(format) \(arguments)", file: file, line: line)
    }

    func testFixedPointIsTheCLibrarysOnRandomAndAwkwardValues() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 1.5, 2.5, -2.5, 0.1, 0.05, 1e-7, -1e-9, 5e-324, -5e-324,
                                2.2250738585072014e-308, 1e-300, 123456.75, 9007199254740991, 9007199254740993,
                                4_611_686_018_427_387_904, 9_223_372_036_854_775_807, 1e300, .greatestFiniteMagnitude,
                                .infinity, -.infinity, .nan, 595.2756, 841.8898, 0.0078125, 0.0000005, 0.00000049999999999]
        // Ties at every precision: odd multiples of a power of two (exact halves of the last
        // digit, which glibc rounds to even).
        for k in 1...300 { values.append(Double(2 * k + 1) / 128); values.append(-Double(2 * k + 1) / 1024) }
        for _ in 0..<20_000 {
            values.append(Double(Int.random(in: -2_000_000...2_000_000, using: &generator)) / 65536)
            values.append(Double.random(in: -1000...1000, using: &generator))
            values.append(Double.random(in: -0.1...0.1, using: &generator))
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
        }
        for value in values {
            let finiteAndSmall = value.isFinite && abs(value) < 0x1p63
            assertSame("%f", [value], handled: finiteAndSmall)
            assertSame("%.18f", [value], size: 400, handled: finiteAndSmall)
            for precision in [0, 1, 3, 7, 12] { assertSame("%.*f", [Int32(precision), value], size: 400, handled: finiteAndSmall) }
            assertSame("%.3f", [value], size: 400, handled: finiteAndSmall)
        }
        // Widths, padding and buffers too small, as C writes them ("%f" alone has a path
        // of its own).
        for value in [0.5, -3.25, 1234.5678, -0.0] {
            for size in [0, 1, 2, 5, 9, 10] { assertSame("%f", [value], size: size) }
            for format in ["%12f", "%012f", "%-12f", "%-012f", "%0*f", "%*f"] {
                let arguments: [CVarArg] = format.contains("*") ? [Int32(-15), value] : [value]
                for size in [0, 1, 2, 5, 64] { assertSame(format, arguments, size: size) }
            }
        }
    }

    func testIntegersAreTheCLibrarys() {
        var generator = SystemRandomNumberGenerator()
        var ints: [Int32] = [0, 1, -1, 7, 10, -10, 255, 256, .max, .min]
        var longs: [Int] = [0, 1, -1, .max, .min, 1 << 40]
        for _ in 0..<5_000 {
            ints.append(Int32.random(in: .min ... .max, using: &generator))
            longs.append(Int.random(in: .min ... .max, using: &generator))
        }
        for value in ints {
            for format in ["%d", "%i", "%u", "%x", "%X", "%o", "%03o", "%04x", "%02x", "%5d", "%-5d", "%05d"] {
                assertSame(format, [value])
            }
            for width in [Int32(0), 4, -6, 12] { assertSame("%0*x", [width, value]) }
        }
        for value in longs {
            for format in ["%ld", "%lu", "%010ld", "%lx", "%lld", "%zu", "%zd"] { assertSame(format, [value]) }
        }
        for size in [0, 1, 3, 4, 5] { assertSame("%d", [Int32(-1234)], size: size) }
    }

    /// Anything but one number is left to the C library, untouched.
    func testOtherFormatsAreLeftToTheCLibrary() {
        for (format, arguments) in [("CairoFont-%d-%d", [Int32(1), Int32(2)]), ("%s", ["x"]), ("%.5d", [Int32(3)]),
                                    ("%+d", [Int32(3)]), ("% f", [1.0]), ("%e", [1.0]), ("%g", [1.0]), ("%lf", [1.0]),
                                    ("%#x", [Int32(3)]), ("%%", []), ("x%d", [Int32(1)]), ("%d ", [Int32(1)])] as [(String, [CVarArg])] {
            assertSame(format, arguments, handled: false)
            XCTAssertNil(both(format, arguments).ours, format)
        }
    }

    /// Found by a reviewing pass: a width of INT_MIN (no opposite to take) and formats cut
    /// short before their conversion (which must not be read past their end) are left to
    /// the C library.
    func testAWidthOfIntMinAndCutFormatsAreLeftToTheCLibrary() {
        var buffer = [CChar](repeating: 0, count: 16)
        for format in ["%*d", "%*f", "%-*x", "%0*x"] {
            let arguments: [CVarArg] = format.hasSuffix("f") ? [Int32.min, 5.0] : [Int32.min, Int32(5)]
            XCTAssertEqual(withVaList(arguments) { folio_format_number(&buffer, 16, format, $0) }, -1, format)
        }
        XCTAssertEqual(withVaList([Int32(-4096), Int32(5)]) { folio_format_number(&buffer, 16, "%*d", $0) }, 4096)
        for format in ["%", "%l", "%5", "%-", "%.*", "%z", "%0"] {
            XCTAssertEqual(withVaList([Int32(1), Int32(2)]) { folio_format_number(&buffer, 16, format, $0) }, -1, format)
        }
    }

    /// cairo is given the program's `snprintf`: the dynamic linker finds this one first.
    func testTheDynamicLinkerGivesLibrariesTheProgramsSnprintf() throws {
        // RTLD_DEFAULT: the order the dynamic linker binds every library's calls in.
        guard let found = dlsym(nil, "snprintf"),
              let libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD), let libcs = dlsym(libc, "snprintf") else {
            return XCTFail("snprintf not found")
        }
        XCTAssertNotEqual(found, libcs, "libraries would call the C library's snprintf")
        let chk = try XCTUnwrap(dlsym(nil, "__snprintf_chk"))
        XCTAssertNotEqual(chk, dlsym(libc, "__snprintf_chk"))
    }
}
