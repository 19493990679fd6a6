import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

// The updater against adversarial call sequences:
// `ListView.reload(using:interrupt:setData:completion:)` and `BoxRenderer`
// (renders requested during a render, background relays, cancellation,
// the renderer released mid-render, random interleavings).

private func row(_ section: Int, _ rows: [Int], tag: String = "") -> BoxGenerators.TestBox {
    BoxGenerators.TestBox(sections: [
        Section(id: section, rows: rows.map { Node(id: $0, component: "r\($0)\(tag)") })
    ])
}

@Suite("Updater: interleavings, cancellation, release")
@MainActor
struct UpdaterInterleavingTests {
    // MARK: Random interleavings of every kind of request

    /// Random sequences of synchronous renders (with completions), off-main
    /// renders, cancellations of earlier tasks, animations ending, yields,
    /// the view leaving and re-entering a window, and renders of both kinds
    /// requested from `setData` — over every option set (also with duplicate
    /// ids rejected: failed diffs fall back to reloads). Once everything has
    /// settled: no UIKit issue, the screen on the last Box requested, every
    /// synchronous completion run exactly once, every request either applied
    /// or dropped (counted once), task results agreeing with the counters,
    /// and renders applied in the order requested.
    @Test func randomInterleavingsSettleOnTheLastRequest() async {
        var grid = updaterOptionGrid
        for base in updaterOptionGrid.prefix(4) {
            var rejecting = base
            rejecting.duplicates = .reject
            grid.append(rejecting)
        }
        var totals = (fallbacks: 0, appliedTasks: 0, dropped: 0, hooks: 0, chained: 0, offWindow: 0)
        for seed in UInt64(1)...UInt64(600) {
            var rng = SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15)
            let options = grid[Int(seed % UInt64(grid.count))]
            let screen = RendererScreen(options: options)
            let duplicates = options.duplicates == .reject

            var requestCount = 0
            var syncRequests = 0
            var completions: [Int: Int] = [:]
            var tasks: [(index: Int, task: Task<Bool, Never>)] = []
            var cancelled = Set<Int>()
            var lastRequested = BoxGenerators.TestBox()

            func nextBox() -> BoxGenerators.TestBox {
                let shape = BoxPairShape(
                    maxSections: 5, maxRowsPerSection: 7, duplicates: duplicates && Bool.random(using: &rng))
                let (a, b) = BoxGenerators.pair(shape: shape, using: &rng)
                let box = marked(Bool.random(using: &rng) ? a : b, requestCount)
                requestCount += 1
                lastRequested = box
                return box
            }
            var chainBudget = 4
            func requestSync() {
                let box = nextBox()
                let index = requestCount - 1
                syncRequests += 1
                completions[index] = 0
                // Some completions request the next render themselves.
                let chains = Int.random(in: 0..<3, using: &rng) == 0
                screen.renderer.render(box) {
                    completions[index, default: 0] += 1
                    if chains && chainBudget > 0 {
                        chainBudget -= 1
                        totals.chained += 1
                        requestSync()
                    }
                }
            }
            func requestBackground() {
                let box = nextBox()
                tasks.append((requestCount - 1, screen.renderer.renderInBackground(box)))
            }

            let steps = Int.random(in: 1...14, using: &rng)
            for _ in 0..<steps {
                switch Int.random(in: 0..<9, using: &rng) {
                case 0, 1: requestSync()
                case 2, 3: requestBackground()
                case 4:
                    if let victim = tasks.randomElement(using: &rng) {
                        victim.task.cancel()
                        cancelled.insert(victim.index)
                    }
                case 5: screen.view.finishAnimations()
                case 6:
                    for _ in 0..<Int.random(in: 1...3, using: &rng) { await Task.yield() }
                case 7:
                    screen.view.canAnimateBatchUpdates.toggle()
                    totals.offWindow += 1
                default:
                    // The next setData requests a render of its own (and
                    // sometimes cancels an off-main one right away).
                    let kind = Int.random(in: 0..<5, using: &rng)
                    screen.store.onceOnSetData = {
                        totals.hooks += 1
                        switch kind {
                        case 0: requestSync()
                        case 1: requestBackground()
                        case 2:
                            // Animations ending inside the batch block: the
                            // completions they run request renders too.
                            screen.view.finishAnimations()
                            requestSync()
                        case 3:
                            // Every task so far cancelled, the one being
                            // applied included.
                            for (index, task) in tasks {
                                task.cancel()
                                cancelled.insert(index)
                            }
                        default:
                            requestBackground()
                            let last = tasks[tasks.count - 1]
                            last.task.cancel()
                            cancelled.insert(last.index)
                        }
                    }
                }
            }
            // The last request: a synchronous render or an uncancelled
            // off-main one (a pending setData hook may add one more).
            if Bool.random(using: &rng) { requestSync() } else { requestBackground() }
            var guardCount = 0
            while (screen.renderer.isRenderingInBackground || screen.view.pendingCompletionCount > 0)
                && guardCount < 10_000
            {
                await Task.yield()
                screen.view.finishAnimations()
                guardCount += 1
            }
            var appliedTasks = 0
            for (_, task) in tasks where await task.value { appliedTasks += 1 }
            #expect(screen.view.pendingCompletionCount == 0)
            #expect(!screen.renderer.isRenderingInBackground)
            screen.view.canAnimateBatchUpdates = true

            let label = "seed \(seed) \(optionName(options)) dup-reject \(duplicates)"
            // Whatever was requested last is shown, unless it was itself a
            // cancelled off-main render (a hook's cancelling request).
            if !cancelled.contains(requestCount - 1) {
                let problems = screen.problems(showing: lastRequested)
                #expect(problems.isEmpty, "\(label):\n\(problems.joined(separator: "\n"))")
            } else {
                #expect(screen.view.issues.isEmpty, "\(label): \(screen.view.issues)")
                #expect(screen.store.box == screen.renderer.shownBox, "\(label)")
            }
            #expect(!screen.renderer.isRenderingInBackground, "\(label)")
            #expect(completions.values.allSatisfy { $0 == 1 }, "\(label): completions \(completions)")
            #expect(completions.count == syncRequests)
            #expect(
                screen.renderer.appliedRenderCount + screen.renderer.droppedRenderCount == requestCount,
                "\(label): applied \(screen.renderer.appliedRenderCount) dropped \(screen.renderer.droppedRenderCount) of \(requestCount)"
            )
            #expect(screen.renderer.appliedRenderCount == syncRequests + appliedTasks, "\(label)")
            let seen = markers(screen.store.received)
            #expect(seen == seen.sorted() && Set(seen).count == seen.count, "\(label): out of order \(seen)")
            totals.fallbacks += screen.renderer.fallbackReloadCount
            totals.appliedTasks += appliedTasks
            totals.dropped += screen.renderer.droppedRenderCount
        }
        // The interleavings reached every path.
        print("review interleavings: \(totals)")
        #expect(totals.fallbacks > 0 && totals.appliedTasks > 0 && totals.dropped > 0)
        #expect(totals.hooks > 0 && totals.chained > 0 && totals.offWindow > 0)
    }

    // MARK: Background relays and cancellation

    /// An off-main render requested from `setData` and cancelled at once
    /// (inside `setData`, before its real render even started) is dropped:
    /// the caller's task says `false`, the view stays on the outer render's
    /// Box, and the drop is counted once.
    @Test func aRelayedRenderCancelledInsideSetDataIsDropped() async {
        let first = row(0, [1, 2])
        let relayed = row(0, [2, 3])
        let screen = RendererScreen()
        var relay: Task<Bool, Never>?
        screen.store.onceOnSetData = {
            relay = screen.renderer.renderInBackground(relayed)
            relay?.cancel()
        }
        screen.renderer.render(first)
        #expect(await relay!.value == false)
        while screen.renderer.isRenderingInBackground { await Task.yield() }
        screen.view.finishAnimations()
        #expect(screen.problems(showing: first).isEmpty, "\(screen.problems(showing: first))")
        #expect(screen.renderer.appliedRenderCount == 1)
        #expect(screen.renderer.droppedRenderCount == 1)
        #expect(!screen.store.received.contains(relayed))
    }

    /// A relayed render whose caller's task is cancelled after the outer
    /// render returned (its real render started, not yet diffed) is
    /// dropped too; one cancelled once its render was applied still says
    /// `true`.
    @Test func aRelayedRenderCancelledAfterTheOuterRenderIsDropped() async {
        let first = row(0, [1, 2])
        let relayed = row(0, [2, 3])
        let screen = RendererScreen()
        var relay: Task<Bool, Never>?
        screen.store.onceOnSetData = { relay = screen.renderer.renderInBackground(relayed) }
        screen.renderer.render(first)
        #expect(screen.renderer.isRenderingInBackground, "the relayed render started after the outer one")
        relay!.cancel()
        #expect(await relay!.value == false)
        #expect(!screen.renderer.isRenderingInBackground)
        screen.view.finishAnimations()
        #expect(screen.problems(showing: first).isEmpty)
        #expect(screen.renderer.droppedRenderCount == 1)

        // Applied, then cancelled: still true, still shown.
        var late: Task<Bool, Never>?
        let second = row(0, [3, 4])
        screen.store.onceOnSetData = { late = screen.renderer.renderInBackground(second) }
        screen.renderer.render(relayed)
        #expect(await late!.value == true)
        late!.cancel()
        #expect(await late!.value == true)
        screen.view.finishAnimations()
        #expect(screen.problems(showing: second).isEmpty)
    }

    /// Off-main renders requested from a component's `==` during a
    /// synchronous render's diff are relayed: they start after that render,
    /// from the Box it leaves shown, and the last one wins.
    @Test func backgroundRendersRequestedDuringTheDiffAreRelayed() async {
        let hook = EqualityHook()
        func hooked(_ values: [Int]) -> BoxGenerators.TestBox { HookedContent.box(values, hook: hook) }
        let screen = RendererScreen(showing: hooked([1, 2, 3]))
        let inner = [hooked([3, 2, 1, 0]), hooked([5, 6])]
        var tasks: [Task<Bool, Never>] = []
        hook.run = {
            MainActor.assumeIsolated {
                for box in inner { tasks.append(screen.renderer.renderInBackground(box)) }
            }
        }
        let outer = hooked([1, 2, 4])
        screen.renderer.render(outer)
        #expect(hook.run == nil, "the hook ran")
        #expect(tasks.count == 2)
        #expect(await tasks[0].value == false, "superseded by the second")
        #expect(await tasks[1].value == true)
        screen.view.finishAnimations()
        let problems = screen.problems(showing: inner[1])
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(screen.renderer.appliedRenderCount == 2)
        #expect(screen.renderer.droppedRenderCount == 1)
    }

    /// A renderer released while its off-main render diffs: the task ends
    /// with `false`, nothing reaches the view, nothing crashes.
    @Test func aRendererReleasedDuringABackgroundRender() async {
        let initial = row(0, [1])
        let screen = RendererScreen(showing: initial)
        weak let weakRenderer = screen.renderer
        let task = screen.renderer.renderInBackground(row(0, [1, 2]))
        screen.renderer = nil
        #expect(weakRenderer == nil, "the task does not keep the renderer")
        #expect(await task.value == false)
        #expect(screen.store.received.isEmpty)
        #expect(screen.view.issues.isEmpty)
        #expect(screen.view.shown == RendererScreen.View.sections(of: initial))
    }

    /// A renderer released from its own `setData` (the screen torn down
    /// while a render is applied, with a relayed render queued): the
    /// applying render completes, the relayed one ends `false`.
    @Test func aRendererReleasedFromItsOwnSetData() async {
        let screen = RendererScreen()
        var relay: Task<Bool, Never>?
        var completed = 0
        screen.store.onceOnSetData = {
            relay = screen.renderer.renderInBackground(row(0, [9]))
            screen.renderer = nil
        }
        screen.renderer.render(row(0, [1, 2])) { completed += 1 }
        screen.view.finishAnimations()
        #expect(completed == 1)
        #expect(screen.renderer == nil)
        #expect(await relay!.value == false)
        #expect(screen.view.issues.isEmpty)
        #expect(screen.store.box == row(0, [1, 2]))
    }

    /// Off-main diffs reading the same Box values (uncached identity
    /// tables, computed and published from two threads) as a synchronous
    /// render that supersedes them, and as a second renderer's off-main
    /// diffs: for `--sanitize=thread`. The screens end on their last Box.
    @Test func backgroundAndMainDiffsOfTheSameBoxes() async {
        let first = RendererScreen()
        let second = RendererScreen()
        var last = BoxGenerators.TestBox()
        var tasks: [Task<Bool, Never>] = []
        for round in 0..<24 {
            let (a, b) = BoxGenerators.large(sections: 8, rowsPerSection: 120, edits: 40, seed: UInt64(round))
            // Both renderers diff `a` and `b` off the main actor at once.
            tasks.append(first.renderer.renderInBackground(a))
            tasks.append(second.renderer.renderInBackground(a))
            try? await Task.sleep(for: .microseconds(200))
            tasks.append(first.renderer.renderInBackground(b))
            try? await Task.sleep(for: .microseconds(100))
            // The first renderer's shown Box and `b` diffed here too, while
            // its off-main diff may still read them.
            first.renderer.render(b)
            tasks.append(second.renderer.renderInBackground(b))
            last = b
            if round % 3 == 0 { first.view.finishAnimations() }
        }
        for task in tasks { _ = await task.value }
        while first.renderer.isRenderingInBackground || second.renderer.isRenderingInBackground {
            await Task.yield()
        }
        first.view.finishAnimations()
        second.view.finishAnimations()
        #expect(first.problems(showing: last).isEmpty)
        #expect(second.problems(showing: last).isEmpty)
    }

    // MARK: Completions

    /// A synchronous render's completion starting the next render while
    /// the view still animates earlier ones, and renders requested from
    /// `setData` at the same time, over every option set and with the view
    /// in and out of its window: every completion once, the last Box shown.
    @Test(arguments: updaterOptionGrid)
    func completionsChainingRendersWhileOthersAnimate(options: DiffOptions) {
        var rng = SeededGenerator(seed: 0xA11C_0DE5)
        let screen = RendererScreen(options: options)
        var boxes: [BoxGenerators.TestBox] = []
        for index in 0..<30 {
            let (a, b) = BoxGenerators.pair(shape: BoxPairShape(maxSections: 5, maxRowsPerSection: 8), using: &rng)
            boxes.append(marked(index % 2 == 0 ? a : b, index))
        }
        var completions = Array(repeating: 0, count: boxes.count)
        var next = 0
        func renderNext() {
            guard next < boxes.count else { return }
            let index = next
            next += 1
            screen.renderer.render(boxes[index]) {
                completions[index] += 1
                // Each completion requests another render, and every third
                // one a second one right after.
                renderNext()
                if index % 3 == 0 { renderNext() }
            }
            if index % 5 == 4 { screen.view.canAnimateBatchUpdates.toggle() }
        }
        screen.store.onSetData = {
            if next % 7 == 6 { renderNext() }
        }
        renderNext()
        var rounds = 0
        while screen.view.pendingCompletionCount > 0 && rounds < 1000 {
            screen.view.finishAnimations()
            rounds += 1
        }
        // The hook holds the screen, which holds the hook.
        screen.store.onSetData = nil
        #expect(next == boxes.count)
        #expect(completions == Array(repeating: 1, count: boxes.count), "\(completions)")
        let problems = screen.problems(showing: boxes[boxes.count - 1])
        #expect(problems.isEmpty, "\(optionName(options)):\n\(problems.joined(separator: "\n"))")
        let seen = markers(screen.store.received)
        #expect(seen == seen.sorted(), "out of order \(seen)")
    }

    // MARK: ListView.reload directly

    /// `interrupt` that answers true at a random stage, on random Box pairs,
    /// over every option set, with the previous changeset's animations still
    /// running: every stage before it applied, then one reload; completion
    /// once; the target shown.
    @Test(arguments: updaterOptionGrid)
    func interruptAtEveryStageOfRandomChangesets(options: DiffOptions) throws {
        var rng = SeededGenerator(seed: 0x1A7E_2209)
        for round in 0..<40 {
            let (old, new) = BoxGenerators.pair(
                shape: BoxPairShape(maxSections: 6, maxRowsPerSection: 8, duplicates: round % 4 == 3), using: &rng)
            let changeset = try StagedChangeset(source: old, target: new, options: options)
            for stop in 0...max(changeset.stages.count, 1) {
                let screen = BoxScreen(box: old)
                var asked = 0
                screen.apply(changeset) { _ in
                    asked += 1
                    return asked - 1 == stop
                }
                if round % 2 == 0 { screen.view.finishAnimations() }
                screen.view.finishAnimations()
                let problems = screen.problems(showing: new)
                #expect(
                    problems.isEmpty,
                    "round \(round) stop \(stop) \(optionName(options)):\n\(problems.joined(separator: "\n"))")
                if !changeset.reloadsEverything && stop < changeset.stages.count {
                    #expect(screen.view.reloadDataCount == 1)
                    #expect(screen.view.batchCount >= stop)
                }
            }
        }
    }

    /// Two changesets applied back to back through `ListView.reload`, the
    /// second from the first's target while the first's batches still
    /// animate, with the second's completion chained from nothing: the
    /// view ends on the second target with no issue and both completions once.
    @Test(arguments: updaterOptionGrid)
    func backToBackReloadsWhileAnimating(options: DiffOptions) throws {
        var rng = SeededGenerator(seed: 0xB2B2_0001)
        for _ in 0..<30 {
            let (a, b) = BoxGenerators.pair(shape: BoxPairShape(maxSections: 5, maxRowsPerSection: 8), using: &rng)
            let (_, c) = BoxGenerators.pair(shape: BoxPairShape(maxSections: 5, maxRowsPerSection: 8), using: &rng)
            let screen = BoxScreen(box: a)
            screen.apply(try StagedChangeset(source: a, target: b, options: options))
            screen.apply(try StagedChangeset(source: b, target: c, options: options))
            screen.view.finishAnimations()
            var problems = screen.view.issues
            if screen.view.shown != BoxScreen.View.sections(of: c) { problems.append("not on c") }
            if screen.completionCount != 2 { problems.append("completions \(screen.completionCount)") }
            #expect(problems.isEmpty, "\(optionName(options)): \(problems)")
        }
    }

    // MARK: Content hashes across integer types

    /// A row whose component changes type between two 64-bit integer types
    /// (`Int` → `Int64`, `UInt64`, `UInt`), with the new value chosen so
    /// that its content hash equals the old one's (the type tags are mixed
    /// in by XOR before the multiply): the values are not `==` (different
    /// types), so the row must be updated and the view show the new Box.
    @Test(arguments: [4, 3, 5] as [UInt64])
    func aRowChangedToAnotherIntegerTypeWithTheSameHashIsUpdated(otherTag: UInt64) {
        let k: UInt64 = 0x9E37_79B9_7F4A_7C15
        let old: Int = 7
        let bits = UInt64(bitPattern: Int64(old)) ^ (2 &* k) ^ (otherTag &* k)
        let newComponent: Component
        switch otherTag {
        case 4: newComponent = Component(Int64(bitPattern: bits))
        case 3: newComponent = Component(bits)
        default: newComponent = Component(UInt(bits))
        }
        let before = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: Component(old))])])
        let after = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: newComponent)])])
        #expect(before != after)
        let hashesCollide = before.sections[0].rows[0].component.contentHash == newComponent.contentHash
        #expect(hashesCollide, "the test's premise: equal content hashes of exact kinds")
        let screen = RendererScreen(showing: before)
        screen.renderer.render(after)
        screen.view.finishAnimations()
        let problems = screen.problems(showing: after)
        #expect(problems.isEmpty, "hashes collide: \(hashesCollide); \(problems.joined(separator: "\n"))")
    }
}
