import BoxDiffTestSupport
import BoxDiffValidation
import Foundation
import Testing

@testable import BoxDiff

/// A rough timing of a large Box diff; runs only with BOXDIFF_TIMING=1
/// (the benchmark in Benchmarks/ is the real measurement, in release).
@Suite("Box diff: timing", .enabled(if: ProcessInfo.processInfo.environment["BOXDIFF_TIMING"] == "1"))
struct BoxTimingTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)  // ContinuousClock
    @Test func hundredSectionsOfTenThousandRows() throws {
        let (old, new) = BoxGenerators.large(sections: 100, rowsPerSection: 10_000, edits: 1_000, seed: 7)
        let clock = ContinuousClock()
        let workspace = try DiffWorkspace()
        let tables = clock.measure {
            _ = old.identityTable
            _ = new.identityTable
        }
        var staged: StagedChangeset<BoxGenerators.TestBox>!
        let stagedTime = try clock.measure {
            staged = try StagedChangeset(source: old, target: new, workspace: workspace)
        }
        var options = DiffOptions()
        options.mode = .singleBatch
        let singleTime = try clock.measure {
            _ = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
        }
        let validateTime = clock.measure { #expect(staged.violations(from: old).isEmpty) }
        print(
            "100 × 10,000 rows: tables \(tables), staged diff (cached tables) \(stagedTime), "
                + "single batch \(singleTime), validation \(validateTime); \(staged.count) stages, \(staged.changeCount) changes"
        )
    }
}
