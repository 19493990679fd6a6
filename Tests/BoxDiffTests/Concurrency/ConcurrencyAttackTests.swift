import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

// Review: attacks on the thread-safety claims (run under --sanitize=thread).

private typealias TestBox = BoxGenerators.TestBox

/// A flat element whose content comparison runs `hook` (a nested diff).
private final class NestedHook: @unchecked Sendable {
    var action: (() -> Void)?
    var count = 0
    var at = -1
}

private struct HookedItem: Differentiable, Equatable {
    var id: Int
    var text: String
    let hook: NestedHook
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: HookedItem) -> Bool {
        if hook.count == hook.at { hook.action?() }
        hook.count += 1
        return text == source.text
    }
    static func == (a: HookedItem, b: HookedItem) -> Bool { a.id == b.id && a.text == b.text }
}

@Suite("Concurrency: review attacks")
struct ConcurrencyAttackTests {
    /// One flag watched by two diffs on two threads at once (the doc allows
    /// it), raised midway; each workspace then diffs again with a fresh
    /// flag and with none: every changeset is nil or the plain one, and the
    /// later ones are the plain one.
    @Test func aFlagSharedByTwoConcurrentDiffsThenWorkspacesReused() throws {
        let oldItems = (0..<40_000).map { Item(id: $0 * 7 % 40_001, text: "") }
        let newItems = oldItems.reversed().map { Item(id: $0.id, text: $0.id % 5 == 0 ? "x" : "") }
        let (oldBox, newBox) = BoxGenerators.large(sections: 20, rowsPerSection: 1_000, edits: 1_000, seed: 0xBEEF)
        let flatPlain = try StagedChangeset(source: oldItems, target: newItems)
        let boxPlain = try StagedChangeset(source: oldBox, target: newBox)
        let wrong = Locked<[String]>([])
        let stopped = Locked(0)
        for round in 0..<8 {
            var flag: DiffCancellationFlag? = DiffCancellationFlag()
            let shared = flag!
            nonisolated(unsafe) let workspaces = [try DiffWorkspace(), try DiffWorkspace()]
            // The canceller on a thread of its own (concurrentPerform has
            // as many workers as cores: two here). In round 0 the flag is
            // raised before the diffs start, so that some are stopped
            // however fast they run (a release build on a quick host
            // finished all 16 before the thread's first cancel).
            if round == 0 {
                shared.cancel()
            } else {
                let delay = useconds_t(round * 300)
                Thread.detachNewThread {
                    usleep(delay)
                    shared.cancel()
                }
            }
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                let ws = workspaces[k]
                if k == 0 {
                    let c = try? StagedChangeset(
                        source: oldItems, target: newItems, workspace: ws, cancellation: shared)
                    if let c, c != flatPlain { wrong.withLock { $0.append("flat \(round)") } }
                    if c == nil { stopped.withLock { $0 += 1 } }
                } else {
                    let c = try? StagedChangeset(source: oldBox, target: newBox, workspace: ws, cancellation: shared)
                    if let c, c != boxPlain { wrong.withLock { $0.append("box \(round)") } }
                    if c == nil { stopped.withLock { $0 += 1 } }
                }
            }
            flag = nil
            // Reused on other threads right after, with fresh flags and none.
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                let ws = workspaces[1 - k]
                let fresh = DiffCancellationFlag()
                if (try? StagedChangeset(source: oldItems, target: newItems, workspace: ws, cancellation: fresh))
                    != flatPlain
                {
                    wrong.withLock { $0.append("flat after, fresh flag \(round)") }
                }
                if (try? StagedChangeset(source: oldBox, target: newBox, workspace: ws)) != boxPlain {
                    wrong.withLock { $0.append("box after \(round)") }
                }
            }
        }
        let all = wrong.withLock { $0 }
        #expect(all.isEmpty, "\(all)")
        // The flag did stop some of them (the test is not vacuous).
        #expect(stopped.withLock { $0 } > 0)
    }

    /// A cancellable diff whose content comparison runs a cancellable diff
    /// on the same workspace (a temporary one is used), with a raised flag
    /// of its own, and raises the outer flag: the outer stops, and the
    /// workspace is fine afterwards (not left busy nor watching a freed
    /// flag).
    @Test func nestedCancellableDiffOnTheSameWorkspace() throws {
        let hook = NestedHook()
        let old = (0..<3_000).map { HookedItem(id: $0, text: "", hook: hook) }
        let new = old.reversed().map { HookedItem(id: $0.id, text: $0.id % 3 == 0 ? "y" : "", hook: hook) }
        let plainOld = (0..<3_000).map { Item(id: $0, text: "") }
        let plainNew = plainOld.reversed().map { Item(id: $0.id, text: $0.id % 3 == 0 ? "y" : "") }
        let plain = try StagedChangeset(source: plainOld, target: plainNew)
        let ws = try DiffWorkspace()
        for at in [0, 5, 1_000, 2_999] {
            var outer: DiffCancellationFlag? = DiffCancellationFlag()
            let outerFlag = outer!
            var innerResults: [Bool] = []
            hook.count = 0
            hook.at = at
            hook.action = {
                let innerFlag = DiffCancellationFlag()
                innerFlag.cancel()
                innerResults.append(
                    (try? StagedChangeset(source: plainOld, target: plainNew, workspace: ws, cancellation: innerFlag))
                        == nil)
                let other = DiffCancellationFlag()
                innerResults.append(
                    (try? StagedChangeset(source: plainOld, target: plainNew, workspace: ws, cancellation: other))
                        == plain)
                outerFlag.cancel()
            }
            let c = try StagedChangeset(source: old, target: new, workspace: ws, cancellation: outerFlag)
            hook.action = nil
            outer = nil
            #expect(c == nil, "at \(at)")
            #expect(innerResults == [true, true], "at \(at)")
            #expect(!ws.isBusy)
            #expect(try StagedChangeset(source: plainOld, target: plainNew, workspace: ws) == plain)
        }
    }

    /// Many threads: copies of one Box taken, mutated (append, remove,
    /// replace), tables requested, dropped in random orders, so mutating
    /// copies often find the shared cache unshared and clear it in place
    /// while others just published or read it.
    @Test func identityTablesUnderManyMutatingCopies() {
        let failures = Locked<[String]>([])
        for round in 0..<150 {
            let original = TestBox(
                sections: (0..<3).map { s in
                    Section(
                        id: s, header: Component("h\(s)"),
                        rows: (0..<30).map { r in Node(id: s * 1000 + r, component: "r\(r)-\(round)") })
                })
            let slots = Locked((0..<8).map { _ in original })
            DispatchQueue.concurrentPerform(iterations: 8) { k in
                var copy = slots.withLock { slots in
                    var taken = TestBox()
                    swap(&taken, &slots[k])
                    return taken
                }
                for step in 0..<6 {
                    switch (k + step) % 4 {
                    case 0:
                        if copy.identityTable != IdentityTable(copy) { failures.withLock { $0.append("read \(k)") } }
                    case 1:
                        copy.append(node: Node(id: 50_000 + k * 100 + step, component: "n"))
                        if copy.identityTable != IdentityTable(copy) { failures.withLock { $0.append("append \(k)") } }
                    case 2:
                        if !copy.sections.isEmpty && !copy.sections[0].rows.isEmpty {
                            copy.sections[0].rows.removeLast()
                        }
                        if copy.identityTable != IdentityTable(copy) { failures.withLock { $0.append("remove \(k)") } }
                    default:
                        let snapshot = copy
                        _ = snapshot.identityTable
                        copy.sections.swapAt(0, copy.sections.count - 1)
                        if copy.identityTable != IdentityTable(copy)
                            || snapshot.identityTable != IdentityTable(snapshot)
                        {
                            failures.withLock { $0.append("swap \(k)") }
                        }
                    }
                }
            }
        }
        let all = failures.withLock { $0 }
        #expect(all.isEmpty, "\(all.prefix(5))")
    }
}

@Suite("Concurrency: review attacks on the renderer")
@MainActor
struct RendererAttackTests {
    /// Several renderers given the same Boxes in bursts of background
    /// renders, some cancelled right away, some after a yield, with
    /// synchronous and non-animated renders interleaved: every task
    /// resolves, counts add up, and each screen ends on what its renderer
    /// says it shows (the last request when it was not cancelled).
    @Test func burstsOnSeveralRenderersSharingBoxes() async {
        var rng = SeededGenerator(seed: 0xA77AC)
        for round in 0..<25 {
            let screens = (0..<3).map { _ in RendererScreen() }
            let shape = BoxPairShape(maxSections: 4, maxRowsPerSection: 40, editRate: 0.4)
            let boxes = (0..<6).map { _ in BoxGenerators.pair(shape: shape, using: &rng).0 }
            var tasks: [(Int, Task<Bool, Never>, Bool)] = []
            var requests = [0, 0, 0]
            var syncs = [0, 0, 0]
            var lastBox: [TestBox?] = [nil, nil, nil]
            var lastCancelled = [false, false, false]
            for i in 0..<30 {
                let s = Int.random(in: 0..<3, using: &rng)
                let box = boxes[Int.random(in: 0..<boxes.count, using: &rng)]
                let kind = Int.random(in: 0..<8, using: &rng)
                lastBox[s] = box
                lastCancelled[s] = false
                switch kind {
                case 0:
                    screens[s].renderer.render(box)
                    syncs[s] += 1
                case 1:
                    screens[s].renderer.render(box, animated: false)
                    syncs[s] += 1
                default:
                    let task = screens[s].renderer.renderInBackground(box)
                    requests[s] += 1
                    let cancel = kind == 2
                    if cancel {
                        task.cancel()
                        lastCancelled[s] = true
                    }
                    tasks.append((s, task, cancel))
                }
                if i % 7 == 0 { await Task.yield() }
                if kind == 3, let (_, t, _) = tasks.last { t.cancel() }
            }
            var applied = [0, 0, 0]
            for (s, t, _) in tasks where await t.value { applied[s] += 1 }
            for (k, screen) in screens.enumerated() {
                while screen.renderer.isRenderingInBackground { await Task.yield() }
                screen.view.finishAnimations()
                #expect(screen.view.issues.isEmpty, "round \(round) screen \(k): \(screen.view.issues.prefix(2))")
                #expect(screen.store.box == screen.renderer.shownBox, "round \(round) screen \(k)")
                #expect(
                    screen.view.shown == RendererScreen.View.sections(of: screen.renderer.shownBox),
                    "round \(round) screen \(k)")
                #expect(screen.renderer.appliedRenderCount == syncs[k] + applied[k], "round \(round) screen \(k)")
                #expect(screen.renderer.droppedRenderCount == requests[k] - applied[k], "round \(round) screen \(k)")
                if let last = lastBox[k], !lastCancelled[k] {
                    // A task cancelled after its request (kind 3) may or may not apply.
                    _ = last
                }
            }
        }
    }
}

@Suite("Concurrency: review attacks on the pool")
@MainActor
struct RendererPoolAttackTests {
    /// Bursts of background renders of large Boxes, so that superseded
    /// diffs still run (until their next check) while newer ones take
    /// workspaces from the pool, more than it keeps idle; two renderers
    /// share the Boxes (their tables published from several diffs at
    /// once). Each screen ends on its last request.
    @Test func overlappingLargeBackgroundRenders() async {
        let pairs = (0..<3).map { k in
            BoxGenerators.large(sections: 10, rowsPerSection: 2_000, edits: 3_000, seed: 0x5EED + UInt64(k))
        }
        let boxes = pairs.flatMap { [$0.0, $0.1] }
        let screens = [RendererScreen(), RendererScreen()]
        var last: [TestBox] = [TestBox(), TestBox()]
        var tasks: [Task<Bool, Never>] = []
        for i in 0..<40 {
            let s = i % 2
            let box = boxes[(i * 7 + i / 3) % boxes.count]
            last[s] = box
            tasks.append(screens[s].renderer.renderInBackground(box))
            if i % 4 == 3 { try? await Task.sleep(for: .microseconds(300)) }
        }
        for t in tasks { _ = await t.value }
        for (k, screen) in screens.enumerated() {
            while screen.renderer.isRenderingInBackground { await Task.yield() }
            screen.view.finishAnimations()
            let problems = screen.problems(showing: last[k])
            #expect(problems.isEmpty, "screen \(k): \(problems.prefix(2))")
        }
    }
}
