// swift-tools-version:6.2
// 6.2: the tests use Swift Testing's exit tests, new in Swift 6.2.
import Foundation
import PackageDescription

/// Every platform but Linux builds the C core with its own XXH3 (written
/// from the published specification; identical values), since only Linux
/// gets the system libxxhash here.
let bundledXXH3: [Platform] = [
    .macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS, .driverKit,
    .windows, .android, .wasi, .openbsd,
]

let package = Package(
    name: "BoxDiff",
    // The library needs nothing newer than Swift's own minimums; these are
    // Swift Testing's, which the package's test targets import.
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1), .macCatalyst(.v13)],
    products: [
        .library(name: "BoxDiff", targets: ["BoxDiff"]),
        .library(name: "BoxDiffValidation", targets: ["BoxDiffValidation"]),
        .library(name: "CBoxDiff", targets: ["CBoxDiff"]),
        .library(name: "BoxDiffIGListKit", targets: ["BoxDiffIGListKit"]),
        // No product for the benchmark: a product's dependencies are
        // resolved by every package that depends on BoxDiff (an app got
        // swift-argument-parser pinned and built its plugins). The package's
        // own executable target still builds and runs as `boxdiff-bench`.
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // The system libxxhash (Debian: libxxhash-dev), found through
        // pkg-config: Linux only.
        .systemLibrary(
            name: "CXXHash",
            path: "CSources/CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"])]
        ),
        // The C core: hashing, Heckel, Myers/LCS, minimal moves, staging.
        .target(
            name: "CBoxDiff",
            dependencies: [.target(name: "CXXHash", condition: .when(platforms: [.linux]))],
            path: "CSources/CBoxDiff",
            cSettings: [.define("BXD_USE_BUNDLED_XXH3", .when(platforms: bundledXXH3))]
        ),
        // The Swift layer.
        .target(
            name: "BoxDiff",
            dependencies: ["CBoxDiff"],
            path: "Sources/BoxDiff"
        ),
        // UIKit's batch-update rules as a simulated view: checks changesets.
        // Depends on BoxDiff; BoxDiff never depends on it.
        .target(
            name: "BoxDiffValidation",
            dependencies: ["BoxDiff"],
            path: "Sources/BoxDiffValidation"
        ),
        // IGListKit's diff API (ListDiff, ListDiffable, ...) on BoxDiff's
        // engine, in its own module so `import BoxDiff` stays free of it.
        .target(
            name: "BoxDiffIGListKit",
            dependencies: ["BoxDiff"],
            path: "Sources/BoxDiffIGListKit"
        ),
        // Shared test helpers (seeded generators, replay checks).
        .target(
            name: "BoxDiffTestSupport",
            dependencies: ["BoxDiff", "BoxDiffValidation", "BoxDiffIGListKit"],
            path: "Tests/BoxDiffTestSupport"
        ),
        .testTarget(
            name: "BoxDiffTests",
            dependencies: [
                "BoxDiff", "BoxDiffValidation", "CBoxDiff", "BoxDiffTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/BoxDiffTests"
        ),
        // Uses only the public API, without @testable, as an app would.
        .testTarget(
            name: "BoxDiffPublicAPITests",
            dependencies: ["BoxDiff", "BoxDiffValidation", "BoxDiffTestSupport"],
            path: "Tests/BoxDiffPublicAPITests"
        ),
        .testTarget(
            name: "BoxDiffIGListKitTests",
            dependencies: ["BoxDiffIGListKit", "BoxDiff", "BoxDiffValidation", "BoxDiffTestSupport"],
            path: "Tests/BoxDiffIGListKitTests"
        ),
        // The benchmark's C helpers: the hash-join floor, peak-memory probe.
        .target(
            name: "BoxDiffBenchC",
            path: "Benchmarks/BoxDiffBenchC"
        ),
        // Named as the binary the scripts run (module `boxdiff_bench`).
        .executableTarget(
            name: "boxdiff-bench",
            dependencies: [
                "BoxDiffTestSupport",
                "BoxDiff", "BoxDiffValidation", "BoxDiffIGListKit", "CBoxDiff", "BoxDiffBenchC",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/BoxDiffBench"
        ),
    ],
    cLanguageStandard: .c11
)

// Documentation (scripts/docs.sh): the DocC plugin only when BOXDIFF_DOCS is
// set, so apps that depend on BoxDiff never resolve it.
if ProcessInfo.processInfo.environment["BOXDIFF_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}

// Coverage-guided fuzzing of the Swift layer (scripts/fuzz-swift-guided.sh):
// the libFuzzer target only when BOXDIFF_FUZZ is set, so apps and the
// normal builds never see it.
if ProcessInfo.processInfo.environment["BOXDIFF_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "boxdiff-fuzz",
            dependencies: ["BoxDiff", "BoxDiffValidation", "BoxDiffIGListKit", "BoxDiffTestSupport"],
            path: "Tests/SwiftFuzz",
            // No main: libFuzzer's calls LLVMFuzzerTestOneInput.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ))
}
