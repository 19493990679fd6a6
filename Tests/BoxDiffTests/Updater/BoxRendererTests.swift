import BoxDiff
import BoxDiffTestSupport
import PropertyBased
import Testing

@Suite("Box renderer")
@MainActor
struct BoxRendererTests {
    /// Random Boxes rendered one after the other, with the animations of
    /// some renders still running when the next arrives.
    @Test func synchronousRendersEndOnTheLastBox() async {
        await propertyCheck(count: 60, input: Gen.uint64(), Gen.int(in: 1...12)) { seed, steps in
            var rng = SeededGenerator(seed: seed)
            let options = updaterOptionGrid[Int(seed % UInt64(updaterOptionGrid.count))]
            let screen = RendererScreen(options: options)
            var completions = 0
            var last = BoxGenerators.TestBox()
            for step in 0..<steps {
                let shape = BoxPairShape(maxSections: 6, maxRowsPerSection: 8, duplicates: step % 3 == 2)
                let (a, b) = BoxGenerators.pair(shape: shape, using: &rng)
                last = Bool.random(using: &rng) ? a : b
                if step > 0 {
                    #expect(screen.renderer.shownBox.hasCachedIdentityTable, "the shown Box's table is reused")
                }
                screen.renderer.render(last) { completions += 1 }
                #expect(screen.renderer.shownBox == last)
                if Bool.random(using: &rng) { screen.view.finishAnimations() }
            }
            screen.view.finishAnimations()
            let problems = screen.problems(showing: last)
            #expect(problems.isEmpty, "seed \(seed) \(optionName(options)):\n\(problems.joined(separator: "\n"))")
            #expect(completions == steps)
            #expect(screen.renderer.appliedRenderCount == steps)
            #expect(screen.renderer.fallbackReloadCount == 0)
        }
    }

    /// Each render started from the previous render's completion (on the
    /// main actor, while that render's changeset is still being let go):
    /// the renderer's one main-actor workspace serves them all, and the
    /// screen ends on the last Box.
    @Test func rendersChainedFromCompletionsEndOnTheLastBox() {
        var rng = SeededGenerator(seed: 0xC4A1_2026)
        let screen = RendererScreen()
        var boxes: [BoxGenerators.TestBox] = []
        for _ in 0..<40 {
            let (a, b) = BoxGenerators.pair(shape: BoxPairShape(maxSections: 5, maxRowsPerSection: 10), using: &rng)
            boxes.append(contentsOf: [a, b])
        }
        var next = 0
        func renderNext() {
            guard next < boxes.count else { return }
            next += 1
            screen.renderer.render(boxes[next - 1]) { renderNext() }
            screen.view.finishAnimations()
        }
        renderNext()
        screen.view.finishAnimations()
        #expect(next == boxes.count)
        #expect(screen.renderer.appliedRenderCount == boxes.count)
        let problems = screen.problems(showing: boxes[boxes.count - 1])
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Rendering a Box hashes only the new one: the shown Box's identity
    /// table, computed by the previous diff, is the one the next diff reads.
    @Test func theShownBoxKeepsItsIdentityTable() {
        let first = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: "one")])])
        let second = first |---+ Node(id: 2, component: "two")
        let screen = RendererScreen()
        #expect(!first.hasCachedIdentityTable)
        screen.renderer.render(first)
        #expect(first.hasCachedIdentityTable, "the rendered Box shares its cache with shownBox")
        #expect(screen.renderer.shownBox.hasCachedIdentityTable)
        #expect(!second.hasCachedIdentityTable)
        screen.renderer.render(second)
        #expect(screen.renderer.shownBox.hasCachedIdentityTable)
        screen.view.finishAnimations()
        #expect(screen.problems(showing: second).isEmpty)
        #expect(screen.view.batchCount > 0, "the second render animated")
    }

    /// A diff that throws still shows the Box, through a reload.
    @Test func aFailedDiffReloadsTheBox() {
        var options = DiffOptions()
        options.duplicates = .reject
        let old = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: "a")])])
        let duplicated = BoxGenerators.TestBox(sections: [
            Section(id: 0, rows: [Node(id: 1, component: "a"), Node(id: 1, component: "b")])
        ])
        let screen = RendererScreen(showing: old, options: options)
        var completed = false
        screen.renderer.render(duplicated) { completed = true }
        #expect(completed)
        #expect(screen.renderer.fallbackReloadCount == 1)
        #expect(screen.view.reloadDataCount == 1)
        #expect(screen.view.batchCount == 0)
        #expect(screen.problems(showing: duplicated).isEmpty)
        // The shown Box is the reloaded one: leaving it fails (its
        // duplicates are on the old side now) and reloads again.
        screen.renderer.render(old)
        #expect(screen.renderer.fallbackReloadCount == 2)
        #expect(screen.view.reloadDataCount == 2)
        #expect(screen.problems(showing: old).isEmpty)
        // From a valid Box, renders animate again.
        let next = old |---+ Node(id: 2, component: "c")
        screen.renderer.render(next)
        screen.view.finishAnimations()
        #expect(screen.renderer.fallbackReloadCount == 2)
        #expect(screen.view.batchCount == 1)
        #expect(screen.problems(showing: next).isEmpty)
    }

    /// Many off-main renders fired without waiting: the view ends on the
    /// last, renders reach the view in the order requested (never an older
    /// one after a newer), and no more are applied than requested.
    @Test func backgroundRendersKeepOnlyTheLatest() async {
        await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 1...25)) { seed, count in
            var rng = SeededGenerator(seed: seed)
            let screen = RendererScreen()
            var tasks: [Task<Bool, Never>] = []
            var last = BoxGenerators.TestBox()
            for index in 0..<count {
                let (a, _) = BoxGenerators.pair(
                    shape: BoxPairShape(maxSections: 5, maxRowsPerSection: 10), using: &rng)
                last = marked(a, index)
                tasks.append(screen.renderer.renderInBackground(last))
                // Let some diffs finish and some animations end in between.
                if Int.random(in: 0..<4, using: &rng) == 0 { await Task.yield() }
                if Bool.random(using: &rng) { screen.view.finishAnimations() }
            }
            var applied = 0
            for task in tasks where await task.value { applied += 1 }
            screen.view.finishAnimations()

            #expect(await tasks.last!.value, "the last render is never superseded")
            #expect(screen.problems(showing: last).isEmpty, "seed \(seed): \(screen.problems(showing: last))")
            #expect(applied <= count)
            #expect(screen.renderer.appliedRenderCount == applied)
            #expect(screen.renderer.droppedRenderCount == count - applied)
            #expect(!screen.renderer.isRenderingInBackground)
            // Render order: the markers the data source received only grow.
            var seen: [Int] = []
            for box in screen.store.received {
                if let m = marker(of: box), seen.last != m { seen.append(m) }
            }
            #expect(seen == seen.sorted() && Set(seen).count == seen.count, "applied out of order: \(seen)")
            #expect(seen.last == count - 1)
        }
    }

    /// Awaited one by one, every off-main render is applied.
    @Test func awaitedAsyncRendersAreAllApplied() async {
        var rng = SeededGenerator(seed: 7)
        let screen = RendererScreen()
        var last = BoxGenerators.TestBox()
        for _ in 0..<8 {
            (last, _) = BoxGenerators.pair(shape: BoxPairShape(maxSections: 4, maxRowsPerSection: 6), using: &rng)
            #expect(await screen.renderer.renderAsync(last))
            #expect(screen.renderer.shownBox == last)
            #expect(screen.renderer.shownBox.hasCachedIdentityTable)
        }
        screen.view.finishAnimations()
        #expect(screen.problems(showing: last).isEmpty)
        #expect(screen.renderer.appliedRenderCount == 8)
        #expect(screen.renderer.droppedRenderCount == 0)
    }

    /// A synchronous render supersedes an off-main one still diffing: the
    /// older result never reaches the view, even once its diff is done.
    @Test func aSynchronousRenderSupersedesABackgroundOne() async {
        let older = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: "old")])])
        let newer = BoxGenerators.TestBox(sections: [Section(id: 1, rows: [Node(id: 2, component: "new")])])
        let screen = RendererScreen()
        let task = screen.renderer.renderInBackground(older)
        #expect(screen.renderer.isRenderingInBackground)
        screen.renderer.render(newer)
        #expect(!screen.renderer.isRenderingInBackground)
        #expect(await task.value == false)
        screen.view.finishAnimations()
        #expect(screen.problems(showing: newer).isEmpty)
        #expect(!screen.store.received.contains(older))
        #expect(screen.renderer.appliedRenderCount == 1)
        #expect(screen.renderer.droppedRenderCount == 1)
    }

    /// Cancelling the task of an off-main render drops it: the view stays
    /// on what it showed.
    @Test func aCancelledBackgroundRenderIsDropped() async {
        let initial = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: "one")])])
        let next = initial |---+ Node(id: 2, component: "two")
        let screen = RendererScreen(showing: initial)
        let task = screen.renderer.renderInBackground(next)
        task.cancel()
        #expect(await task.value == false)
        #expect(!screen.renderer.isRenderingInBackground)
        #expect(screen.problems(showing: initial).isEmpty)
        #expect(screen.store.received.isEmpty)
        #expect(screen.renderer.droppedRenderCount == 1)
        // The renderer still works afterwards.
        #expect(await screen.renderer.renderAsync(next))
        screen.view.finishAnimations()
        #expect(screen.problems(showing: next).isEmpty)
    }

    /// Cancelling the task that awaits `renderAsync` drops the render, as
    /// cancelling `renderInBackground`'s task does: the view stays on what
    /// it showed and the call returns false.
    @Test func aCancelledAsyncRenderIsDropped() async {
        let initial = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: "one")])])
        let next = initial |---+ Node(id: 2, component: "two")
        let screen = RendererScreen(showing: initial)
        let renderer = screen.renderer!
        let task = Task { @MainActor in await renderer.renderAsync(next) }
        task.cancel()
        #expect(await task.value == false)
        #expect(!renderer.isRenderingInBackground)
        #expect(screen.problems(showing: initial).isEmpty)
        #expect(screen.store.received.isEmpty)
        #expect(renderer.droppedRenderCount == 1)
        #expect(renderer.appliedRenderCount == 0)
    }

    /// `renderAsync` called from a task already cancelled drops its own
    /// render and leaves alone the one in progress, which reaches the view.
    /// Found by review (2026-11-30, third session): it superseded the render
    /// in progress first, then dropped its own, so the view showed neither.
    @Test func anAsyncRenderFromACancelledTaskSupersedesNothing() async {
        let initial = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: "one")])])
        let wanted = initial |---+ Node(id: 2, component: "two")
        let unwanted = initial |---+ Node(id: 3, component: "three")
        let screen = RendererScreen(showing: initial)
        let renderer = screen.renderer!
        let inProgress = renderer.renderInBackground(wanted)
        let late = Task { @MainActor in
            while !Task.isCancelled { await Task.yield() }
            return await renderer.renderAsync(unwanted)
        }
        late.cancel()
        #expect(await late.value == false)
        #expect(await inProgress.value)
        screen.view.finishAnimations()
        #expect(renderer.shownBox == wanted)
        #expect(screen.problems(showing: wanted).isEmpty)
        #expect(renderer.appliedRenderCount == 1)
        #expect(renderer.droppedRenderCount == 1)
    }

    /// The data source gets each stage's data, in order, whole: the
    /// renderer moves it out of its own changeset (not a copy) and must
    /// hand over every stage's Box, the target last, exactly as the
    /// changeset of the same diff holds them.
    @Test(arguments: updaterOptionGrid)
    func setDataGetsEveryStagesData(options: DiffOptions) throws {
        var rng = SeededGenerator(seed: 0xDA7A_0057)
        for _ in 0..<40 {
            let (a, b) = BoxGenerators.pair(shape: BoxPairShape(maxSections: 5, maxRowsPerSection: 8), using: &rng)
            let expected = try StagedChangeset(source: a, target: b, options: options)
            let screen = RendererScreen(showing: a, options: options)
            screen.renderer.render(b)
            screen.view.finishAnimations()
            // A render with no change still hands its Box over.
            let wanted = expected.reloadsEverything || expected.isEmpty ? [b] : expected.stages.map(\.data)
            #expect(screen.store.received == wanted, "\(optionName(options)): \(a) → \(b)")
            #expect(screen.problems(showing: b).isEmpty)
            // The next render diffs from the Box this one left shown.
            screen.renderer.render(a)
            screen.view.finishAnimations()
            #expect(screen.problems(showing: a).isEmpty, "\(optionName(options)): \(b) → \(a)")
        }
    }

    /// Renders requested from `setData` (each stage's data handed to the
    /// data source requests the next render, synchronous or off-main):
    /// each waits for the render being applied, so the view never gets a
    /// batch inside another's block, every completion runs once, renders
    /// reach the data source in the order requested, and the screen ends
    /// on the last Box requested.
    @Test(arguments: updaterOptionGrid)
    func rendersRequestedFromSetDataRunAfterTheRender(options: DiffOptions) async {
        var rng = SeededGenerator(seed: 0x5E7D_A7A0)
        let screen = RendererScreen(options: options)
        var boxes: [BoxGenerators.TestBox] = []
        for index in 0..<12 {
            let (a, _) = BoxGenerators.pair(shape: BoxPairShape(maxSections: 5, maxRowsPerSection: 8), using: &rng)
            boxes.append(marked(a, index))
        }
        var completions = Array(repeating: 0, count: boxes.count)
        var tasks: [Task<Bool, Never>] = []
        var next = 1
        screen.store.onSetData = {
            guard next < boxes.count else { return }
            let index = next
            next += 1
            if index % 4 == 3 {
                tasks.append(screen.renderer.renderInBackground(boxes[index]))
                completions[index] = 1  // no completion for off-main renders
            } else {
                screen.renderer.render(boxes[index]) { completions[index] += 1 }
            }
        }
        screen.renderer.render(boxes[0]) { completions[0] += 1 }
        while screen.renderer.isRenderingInBackground || next < boxes.count {
            await Task.yield()
            screen.view.finishAnimations()
        }
        for task in tasks { _ = await task.value }
        screen.view.finishAnimations()
        // The hook holds the screen, which holds the hook.
        screen.store.onSetData = nil
        #expect(next == boxes.count)
        let problems = screen.problems(showing: boxes[boxes.count - 1])
        #expect(problems.isEmpty, "\(optionName(options)):\n\(problems.joined(separator: "\n"))")
        #expect(completions == Array(repeating: 1, count: boxes.count), "completions \(completions)")
        let seen = markers(screen.store.received)
        #expect(seen == seen.sorted() && Set(seen).count == seen.count, "applied out of order: \(seen)")
        #expect(seen.last == boxes.count - 1)
    }

    /// Renders requested from a component's `==` while the renderer's diff
    /// confirms equal content hashes: they run after that render, on the
    /// Box it leaves shown, and the screen ends on the last one.
    @Test func rendersRequestedDuringTheDiffRunAfterTheRender() {
        let hook = EqualityHook()
        func hooked(_ values: [Int]) -> BoxGenerators.TestBox { HookedContent.box(values, hook: hook) }
        let screen = RendererScreen(showing: hooked([1, 2, 3]))
        let inner = [hooked([3, 2, 1, 0]), hooked([5])]
        var completions = 0
        hook.run = {
            MainActor.assumeIsolated {
                for box in inner { screen.renderer.render(box) { completions += 1 } }
            }
        }
        screen.renderer.render(hooked([1, 2, 4])) { completions += 1 }
        screen.view.finishAnimations()
        let ran = hook.run == nil
        hook.run = nil  // it holds the screen, whose Boxes hold it
        #expect(ran, "the hook ran")
        #expect(completions == 3)
        #expect(screen.renderer.appliedRenderCount == 3)
        let problems = screen.problems(showing: inner[1])
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// `render(_:animated: false)` (Bento's `render(_:animated:)`) shows
    /// the Box with `setData` and `reloadData()`, no batch, and the next
    /// animated render diffs from it; completions keep their order.
    @Test func aRenderWithoutAnimationReloads() {
        let first = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: "one")])])
        let second = BoxGenerators.TestBox(sections: [
            Section(id: 1, rows: [Node(id: 2, component: "two")]), Section(id: 0, rows: [Node(id: 1, component: "1")]),
        ])
        let third = second |---+ Node(id: 3, component: "three")
        let screen = RendererScreen()
        var order: [Int] = []
        screen.renderer.render(first) { order.append(1) }
        let batches = screen.view.batchCount
        #expect(batches > 0)
        // The first render still animates: the reload's completion waits.
        screen.renderer.render(second, animated: false) { order.append(2) }
        #expect(screen.view.batchCount == batches, "no batch")
        #expect(screen.view.reloadDataCount == 1)
        #expect(screen.store.box == second && screen.renderer.shownBox == second)
        #expect(order.isEmpty)
        screen.view.finishAnimations()
        #expect(order == [1, 2])
        #expect(screen.problems(showing: second).isEmpty)
        // Animated again, from the reloaded Box: one inserted row.
        screen.renderer.render(third, animated: true) { order.append(3) }
        #expect(screen.view.batchCount == batches + 1)
        screen.view.finishAnimations()
        #expect(order == [1, 2, 3])
        #expect(screen.problems(showing: third).isEmpty)
        #expect(screen.view.reloadDataCount == 1)
        #expect(screen.renderer.appliedRenderCount == 3)
        #expect(screen.renderer.fallbackReloadCount == 0)
    }

    /// A render without animation requested from `setData` (while a render
    /// is being applied) waits for that render's batches, then reloads;
    /// one started over an off-main render supersedes it.
    @Test func aRenderWithoutAnimationWaitsItsTurnAndSupersedes() async {
        let initial = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: "one")])])
        let next = initial |---+ Node(id: 2, component: "two")
        let last = next |---+ Node(id: 3, component: "three")
        let screen = RendererScreen(showing: initial)
        screen.store.onceOnSetData = { screen.renderer.render(last, animated: false) }
        screen.renderer.render(next)
        #expect(screen.store.received.count == 2 && screen.store.received.last == last, "reloaded after the batch")
        #expect(screen.view.reloadDataCount == 1)
        screen.view.finishAnimations()
        #expect(screen.problems(showing: last).isEmpty)
        let older = initial |---+ Node(id: 9, component: "nine")
        let task = screen.renderer.renderInBackground(older)
        screen.renderer.render(initial, animated: false)
        #expect(await task.value == false)
        #expect(screen.renderer.droppedRenderCount == 1)
        #expect(screen.problems(showing: initial).isEmpty)
        #expect(!screen.store.received.contains(older))
    }

    /// A render that finds no change still hands its Box to the data
    /// source: a view model whose `==` leaves out what a cell's action
    /// captured (as Component's docs advise for closures) made the data
    /// source keep the old Box while `shownBox` held the new one (found by
    /// review, 2026-11-29, sixth session). No batch is made.
    @Test func aRenderWithoutChangesStillSetsTheData() {
        struct Toggle: Hashable, @unchecked Sendable {
            var title: String
            var generation: Int
            static func == (a: Toggle, b: Toggle) -> Bool { a.title == b.title }
            func hash(into hasher: inout Hasher) { hasher.combine(title) }
        }
        func box(_ generation: Int) -> BoxGenerators.TestBox {
            BoxGenerators.TestBox(sections: [
                Section(id: 0, rows: [Node(id: 1, component: Toggle(title: "Sync", generation: generation))])
            ])
        }
        let screen = RendererScreen(showing: box(1))
        screen.renderer.render(box(2))
        #expect(screen.view.batchCount == 0 && screen.view.reloadDataCount == 0)
        #expect(screen.store.received.count == 1)
        #expect(screen.store.box.sections[0].rows[0].component(as: Toggle.self)?.generation == 2)
        #expect(screen.renderer.shownBox.sections[0].rows[0].component(as: Toggle.self)?.generation == 2)
    }
}
