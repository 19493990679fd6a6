import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

/// Cancels the task it runs in (not isolated: a component's `==` runs on
/// the background diff's thread).
private func cancelCurrentTask() {
    withUnsafeCurrentTask { $0?.cancel() }
}

/// Diffs `old` into `makeNew()` (a fresh Box each time, its table not
/// cached) with a cancellation that counts its checks and never stops:
/// the changeset must be `expected`. Then stops at each check in turn:
/// each diff throws `DiffError.cancelled` at that check (none after it),
/// and the same workspace then gives `expected`. Returns the checks.
private func expectStopsAtEveryCheck(
    from old: BoxGenerators.TestBox, to makeNew: () -> BoxGenerators.TestBox,
    expected: StagedChangeset<BoxGenerators.TestBox>, options: DiffOptions, workspace: DiffWorkspace,
    _ label: String
) throws -> Int {
    var checks = 0
    let counted = try StagedChangeset(
        source: old, target: makeNew(), options: options, workspace: workspace, rowContentChanged: nil,
        sectionRebinds: nil,
        cancellation: ClosureCancellation {
            checks += 1
            return false
        })
    let same = counted == expected
    #expect(same, "\(label): the counted diff's changeset")
    for stopAt in 0..<checks {
        var seen = 0
        let new = makeNew()
        #expect(throws: DiffError.cancelled, "\(label), check \(stopAt)") {
            _ = try StagedChangeset(
                source: old, target: new, options: options, workspace: workspace, rowContentChanged: nil,
                sectionRebinds: nil,
                cancellation: ClosureCancellation {
                    defer { seen += 1 }
                    return seen == stopAt
                })
        }
        #expect(seen == stopAt + 1, "\(label): stopped at check \(stopAt), went on to \(seen)")
        let after = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
        let again = after == expected
        #expect(again, "\(label), after a stop at check \(stopAt)")
    }
    return checks
}

/// A background render's diff stops at its next check once its render is
/// cancelled (superseded by a newer one, or its task cancelled), instead
/// of hashing, pairing and copying rows to its end for a result nobody
/// applies (``DiffCancellation``).
@Suite("Updater: cancelled background diffs stop early")
struct DiffCancellationTests {
    /// Random Box pairs in both modes: a cancellation that never stops is
    /// checked at every phase (after pairing the rows, after comparing
    /// their contents and after planning; then twice more in the staged
    /// steps that copy rows, unless the plan reloads everything) and
    /// changes nothing; one that stops at each check in turn makes the
    /// diff throw `DiffError.cancelled` there, and the same workspace then
    /// gives the uncancelled changeset.
    @Test(arguments: [BatchMode.staged, .singleBatch])
    func everyCheckStopsTheDiffAndLeavesTheWorkspaceReady(mode: BatchMode) throws {
        var rng = SeededGenerator(seed: mode == .staged ? 0xCA_2026 : 0xCB_2026)
        let shape = BoxPairShape(maxSections: 5, maxRowsPerSection: 12, editRate: 0.3)
        var options = DiffOptions()
        options.mode = mode
        let shared = try DiffWorkspace()
        for k in 0..<150 {
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            let expected = try StagedChangeset(source: old, target: new, options: options, workspace: DiffWorkspace())
            let checks = try expectStopsAtEveryCheck(
                from: old, to: { new }, expected: expected, options: options, workspace: shared, "pair \(k)")
            let planned = mode == .staged && !expected.reloadsEverything ? 5 : 3
            #expect(checks == planned, "pair \(k): \(checks) checks")
        }
    }

    /// Long Boxes (70 sections of 1,000 rows): the new Box's table build
    /// checks every `rowsBetweenChecks` rows or so (at the start of
    /// sections 17, 34, 51 and 68), and so do the confirmation of paired
    /// rows with equal content hashes by `==` (strings: not an exact kind;
    /// at the same sections of the old Box), and the staged steps that copy
    /// rows (at 17,000, 34,000, 51,000 and 68,000 rows copied, then 85,000,
    /// 102,000, 119,000 and 136,000). Stopped at any
    /// check, the diff throws, a stopped table build publishes nothing,
    /// and the next diff gives the uncancelled changeset.
    @Test func longStepsCheckAsTheyGo() throws {
        #expect(rowsBetweenChecks == 16_384)
        func box(_ shift: Int, editing: Bool = false) -> BoxGenerators.TestBox {
            Box(
                sections: (0..<70).map { s in
                    Section(
                        id: s,
                        rows: (0..<1000).compactMap { r in
                            // Edited: one row in 10 deleted, another replaced by a
                            // new one (900 rows a section).
                            let id =
                                editing && r % 10 == 3
                                ? nil : editing && r % 10 == 5 ? 100_000 + s * 1000 + r : s * 1000 + r
                            return id.map { Node(id: $0, component: "\((r + shift) % 7)") }
                        })
                })
        }
        let old = box(0)
        let workspace = try DiffWorkspace()
        _ = try StagedChangeset(source: old, target: old, workspace: workspace)  // old's table cached
        // Updates only (one stage, the target's data: nothing copied).
        let updated = try StagedChangeset(source: old, target: box(1))
        let checks = try expectStopsAtEveryCheck(
            from: old, to: { box(1) }, expected: updated, options: DiffOptions(), workspace: workspace, "updates")
        #expect(checks == 4 + 4 + 5, "\(checks) checks: 4 in the table's build, 4 confirming contents, 5 more")
        // Updates, deletes and inserts: stages 1 (updated rows, reload
        // style) and 2 (deletes) copy every section's rows, 4 checks each;
        // with reconfigures, stage 1 is the deletes'. The new Box's table
        // build checks 3 times (63,000 rows), the confirmations 4 times
        // (70,000 old rows).
        var reconfiguring = DiffOptions()
        reconfiguring.updateStyle = .reconfigure
        for (options, copyChecks) in [(DiffOptions(), 8), (reconfiguring, 4)] {
            let edited = try StagedChangeset(source: old, target: box(1, editing: true), options: options)
            #expect(edited.count >= 3)
            let more = try expectStopsAtEveryCheck(
                from: old, to: { box(1, editing: true) }, expected: edited, options: options,
                workspace: workspace, "edits, \(options.updateStyle)")
            #expect(more == 3 + 4 + 5 + copyChecks, "\(more) checks")
        }
        // A build stopped at its first check publishes no table.
        let new = box(1)
        var seen = 0
        #expect(throws: DiffError.cancelled) {
            _ = try StagedChangeset(
                source: old, target: new, options: DiffOptions(), workspace: workspace, rowContentChanged: nil,
                sectionRebinds: nil,
                cancellation: ClosureCancellation {
                    defer { seen += 1 }
                    return true
                })
        }
        let cachedAfterStop = new.hasCachedIdentityTable
        #expect(!cachedAfterStop, "a stopped build publishes nothing")
        _ = try StagedChangeset(source: old, target: new, workspace: workspace)
        let cachedAfterDiff = new.hasCachedIdentityTable
        #expect(cachedAfterDiff)
    }

    /// A flag (a background render's) reaches the C core: while a diff's
    /// workspace watches it, a raised flag stops the core's calls
    /// (`DiffError.cancelled`); once the diff is over the workspace no
    /// longer watches it, so a raised flag left behind (or freed) does not
    /// stop the next diff there.
    @Test func aFlagStopsTheCoreAndIsLetGoAfterTheDiff() throws {
        let workspace = try DiffWorkspace()
        let values: [UInt32] = [5, 1, 4, 2, 3, 0, 6]  // not increasing: the core's LIS
        var keep: [UInt8] = []
        let length = try values.withUnsafeBufferPointer {
            try BoxMatching.lis($0, into: &keep, workspace: workspace)
        }
        let expected = keep
        let flag = DiffCancellationFlag()
        let cancellation = PolledCancellation(flag: flag)
        cancellation.watch(true, in: workspace)
        #expect(
            try values.withUnsafeBufferPointer { try BoxMatching.lis($0, into: &keep, workspace: workspace) }
                == length)
        flag.cancel()
        #expect(flag.isCancelled && cancellation.shouldStop())
        #expect(throws: DiffError.cancelled) {
            try values.withUnsafeBufferPointer { try BoxMatching.lis($0, into: &keep, workspace: workspace) }
        }
        cancellation.watch(false, in: workspace)
        #expect(
            try values.withUnsafeBufferPointer { try BoxMatching.lis($0, into: &keep, workspace: workspace) }
                == length)
        #expect(keep == expected)

        // Through a whole diff: stopped by the raised flag, then the same
        // workspace diffs as usual.
        var rng = SeededGenerator(seed: 0xCD_2026)
        let shape = BoxPairShape(maxSections: 5, maxRowsPerSection: 12, editRate: 0.3)
        for _ in 0..<20 {
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            let plain = try StagedChangeset(source: old, target: new, workspace: DiffWorkspace())
            let raised = DiffCancellationFlag()
            raised.cancel()
            #expect(throws: DiffError.cancelled) {
                _ = try StagedChangeset(
                    source: old, target: new, options: DiffOptions(), workspace: workspace, rowContentChanged: nil,
                    sectionRebinds: nil, cancellation: PolledCancellation(flag: raised))
            }
            #expect(try StagedChangeset(source: old, target: new, workspace: workspace) == plain)
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

    /// A background render requested right before its renderer is released
    /// (a screen closed just after a state change): the renderer is freed
    /// at once (the render's task holds it weakly), and the render is
    /// cancelled with it, so its diff never runs. Before, nothing cancelled
    /// it: the diff ran to its end for a view nobody shows, holding both
    /// Boxes (and what their components capture, such as a screen's
    /// closures) meanwhile. (The render's task cannot start before this
    /// test suspends: it begins on the main actor.)
    @MainActor
    @Test func aReleasedRendererCancelsItsBackgroundRender() async {
        let hook = EqualityHook()
        // Cleared by the diff's first `==` of two rows.
        hook.run = {}
        let screen = RendererScreen(showing: HookedContent.box([1, 2, 3], hook: hook))
        weak let weakRenderer = screen.renderer
        let task = screen.renderer.renderInBackground(HookedContent.box([1, 2, 4], hook: hook))
        screen.renderer = nil
        #expect(weakRenderer == nil)
        #expect(await task.value == false)
        let compared = hook.run == nil
        hook.run = nil
        #expect(!compared, "the released renderer's diff ran")
    }

    /// A background render superseded by a newer one while it diffs
    /// (held in a component's `==` until the newer one was requested):
    /// superseding cancels its task, so its diff stops at the next check
    /// (the pool counts it) instead of running to an end nobody shows; the
    /// newer render is shown. A supersede that only dropped the older
    /// result, without cancelling it, left the diff running: no stop.
    @MainActor
    @Test func aSupersededBackgroundRenderStopsItsDiff() async {
        let hook = EqualityHook()
        func hooked(_ values: [Int]) -> BoxGenerators.TestBox { HookedContent.box(values, hook: hook) }
        let shown = hooked([1, 2, 3])
        let screen = RendererScreen(showing: shown)
        let entered = Locked(false)
        let release = DispatchSemaphore(value: 0)
        // Runs on the older diff's thread: waits there for the newer render.
        hook.run = {
            entered.withLock { $0 = true }
            release.wait()
        }
        let older = screen.renderer.renderInBackground(hooked([1, 2, 4]))
        while !entered.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) }
        let next = hooked([3, 1, 2, 5])
        let newer = screen.renderer.renderInBackground(next)
        release.signal()
        #expect(await older.value == false)
        #expect(await newer.value)
        screen.view.finishAnimations()
        #expect(screen.renderer.workspaces.stoppedDiffCount == 1, "the superseded diff stopped")
        #expect(screen.renderer.droppedRenderCount == 1)
        let problems = screen.problems(showing: next)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Background renders of long lists requested faster than they diff:
    /// each one supersedes the one before, whose diff stops mid-way (its
    /// flag raised from the cancelling thread while the C core and the
    /// Swift layer read it: run under TSan by scripts/sanitize.sh); only
    /// the last reaches the view, which ends on it. (How many diffs stop
    /// mid-way depends on timing: a render superseded before its diff
    /// starts is dropped without one.)
    @MainActor
    @Test func supersededRendersOfLongListsEndOnTheLast() async {
        func box(_ k: Int) -> BoxGenerators.TestBox {
            Box(
                sections: (0..<4).map { s in
                    Section(
                        id: s,
                        rows: (0..<6000).compactMap { r in
                            (r + k) % 9 == 0
                                ? nil : Node(id: s * 10_000 + ((r * 7 + k) % 6000), component: "\((r + k) % 5)")
                        })
                })
        }
        let first = box(0)
        let screen = RendererScreen(showing: first)
        var tasks: [Task<Bool, Never>] = []
        for k in 1...12 {
            tasks.append(screen.renderer.renderInBackground(box(k)))
            await Task.yield()
        }
        var applied: [Bool] = []
        for task in tasks { applied.append(await task.value) }
        screen.view.finishAnimations()
        #expect(applied.last == true)
        let problems = screen.problems(showing: box(12))
        #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.first?.prefix(300) ?? "")")
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
