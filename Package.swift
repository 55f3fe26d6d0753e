// swift-tools-version: 6.0
// carousel-site: a static web slideshow generator. No package dependencies: everything a library
// would do elsewhere (Mustache, argument parsing, SHA-256, the dev server) lives in this package.
import PackageDescription

let package = Package(
    name: "carousel-site",
    products: [
        .executable(name: "carousel-site", targets: ["carousel-site"]),
        .library(name: "CarouselSiteKit", targets: ["CarouselSiteKit"]),
    ],
    targets: [
        // The engine: config, feeds, images, rendering and output, as pipeline stages.
        .target(
            name: "CarouselSiteKit",
            dependencies: ["Mustache", "CZlib"],
            plugins: ["EmbedTheme"]
        ),
        // The system zlib (part of every Linux and macOS base system), for gzip output.
        .systemLibrary(name: "CZlib"),
        // A spec-compliant Mustache engine, with inheritance, on its own.
        .target(name: "Mustache"),
        // Subcommands, flags and options with generated help and usage errors (exit 64).
        .target(name: "ArgumentParsing"),
        // The command-line tool: parses arguments, runs the engine, prints diagnostics.
        .executableTarget(
            name: "carousel-site",
            dependencies: ["CarouselSiteKit", "ArgumentParsing"]
        ),
        // Turns the default theme in Templates/ into Swift source, so the binary carries it.
        .executableTarget(name: "ThemeEmbedder"),
        .plugin(
            name: "EmbedTheme",
            capability: .buildTool(),
            dependencies: ["ThemeEmbedder"]
        ),
        // Runs the public test suites in the shared corpora (JSON, feeds, plists, Mustache, images).
        .executableTarget(
            name: "Conformance",
            dependencies: ["CarouselSiteKit", "Mustache"]
        ),
        // Times the Mustache engine on a 1,000-slide page; run by Benchmarks/mustache-render.sh.
        .executableTarget(name: "MustacheBenchmark", dependencies: ["Mustache"], path: "Benchmarks/MustacheBenchmark"),
        // Derives responsive images for given files as a build does; run by
        // Benchmarks/responsive-images.sh.
        .executableTarget(name: "ResponsiveImagesBenchmark", dependencies: ["CarouselSiteKit"], path: "Benchmarks/ResponsiveImagesBenchmark"),
        .testTarget(name: "CarouselSiteKitTests", dependencies: ["CarouselSiteKit"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
    ],
    swiftLanguageModes: [.v5]
)
