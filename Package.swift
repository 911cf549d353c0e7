// swift-tools-version:6.0
import PackageDescription

// The pipeline's modules touch class-held arrays and tables on every cluster, glyph run
// and paragraph; in release builds they skip the dynamic exclusivity checks on them
// (a fifth of layout time in the breaker and shaper; 0.4 % of a book in the storage, the
// page writer and the Markdown reader). Debug builds, which the tests run, keep them.
let uncheckedExclusivity: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "Folio",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "FolioText", targets: ["FolioText"]),
        .library(name: "FolioLayout", targets: ["FolioLayout"]),
        .library(name: "FolioRender", targets: ["FolioRender"]),
        .library(name: "FolioMarkup", targets: ["FolioMarkup"]),
        .library(name: "FolioPages", targets: ["FolioPages"]),
        .library(name: "FolioDocument", targets: ["FolioDocument"]),
        .library(name: "FolioServe", targets: ["FolioServe"]),
        .executable(name: "folio", targets: ["folio"]),
        .executable(name: "folio-serve", targets: ["folio-serve"]),
        .executable(name: "folio-bench", targets: ["folio-bench"]),
        .executable(name: "folio-fuzz", targets: ["folio-fuzz"]),
        .executable(name: "folio-examples", targets: ["folio-examples"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // `swift package generate-documentation --target FolioLayout`: the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C bridges: system libraries found through pkg-config (libhyphen ships no .pc file).
        .systemLibrary(name: "CPango", path: "Sources/CPango", pkgConfig: "pangocairo pangoft2",
                       providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CHyphen", path: "Sources/CHyphen",
                       providers: [.apt(["libhyphen-dev", "hyphen-en-us"])]),
        .systemLibrary(name: "CCmark", path: "Sources/CCmark", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // libFuzzer's driver, declared only (scripts/fuzz.sh links it).
        .systemLibrary(name: "CFuzzing", path: "Sources/CFuzzing"),
        .systemLibrary(name: "CPCRE2", path: "Sources/CPCRE2", pkgConfig: "libpcre2-8",
                       providers: [.apt(["libpcre2-dev"])]),
        .systemLibrary(name: "CArchive", path: "Sources/CArchive", pkgConfig: "libarchive",
                       providers: [.apt(["libarchive-dev"])]),

        // The pipeline, one direction only.
        .target(name: "FolioText", swiftSettings: uncheckedExclusivity),
        .target(name: "FolioLayout", dependencies: ["FolioText", "CPango", "CFriBidi", "CHyphen"],
                swiftSettings: uncheckedExclusivity),
        // cairo's number printing, exact and fast: the program's own `snprintf`, which the
        // dynamic linker gives cairo (Sources/CNumberFormat/number_format.c says why).
        .target(name: "CNumberFormat", linkerSettings: [.linkedLibrary("m")]),   // fegetround
        .target(name: "FolioRender", dependencies: ["FolioText", "FolioLayout", "CCairo", "CPango", "CNumberFormat"],
                swiftSettings: uncheckedExclusivity),
        // The document layer. The input side: Markdown, front matter, templates and
        // styles read into a styled storage.
        .target(name: "FolioMarkup", dependencies: [
            "FolioText", "FolioLayout", "FolioRender", "CCmark", "CPCRE2",
            .product(name: "Yams", package: "Yams"),
            .product(name: "CSV", package: "CSV.swift"),
            .product(name: "Mustache", package: "swift-mustache"),
        ], swiftSettings: uncheckedExclusivity, plugins: ["EmbedTemplates"]),
        // The page builder: page geometry, masters and frames, composition, and the
        // renderer that streams pages to PDF.
        .target(name: "FolioPages", dependencies: ["FolioMarkup", "FolioLayout", "FolioRender"],
                swiftSettings: uncheckedExclusivity),
        // One document through both: RenderJob and the command line's overrides.
        .target(name: "FolioDocument", dependencies: ["FolioMarkup", "FolioPages"]),
        // `folio serve`: the rendering service (HTTP on Hummingbird, Prometheus metrics).
        .target(name: "FolioServe", dependencies: [
            "FolioDocument",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "MultipartKit", package: "multipart-kit"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            "CArchive",
        ]),
        // The built-in templates (Templates/) compiled into the binary.
        .executableTarget(name: "folio-embed", path: "Sources/folio-embed"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["folio-embed"],
                path: "Sources/EmbedTemplatesPlugin"),
        .executableTarget(name: "folio", dependencies: [
            "FolioDocument",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: [
            // Swift exports every symbol of an executable by default: 30 000 of them here,
            // which the dynamic loader searches first for each symbol it binds and whose
            // tables take 2 MB of memory. Nothing looks the binary's own symbols up
            // (backtraces read its symbol table, not the dynamic one). Start-up −1 ms,
            // peak memory −2 MB.
            .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux])),
        ]),
        // `folio serve`: the service's own program (`folio` runs it), so that the command
        // line loads none of the service's libraries.
        .executableTarget(name: "folio-serve", dependencies: [
            "FolioServe",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))]),
        .executableTarget(name: "folio-bench", dependencies: ["FolioDocument"]),
        // The fuzz targets: libFuzzer when built by scripts/fuzz.sh, a corpus replayer otherwise.
        .executableTarget(name: "folio-fuzz", dependencies: ["FolioDocument", "CFuzzing"]),

        // Examples: a library so the tests can run every one, and a runner executable.
        .target(name: "FolioExamples", dependencies: ["FolioDocument"], path: "Examples",
                exclude: ["README.md", "Runner", "sample.txt"], resources: [.copy("Documents")]),
        .executableTarget(name: "folio-examples", dependencies: ["FolioExamples"], path: "Examples/Runner"),

        .testTarget(name: "FolioTextTests", dependencies: ["FolioText", "FolioTestSupport"]),
        // Fonts: small test fonts read by path (see WordShapeCacheTests).
        .testTarget(name: "FolioLayoutTests", dependencies: ["FolioLayout", "FolioTestSupport"], exclude: ["Fonts"]),
        .testTarget(name: "FolioRenderTests", dependencies: ["FolioRender", "FolioDocument", "FolioTestSupport", "CNumberFormat"]),
        .testTarget(name: "FolioMarkupTests", dependencies: [
            "FolioMarkup", "FolioTestSupport", .product(name: "CSV", package: "CSV.swift"),
        ]),
        .testTarget(name: "FolioPagesTests", dependencies: ["FolioPages", "FolioTestSupport"]),
        .testTarget(name: "FolioDocumentTests", dependencies: ["FolioDocument", "FolioTestSupport"]),
        .testTarget(name: "FolioCLITests", dependencies: ["FolioDocument", "folio", "folio-serve", "FolioTestSupport"]),
        .testTarget(name: "FolioServeTests", dependencies: [
            "FolioServe", "FolioTestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            "CArchive",
        ]),
        .testTarget(name: "ExamplesTests", dependencies: ["FolioExamples", "FolioTestSupport"]),
        // Shared by the tests: running folio and other processes, temporary folders, the
        // poppler/qpdf tools, and skipping (failing under CI=true) when one is missing.
        .target(name: "FolioTestSupport", path: "Tests/FolioTestSupport"),
    ],
    swiftLanguageModes: [.v6]
)
