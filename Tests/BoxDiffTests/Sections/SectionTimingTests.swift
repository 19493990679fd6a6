import BoxDiff
import BoxDiffTestSupport
import BoxDiffValidation
import Foundation
import Testing

/// Sectioned diff against the Box diff on the same rows; runs only with
/// BOXDIFF_TIMING=1 (in release for meaningful numbers). Besides printing,
/// it checks the sectioned diff scales linearly: ten times the rows may
/// not cost more than thirty times the time (a quadratic `isContentEqual`
/// path would cost a hundred times).
@Suite("Sectioned diff: timing", .enabled(if: ProcessInfo.processInfo.environment["BOXDIFF_TIMING"] == "1"))
struct SectionTimingTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)  // ContinuousClock
    private func measure(sections: Int, rowsPerSection: Int) throws -> (
        sectioned: Duration, box: Duration, validate: Duration
    ) {
        let (oldBox, newBox) = BoxGenerators.large(
            sections: sections, rowsPerSection: rowsPerSection, edits: sections * rowsPerSection / 10, seed: 11)
        var rng = SeededGenerator(seed: 3)
        let old = SectionTestMapping.sections(oldBox, using: &rng)
        let new = SectionTestMapping.sections(newBox, using: &rng)
        let clock = ContinuousClock()
        let workspace = try DiffWorkspace()
        var best = (sectioned: Duration.seconds(1000), box: Duration.seconds(1000))
        var changeset: StagedChangeset<[ContactSection]>!
        for _ in 0..<5 {
            best.sectioned = min(
                best.sectioned,
                try clock.measure {
                    changeset = try StagedChangeset(source: old, target: new, workspace: workspace)
                })
            // Fresh Boxes each time, so both sides are hashed, as the
            // sectioned diff hashes its own.
            let (a, b) = (SectionTestMapping.box(old), SectionTestMapping.box(new))
            best.box = min(
                best.box, try clock.measure { _ = try StagedChangeset(source: a, target: b, workspace: workspace) })
        }
        let validate = clock.measure { #expect(changeset.violations(from: old).isEmpty) }
        return (best.sectioned, best.box, validate)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test func tenThousandRowsInHundredSections() throws {
        let small = try measure(sections: 100, rowsPerSection: 100)
        let large = try measure(sections: 100, rowsPerSection: 1_000)
        print(
            "10,000 rows / 100 sections: sectioned \(small.sectioned), Box \(small.box), sectioned validation \(small.validate)"
        )
        print(
            "100,000 rows / 100 sections: sectioned \(large.sectioned), Box \(large.box), sectioned validation \(large.validate)"
        )
    }
}
