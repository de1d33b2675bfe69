// swift-tools-version: 6.0
// The reference monorepo: the Loop runtime, its testing library, contracts and the sample apps.
// One package, Swift 6 language mode, strict concurrency, no package dependencies.

import PackageDescription

let package = Package(
  name: "LoopReference",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Loop", targets: ["Loop"]),
    .library(name: "LoopTesting", targets: ["LoopTesting"]),
    .library(name: "LoopContracts", targets: ["LoopContracts"]),
    .library(name: "LoopRecording", targets: ["LoopRecording"]),
    .library(name: "LoopSession", targets: ["LoopSession"]),
    .library(name: "MovieCatalog", targets: ["MovieCatalog"]),
    .library(name: "Terminal", targets: ["CommandLineParsing", "Terminal", "AppCLI"]),
    .executable(name: "conformance", targets: ["conformance"]),
    .executable(name: "movies", targets: ["MoviesApp"]),
    .executable(name: "movie-search", targets: ["SearchApp"]),
    .executable(name: "trails", targets: ["TrailsApp"]),
    .executable(name: "fixture-server", targets: ["FixtureServer"]),
    .executable(name: "loop-bench", targets: ["loop-bench"]),
    // `make new-feature NAME=Foo` inserts Foo's lines above each `new-feature:` line: the
    // lines below it (Templates/Feature's) up to the end of the list, renamed.
    // new-feature: products
    .executable(name: "template", targets: ["TemplateApp"]),
  ],
  targets: [
    // The one `Mutex` every module uses: Synchronization's, or under `make tsan` a
    // pthread-backed lock ThreadSanitizer can see (see the end of this file).
    .target(name: "LoopSynchronization", path: "Runtime/Sources/LoopSynchronization"),
    .target(
      name: "Loop", dependencies: ["LoopSynchronization"],
      path: "Runtime/Sources/Loop",
      // The store is generic over every feature's State and Event; without cross-module
      // optimization an app's release build runs it unspecialized, through generic metadata
      // lookups on every send (about 20x slower: `make bench`, B2).
      swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
    ),
    .testTarget(
      name: "LoopTests", dependencies: ["LoopSynchronization", "Loop", "TestSupport"],
      path: "Runtime/Tests/LoopTests"),
    .target(
      name: "LoopTesting", dependencies: ["LoopSynchronization", "Loop"],
      path: "Runtime/Sources/LoopTesting",
      // The same for the TestStore and its monitor, generic over the feature too: a release
      // build of a test runs a step in 2.3x fewer instructions with it (`make bench`, B7).
      swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
    ),
    .testTarget(
      name: "LoopTestingTests",
      dependencies: ["LoopSynchronization", "Loop", "LoopTesting", "TestSupport"],
      path: "Runtime/Tests/LoopTestingTests"
    ),
    .target(
      name: "LoopRecording", dependencies: ["LoopSynchronization", "Loop"],
      path: "Runtime/Sources/LoopRecording"),
    // LoopSession is LoopRecording under its 0.2 names, deprecated; removed in 0.4.
    .target(
      name: "LoopSession", dependencies: ["LoopRecording"], path: "Runtime/Sources/LoopSession"),
    .testTarget(
      name: "LoopRecordingTests",
      dependencies: ["Loop", "LoopRecording", "LoopSession", "TestSupport"],
      path: "Runtime/Tests/LoopRecordingTests"),
    .target(
      name: "LoopContracts",
      dependencies: ["LoopSynchronization", "Loop", "LoopTesting", "LoopRecording"],
      path: "Runtime/Sources/LoopContracts",
      // A replay checks every step through the contract, generic over the feature: without
      // it a release build looks up generic metadata on every step (`make bench`, B12).
      swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
    ),
    .testTarget(
      name: "LoopContractsTests",
      dependencies: ["LoopSynchronization", "Loop", "LoopTesting", "LoopContracts", "TestSupport"],
      path: "Runtime/Tests/LoopContractsTests"
    ),
    // The code examples of doc comments, compiled (scripts/doc-examples writes Generated/; the
    // names the examples assume are in Contexts/). It has no tests to run.
    .testTarget(
      name: "DocExamplesTests",
      dependencies: [
        "CalendarDay", "ConformanceSuite", "Fixtures", "HTTPRetry", "HTTPTransport",
        "HTTPTransportDoubles", "Loop", "LoopContracts", "LoopRecording", "LoopTesting",
        "MovieCatalog", "MovieCatalogRecording", "MoviesCLI", "MoviesContract", "MoviesFeature",
        "SearchContract",
        "SearchFeature",
        "TemplateFeature", "CommandLineParsing", "Terminal", "AppCLI", "TrailsFeature",
        "TrailsModel", "TrailsPersistence",
        "Weather",
      ],
      path: "Runtime/Tests/DocExamplesTests"),
    // The code examples of docs/ and the README, compiled apart: a page may sketch a feature's
    // own declarations (docs/CONTRACTS.md writes Movies' contract), so it does not see the real
    // ones.
    .testTarget(
      name: "DocPageExamplesTests",
      dependencies: [
        "CalendarDay", "Loop", "LoopContracts", "LoopTesting", "MovieCatalog", "MoviesFeature",
        "TrailsFeature", "TrailsModel", "TrailsPersistence",
      ],
      path: "Runtime/Tests/DocPageExamplesTests"),
    .target(
      name: "Fixtures",
      path: "Fixtures/Sources/Fixtures",
      resources: [.copy("Resources")]
    ),
    .testTarget(
      name: "FixturesTests", dependencies: ["Fixtures"], path: "Fixtures/Tests/FixturesTests"),
    .target(
      name: "HTTPRetry",
      path: "Apps/Shared/Sources/HTTPRetry"
    ),
    .testTarget(
      name: "HTTPRetryTests",
      dependencies: ["HTTPRetry"],
      path: "Apps/Shared/Tests/HTTPRetryTests"
    ),
    // libcurl's header and library, from the compiler's default paths (Debian's
    // libcurl4-openssl-dev, Fedora's libcurl-devel, Xcode's SDK), as `make deps` checks them.
    // No `pkgConfig`: where pkg-config has no libcurl.pc (a Mac without Homebrew) SwiftPM warns.
    .systemLibrary(
      name: "CCurl",
      path: "Apps/Shared/Sources/CCurl"
    ),
    .target(
      name: "HTTPTransport", dependencies: ["LoopSynchronization", "CCurl"],
      path: "Apps/Shared/Sources/HTTPTransport"),
    .testTarget(
      name: "HTTPTransportTests",
      dependencies: ["HTTPTransport", "TestSupport", "FixtureServer"],
      path: "Apps/Shared/Tests/HTTPTransportTests"
    ),
    .target(
      name: "MovieCatalog",
      dependencies: ["CalendarDay", "Fixtures", "HTTPRetry", "HTTPTransport"],
      path: "Apps/Shared/Sources/MovieCatalog"
    ),
    .target(name: "CalendarDay", path: "Apps/Shared/Sources/CalendarDay"),
    .testTarget(
      name: "CalendarDayTests", dependencies: ["CalendarDay"],
      path: "Apps/Shared/Tests/CalendarDayTests"),
    .target(
      name: "MovieCatalogRecording", dependencies: ["MovieCatalog", "LoopRecording"],
      path: "Apps/Shared/Sources/MovieCatalogRecording"),
    .testTarget(
      name: "MovieCatalogTests",
      dependencies: [
        "LoopSynchronization", "CalendarDay", "MovieCatalog", "Fixtures", "TestSupport",
      ],
      path: "Apps/Shared/Tests/MovieCatalogTests"
    ),
    .target(
      name: "MoviesFeature", dependencies: ["Loop", "MovieCatalog"],
      path: "Apps/Movies/Sources/MoviesFeature"),
    .target(
      name: "MoviesContract",
      dependencies: [
        "MovieCatalogRecording",
        "MoviesFeature", "MovieCatalog", "MovieCatalogDoubles", "HTTPRetry", "HTTPTransport",
        "HTTPTransportDoubles",
        "Fixtures", "LoopContracts", "LoopTesting",
      ],
      path: "Apps/Movies/Sources/MoviesContract"),
    .target(
      name: "MovieCatalogDoubles",
      dependencies: ["CalendarDay", "MovieCatalog", "HTTPTransportDoubles"],
      path: "Apps/Shared/Sources/MovieCatalogDoubles"),
    .target(
      name: "HTTPTransportDoubles",
      dependencies: ["LoopSynchronization", "HTTPTransport", "Fixtures", "LoopTesting"],
      path: "Apps/Shared/Sources/HTTPTransportDoubles"),
    .testTarget(
      name: "MoviesFeatureTests",
      dependencies: [
        "MovieCatalogRecording",
        "MoviesFeature", "MoviesContract", "MovieCatalog", "LoopTesting", "LoopContracts",
        "TestSupport", "LoopRecording",
      ],
      path: "Apps/Movies/Tests/MoviesFeatureTests"),
    // SQLite's header and library, from the default paths as CCurl's are.
    .systemLibrary(
      name: "CSQLite",
      path: "Apps/Trails/Sources/CSQLite"
    ),
    .target(
      name: "TrailsModel", dependencies: ["LoopSynchronization", "CalendarDay", "Fixtures"],
      path: "Apps/Trails/Sources/TrailsModel"),
    .testTarget(
      name: "TrailsModelTests",
      dependencies: ["CalendarDay", "TrailsModel", "Fixtures"],
      path: "Apps/Trails/Tests/TrailsModelTests"
    ),
    .target(
      name: "TrailsPersistence",
      dependencies: ["LoopSynchronization", "CalendarDay", "CSQLite", "TrailsModel"],
      path: "Apps/Trails/Sources/TrailsPersistence"
    ),
    .testTarget(
      name: "TrailsPersistenceTests",
      dependencies: [
        "LoopSynchronization", "CalendarDay", "TrailsPersistence", "TrailsModel", "TestSupport",
      ],
      path: "Apps/Trails/Tests/TrailsPersistenceTests"
    ),
    .target(
      name: "Weather",
      dependencies: ["CalendarDay", "TrailsModel", "Fixtures", "HTTPRetry", "HTTPTransport"],
      path: "Apps/Trails/Sources/Weather"
    ),
    .testTarget(
      name: "WeatherTests",
      dependencies: [
        "LoopSynchronization", "CalendarDay", "Weather", "TrailsModel", "Fixtures", "TestSupport",
      ],
      path: "Apps/Trails/Tests/WeatherTests"
    ),
    .target(
      name: "MoviesCLI",
      dependencies: [
        "MoviesFeature", "MovieCatalog", "MovieCatalogRecording", "LoopRecording", "HTTPTransport",
        "CommandLineParsing", "Terminal", "AppCLI", "Loop",
      ],
      path: "Apps/Movies/Sources/MoviesCLI"),
    .executableTarget(
      name: "MoviesApp", dependencies: ["MoviesCLI", "AppCLI"],
      path: "Apps/Movies/Sources/MoviesApp"),
    .testTarget(
      name: "MoviesCLITests",
      dependencies: [
        "LoopSynchronization",
        "MovieCatalogRecording",
        "MoviesCLI", "MoviesApp", "TestSupport", "MoviesContract", "MoviesFeature",
        "LoopContracts", "LoopRecording", "MovieCatalog",
      ],
      path: "Apps/Movies/Tests/MoviesCLITests"),
    .target(
      name: "SearchFeature", dependencies: ["Loop", "LoopRecording", "MovieCatalog"],
      path: "Apps/Search/Sources/SearchFeature"),
    .target(
      name: "SearchContract",
      dependencies: [
        "MovieCatalogRecording",
        "SearchFeature", "MovieCatalog", "MovieCatalogDoubles", "HTTPRetry",
        "HTTPTransportDoubles", "Fixtures",
        "LoopContracts", "LoopTesting", "LoopRecording",
      ],
      path: "Apps/Search/Sources/SearchContract"),
    .testTarget(
      name: "SearchFeatureTests",
      dependencies: [
        "MovieCatalogRecording",
        "SearchFeature", "SearchContract", "MovieCatalog", "LoopTesting", "LoopContracts",
        "Fixtures", "TestSupport", "LoopRecording",
      ],
      path: "Apps/Search/Tests/SearchFeatureTests"),
    .target(
      name: "SearchCLI",
      dependencies: [
        "MovieCatalogRecording",
        "SearchFeature", "MovieCatalog", "HTTPTransport", "CommandLineParsing", "Terminal",
        "AppCLI", "Loop", "Fixtures",
        "LoopRecording",
      ],
      path: "Apps/Search/Sources/SearchCLI"),
    .executableTarget(
      name: "SearchApp", dependencies: ["SearchCLI", "AppCLI"],
      path: "Apps/Search/Sources/SearchApp"),
    .testTarget(
      name: "SearchCLITests",
      dependencies: [
        "MovieCatalogRecording",
        "SearchCLI", "SearchApp", "TestSupport", "SearchContract", "SearchFeature", "LoopContracts",
        "LoopRecording", "MovieCatalog",
      ],
      path: "Apps/Search/Tests/SearchCLITests"),
    .target(
      name: "TrailsFeature",
      dependencies: ["CalendarDay", "Loop", "LoopRecording", "TrailsModel", "Weather"],
      path: "Apps/Trails/Sources/TrailsFeature"),
    .target(
      name: "TrailsRecording",
      dependencies: ["TrailsModel", "Weather", "LoopRecording"],
      path: "Apps/Trails/Sources/TrailsRecording"),
    .target(
      name: "TrailsContract",
      dependencies: [
        "CalendarDay",
        "TrailsRecording",
        "TrailsFeature", "TrailsModel", "TrailsPersistence", "Weather", "Fixtures",
        "LoopContracts", "LoopTesting", "LoopRecording", "LoopSynchronization", "HTTPRetry",
        "HTTPTransportDoubles",
      ],
      path: "Apps/Trails/Sources/TrailsContract"),
    .testTarget(
      name: "TrailsFeatureTests",
      dependencies: [
        "CalendarDay",
        "TrailsRecording",
        "TrailsFeature", "TrailsContract", "TrailsModel", "Weather", "LoopTesting",
        "LoopContracts", "TestSupport", "LoopRecording",
      ],
      path: "Apps/Trails/Tests/TrailsFeatureTests"),
    .target(
      name: "TrailsCLI",
      dependencies: [
        "CalendarDay",
        "TrailsRecording", "LoopRecording",
        "TrailsFeature", "TrailsModel", "TrailsPersistence", "Weather", "HTTPTransport",
        "CommandLineParsing", "Terminal", "AppCLI", "Loop",
      ],
      path: "Apps/Trails/Sources/TrailsCLI"),
    .executableTarget(
      name: "TrailsApp", dependencies: ["TrailsCLI", "AppCLI"],
      path: "Apps/Trails/Sources/TrailsApp"),
    .testTarget(
      name: "TrailsCLITests",
      dependencies: [
        "CalendarDay",
        "TrailsRecording",
        "TrailsCLI", "TrailsApp", "TestSupport", "TrailsContract", "TrailsFeature", "LoopContracts",
        "LoopRecording",
      ],
      path: "Apps/Trails/Tests/TrailsCLITests"),
    .target(
      name: "FixtureHTTP",
      dependencies: ["LoopSynchronization", "Fixtures", "MovieCatalog", "Weather", "TrailsModel"],
      path: "Fixtures/Server/Sources/FixtureHTTP"
    ),
    .executableTarget(
      name: "FixtureServer",
      dependencies: ["FixtureHTTP", "CommandLineParsing", "Terminal", "AppCLI"],
      path: "Fixtures/Server/Sources/FixtureServer"),
    .testTarget(
      name: "FixtureServerTests",
      dependencies: [
        "LoopSynchronization", "FixtureHTTP", "FixtureServer", "Fixtures", "TestSupport",
      ],
      path: "Fixtures/Server/Tests/FixtureServerTests"),
    .target(
      name: "TestSupport", dependencies: ["LoopSynchronization", "LoopRecording"],
      path: "TestSupport/Sources/TestSupport"),
    .testTarget(
      name: "TestSupportTests", dependencies: ["LoopSynchronization", "TestSupport"],
      path: "TestSupport/Tests/TestSupportTests"),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "TestSupport", "FixtureServer", "MoviesApp", "SearchApp", "TrailsApp",
      ],
      path: "EndToEnd/Tests/EndToEndTests"),
    .target(
      name: "CommandLineParsing", path: "Apps/Shared/Sources/CommandLineParsing"),
    .target(
      name: "Terminal", dependencies: ["LoopSynchronization"],
      path: "Apps/Shared/Sources/Terminal"),
    .target(
      name: "AppCLI",
      dependencies: [
        "CommandLineParsing", "Terminal", "LoopSynchronization", "Loop", "LoopRecording",
      ],
      path: "Apps/Shared/Sources/AppCLI"),
    .testTarget(
      name: "TerminalTests",
      dependencies: [
        "LoopSynchronization", "CommandLineParsing", "Terminal", "AppCLI", "MoviesCLI", "SearchCLI",
        "TrailsCLI", "TestSupport",
      ],
      path: "Apps/Shared/Tests/TerminalTests"),
    .executableTarget(
      name: "conformance",
      dependencies: [
        "ConformanceSuite", "LoopContracts", "LoopRecording", "LoopTesting", "CommandLineParsing",
        "Terminal", "AppCLI",
      ],
      path: "Conformance/Sources/conformance"),
    .target(
      name: "ConformanceSuite",
      dependencies: [
        "LoopSynchronization",
        "LoopContracts",
        "MoviesContract",
        "MoviesFeature",
        "SearchContract",
        "SearchFeature",
        "TrailsContract",
        "TrailsFeature",
        // new-feature: conformance-dependencies
        "TemplateContract",
        "TemplateFeature",
      ],
      path: "Conformance/Sources/ConformanceSuite"),
    .testTarget(
      name: "ConformanceTests",
      dependencies: ["LoopSynchronization", "ConformanceSuite", "LoopContracts", "TestSupport"],
      path: "Conformance/Tests/ConformanceTests"),
    .executableTarget(
      name: "loop-bench",
      dependencies: [
        "LoopSynchronization",
        "CalendarDay",
        "MovieCatalogRecording",
        "Loop", "LoopContracts", "LoopTesting", "ConformanceSuite", "MoviesFeature",
        "MovieCatalog", "TrailsModel", "TrailsPersistence", "LoopRecording", "MoviesContract",
        "TrailsContract", "TrailsFeature",
      ],
      path: "Runtime/Benchmarks/loop-bench"
    ),
    // new-feature: targets
    .target(
      name: "TemplateFeature", dependencies: ["Loop"],
      path: "Templates/Feature/Sources/TemplateFeature"),
    .target(
      name: "TemplateContract",
      dependencies: ["TemplateFeature", "Loop", "LoopContracts", "LoopTesting"],
      path: "Templates/Feature/Sources/TemplateContract"),
    .target(
      name: "TemplateCLI",
      dependencies: ["TemplateFeature", "Loop", "CommandLineParsing", "Terminal", "AppCLI"],
      path: "Templates/Feature/Sources/TemplateCLI"),
    .executableTarget(
      name: "TemplateApp", dependencies: ["TemplateCLI"],
      path: "Templates/Feature/Sources/TemplateApp"),
    .testTarget(
      name: "TemplateFeatureTests",
      dependencies: ["TemplateFeature", "TemplateContract", "LoopContracts", "TestSupport"],
      path: "Templates/Feature/Tests/TemplateFeatureTests"),
  ],
  swiftLanguageModes: [.v6]
)

// `make tsan` builds with LOOP_THREAD_SANITIZER=1 in the environment. ThreadSanitizer cannot
// see how `Synchronization.Mutex` locks on Linux (atomics and futex system calls), so it would
// report every value a `Mutex` protects as raced. In that build every Swift target gets the
// LOOP_THREAD_SANITIZER condition, under which LoopSynchronization's `Mutex` is its
// pthread-backed `PthreadMutex`; every module imports LoopSynchronization, so the code does not
// change. Every other build uses `Synchronization.Mutex`.
if Context.environment["LOOP_THREAD_SANITIZER"] != nil {
  for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.define("LOOP_THREAD_SANITIZER")]
  }
}
