import BoxDiff
import BoxDiffValidation
import Foundation
import Testing

/// What an app adopting BoxDiff reaches for first, from outside the module
/// (found by an adopter's review, 2026-11-29, sixth session).
@Suite("Public API: adoption")
struct AdoptionTests {
    /// `error.localizedDescription` reads the error's own description (it
    /// was Foundation's "The operation could not be completed.
    /// (BoxDiff.DiffError error 2.)").
    @Test func errorsDescribeThemselvesThroughLocalizedDescription() throws {
        var options = DiffOptions()
        options.duplicates = .reject
        do {
            _ = try StagedChangeset(source: ["a"], target: ["b", "b"], options: options)
            Issue.record("a duplicate id under .reject throws")
        } catch {
            #expect((error as Error).localizedDescription == error.description)
            #expect(error.description.contains("duplicate identifier"))
        }
        let bad = InvalidChangesetError(violations: [])
        #expect((bad as Error).localizedDescription == bad.description)
    }

    /// `DiffOptions(mode: .singleBatch)` and the like: each setting given,
    /// the others the defaults.
    @Test func optionsTakeAnyOfTheirSettingsAsArguments() {
        let defaults = DiffOptions()
        #expect(DiffOptions(algorithm: nil) == defaults)
        var single = defaults
        single.mode = .singleBatch
        #expect(DiffOptions(mode: .singleBatch) == single)
        var all = defaults
        all.algorithm = .lcs
        all.duplicates = .reject
        all.mode = .singleBatch
        all.updateStyle = .reconfigure
        all.reloadThreshold = 7
        all.lcsCostBound = 12
        #expect(
            DiffOptions(
                algorithm: .lcs, duplicates: .reject, mode: .singleBatch, updateStyle: .reconfigure,
                reloadThreshold: 7, lcsCostBound: 12) == all)
        var strict = defaults
        strict.algorithm = .lcs
        strict.duplicates = .reject
        #expect(DiffOptions(algorithm: .lcs, duplicates: .reject) == strict)
    }
}
