import Foundation
#if FUZZING
import CFuzzing
#endif

// folio-fuzz TARGET [libFuzzer flags and corpus folders]: built by scripts/fuzz.sh with
// -sanitize=fuzzer,address -DFUZZING, it runs libFuzzer on one target. Built plainly (as
// `swift build` does), it replays files through the target instead: the tests run the
// corpus that way, so a crash the fuzzer once found stays fixed.

var arguments = CommandLine.arguments
guard arguments.count >= 2, arguments[1] != "--list", let target = FuzzTarget.all.first(where: { $0.name == arguments[1] }) else {
    print("usage: folio-fuzz TARGET [files or libFuzzer flags]; targets:")
    for t in FuzzTarget.all { print("  \(t.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(t.summary)") }
    exit(arguments.count >= 2 && arguments[1] == "--list" ? 0 : 2)
}
nonisolated(unsafe) var selected = target
arguments.remove(at: 1)

#if FUZZING
var argc = Int32(arguments.count)
var cStrings = arguments.map { strdup($0) } + [nil]
cStrings.withUnsafeMutableBufferPointer { buffer in
    var argv = buffer.baseAddress
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        selected.run(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    })
}
#else
var count = 0
for path in arguments.dropFirst() {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
    let files = isDirectory.boolValue
        ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 } : [path]
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        selected.run(Array(data))
        count += 1
    }
}
print("folio-fuzz \(selected.name): \(count) inputs replayed")
#endif
