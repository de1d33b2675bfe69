// swift-tools-version: 6.0
// A package that uses Loop as its users do: it depends on the repository by path and sees only
// the public API of Loop and LoopTesting. Its tests are the testing patterns of the source
// documents (shared/seeds, beside the repository), each written as the documents write it, in
// both TestStore modes. `make test` runs them after the root package's.

import PackageDescription

let package = Package(
  name: "Consumer",
  platforms: [.macOS(.v15)],
  // A path dependency's identity is its directory's name (`main` in one checkout, anything in
  // another clone); naming it after the root manifest's package keeps `package:` below stable.
  dependencies: [.package(name: "LoopReference", path: "../..")],
  targets: [
    .target(
      name: "OutlookFeature",
      dependencies: [.product(name: "Loop", package: "LoopReference")]),
    .testTarget(
      name: "OutlookFeatureTests",
      dependencies: [
        "OutlookFeature",
        .product(name: "Loop", package: "LoopReference"),
        .product(name: "LoopTesting", package: "LoopReference"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
