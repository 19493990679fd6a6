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

    /// A search screen that diffs off the main thread, as the README shows
    /// it: each keystroke's task cancels the one before, whose diff then
    /// returns nil (here a hit's `isContentEqual` cancels the task, as a
    /// newer keystroke would); an uncancelled task gets the changeset.
    @Test func aSupersededSearchDiffReturnsNil() async throws {
        let shown = (0..<100).map { SearchHit(id: $0, title: "\($0)") }
        var hits = shown.reversed().map { SearchHit(id: $0.id, title: $0.title + "!") }
        let changeset = try #require(try await SearchHit.diffInTask(from: shown, to: hits))
        #expect(changeset == (try StagedChangeset(source: shown, target: hits)))
        hits[0].cancelsItsTask = true
        #expect(try await SearchHit.diffInTask(from: shown, to: hits) == nil)
    }
}

/// A search result, whose content comparison can cancel the task it runs
/// in.
private struct SearchHit: Differentiable, Equatable, Sendable {
    var id: Int
    var title: String
    var cancelsItsTask = false

    var differenceIdentifier: Int { id }

    func isContentEqual(to source: SearchHit) -> Bool {
        if cancelsItsTask { withUnsafeCurrentTask { $0?.cancel() } }
        return title == source.title
    }

    /// The diff of `shown` into `hits` in a detached task, as the README's
    /// search screen runs it.
    static func diffInTask(from shown: [SearchHit], to hits: [SearchHit]) async throws -> StagedChangeset<[SearchHit]>?
    {
        let task = Task.detached {
            try await DiffCancellationFlag.forCurrentTask { flag in
                try StagedChangeset(source: shown, target: hits, cancellation: flag)
            }
        }
        return try await task.value
    }
}
