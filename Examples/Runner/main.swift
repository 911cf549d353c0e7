// Runs Folio's examples: `folio-examples [DIR] [NAME…]` writes each example's PDF into
// DIR (default: out/examples).
import FolioExamples
import Foundation

var args = Array(CommandLine.arguments.dropFirst())
let dir = args.isEmpty ? "out/examples" : args.removeFirst()
try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
for example in Example.all where args.isEmpty || args.contains(example.name) {
    let path = try example.run(dir)
    print("\(path): \(example.summary)")
}
