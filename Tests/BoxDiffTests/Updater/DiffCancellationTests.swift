import BoxDiffTestSupport
import Testing

@testable import BoxDiff

/// A background render's diff stops at its next check once its render is
/// cancelled (superseded by a newer one, or its task cancelled), instead
/// of hashing, pairing and copying rows to its end for a result nobody
/// applies (``DiffCancellation``).
/// Cancels the task it runs in (not isolated: a component's `==` runs on
/// the background diff's thread).
private func cancelCurrentTask() {
    withUnsafeCurrentTask { $0?.cancel() }
}

@Suite("Updater: cancelled background diffs stop early")
struct DiffCancellationTests {
    /// Random Box pairs in both modes: a cancellation that never stops is
    /// checked at every phase (after pairing the rows, after comparing
    /// their contents and after planning; then twice more in the staged
    /// steps that copy rows, unless the plan reloads everything) and
    /// changes nothing; one that stops at
    /// each check in turn makes the diff throw `DiffError.cancelled` there,
    /// and the same workspace then gives the uncancelled changeset.
    @Test(arguments: [BatchMode.staged, .singleBatch])
    func everyCheckStopsTheDiffAndLeavesTheWorkspaceReady(mode: BatchMode) throws {
        var rng = SeededGenerator(seed: mode == .staged ? 0xCA_2026 : 0xCB_2026)
        let shape = BoxPairShape(maxSections: 5, maxRowsPerSection: 12, editRate: 0.3)
        var options = DiffOptions()
        options.mode = mode
        let shared = try DiffWorkspace()
        var stops = 0
        for k in 0..<150 {
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            let expected = try StagedChangeset(source: old, target: new, options: options, workspace: DiffWorkspace())
            var checks = 0
            let counted = try StagedChangeset(
                source: old, target: new, options: options, workspace: shared, rowContentChanged: nil,
                sectionRebinds: nil,
                cancellation: PolledCancellation {
                    checks += 1
                    return false
                })
            #expect(counted == expected, "pair \(k)")
            let planned = mode == .staged && !expected.reloadsEverything ? 5 : 3
            #expect(checks == planned, "pair \(k): \(checks) checks")
            for stopAt in 0..<checks {
                var seen = 0
                #expect(throws: DiffError.cancelled, "pair \(k), check \(stopAt)") {
                    _ = try StagedChangeset(
                        source: old, target: new, options: options, workspace: shared, rowContentChanged: nil,
                        sectionRebinds: nil,
                        cancellation: PolledCancellation {
                            defer { seen += 1 }
                            return seen == stopAt
                        })
                }
                #expect(seen == stopAt + 1, "pair \(k): stopped at check \(stopAt), went on to \(seen)")
                stops += 1
                let after = try StagedChangeset(source: old, target: new, options: options, workspace: shared)
                #expect(after == expected, "pair \(k), after a stop at check \(stopAt)")
            }
        }
        #expect(stops >= 150 * 3)
    }

    /// A new Box too long to hash between two checks: its table's build
    /// checks every `rowsBetweenChecks` rows or so (at a section's
    /// start); stopped there, the diff throws, the Box caches no
    /// table, and the next diff hashes it whole and gives the uncancelled
    /// changeset.
    @Test func hashingALongBoxChecksAsItGoes() throws {
        // 70 sections of 1,000 rows: checks at the start of sections 17,
        // 34, 51 and 68 (every 16,384 rows or so).
        #expect(rowsBetweenChecks == 16_384)
        let sections = 70
        func box(_ shift: Int) -> BoxGenerators.TestBox {
            Box(
                sections: (0..<sections).map { s in
                    Section(
                        id: s, rows: (0..<1000).map { r in Node(id: s * 1000 + r, component: "\((r + shift) % 7)") })
                })
        }
        let old = box(0)
        let expected = try StagedChangeset(source: old, target: box(1))
        let workspace = try DiffWorkspace()
        _ = try StagedChangeset(source: old, target: old, workspace: workspace)  // old's table cached
        var checks = 0
        let counted = try StagedChangeset(
            source: old, target: box(1), options: DiffOptions(), workspace: workspace, rowContentChanged: nil,
            sectionRebinds: nil,
            cancellation: PolledCancellation {
                checks += 1
                return false
            })
        let same = counted == expected
        #expect(same, "the counted diff's changeset")
        // 4 in the table's build, 5 after it.
        #expect(checks == 4 + 5, "\(checks) checks")
        for stopAt in 0..<4 {
            let new = box(1)
            var seen = 0
            #expect(throws: DiffError.cancelled) {
                _ = try StagedChangeset(
                    source: old, target: new, options: DiffOptions(), workspace: workspace, rowContentChanged: nil,
                    sectionRebinds: nil,
                    cancellation: PolledCancellation {
                        defer { seen += 1 }
                        return seen == stopAt
                    })
            }
            #expect(seen == stopAt + 1)
            let cachedAfterStop = new.hasCachedIdentityTable
            #expect(!cachedAfterStop, "a stopped build publishes nothing")
            let again = try StagedChangeset(source: old, target: new, workspace: workspace)
            #expect(again == expected, "the diff after a stop at check \(stopAt)")
            let cachedAfterDiff = new.hasCachedIdentityTable
            #expect(cachedAfterDiff)
        }
    }

    /// A background render whose task is cancelled while it diffs (here
    /// by a component's `==`, which the diff calls between two checks):
    /// the diff stops at the next check (the renderer counts it), nothing
    /// reaches the view, and the next background render, through the same
    /// pool of workspaces, is shown.
    @MainActor
    @Test func aCancelledBackgroundRenderStopsItsDiff() async {
        let hook = EqualityHook()
        func hooked(_ values: [Int]) -> BoxGenerators.TestBox { HookedContent.box(values, hook: hook) }
        let shown = hooked([1, 2, 3])
        let screen = RendererScreen(showing: shown)
        let batches = screen.view.batchCount
        // Cancels the task the diff runs in, as superseding it does.
        hook.run = cancelCurrentTask
        let applied = await screen.renderer.renderInBackground(hooked([1, 2, 4])).value
        let ran = hook.run == nil
        hook.run = nil  // it holds nothing, but the Boxes hold the hook
        #expect(ran, "the component's == ran in the diff")
        #expect(!applied)
        #expect(screen.renderer.workspaces.stoppedDiffCount == 1)
        #expect(screen.view.batchCount == batches)
        #expect(screen.problems(showing: shown).isEmpty)

        let next = hooked([3, 1, 2, 5])
        #expect(await screen.renderer.renderInBackground(next).value)
        screen.view.finishAnimations()
        #expect(screen.renderer.workspaces.stoppedDiffCount == 1)
        let problems = screen.problems(showing: next)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Background renders that nothing cancels never stop early.
    @MainActor
    @Test func anUncancelledBackgroundRenderRunsToItsEnd() async {
        var rng = SeededGenerator(seed: 0xCC_2026)
        let shape = BoxPairShape(maxSections: 4, maxRowsPerSection: 10, editRate: 0.3)
        let (old, _) = BoxGenerators.pair(shape: shape, using: &rng)
        let screen = RendererScreen(showing: old)
        var last = old
        for _ in 0..<20 {
            let (_, new) = BoxGenerators.pair(shape: shape, using: &rng)
            #expect(await screen.renderer.renderInBackground(new).value)
            screen.view.finishAnimations()
            last = new
        }
        #expect(screen.renderer.workspaces.stoppedDiffCount == 0)
        #expect(screen.problems(showing: last).isEmpty)
    }
}
