import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

// Stress tests of the diff's thread-safety and the renderer's
// off-main renders, for `--sanitize=thread`.

private typealias TestBox = BoxGenerators.TestBox

private func freshBox(_ seed: Int, sections: Int = 3, rows: Int = 40) -> TestBox {
    TestBox(
        sections: (0..<sections).map { s in
            Section(
                id: s, header: Component("h\(s)"),
                rows: (0..<rows).map { r in
                    Node(id: s * 1000 + (r * 11 + seed) % rows, component: "r\(r)-\(seed % 5)")
                })
        })
}

@Suite("Concurrency: one Box diffed on many threads")
struct RendererConcurrencyStressTests {
    /// Many threads diff the same two fresh Boxes (both directions, with
    /// and without a workspace) while others mutate their own copies of
    /// them and diff those: every changeset replays, every copy's table is
    /// its own content's, and the originals keep theirs.
    @Test func sameBoxesDiffedOnManyThreadsWhileCopiesMutate() {
        let failures = Locked<[String]>([])
        for round in 0..<150 {
            let a = freshBox(round)
            let b = freshBox(round + 1, rows: 35)
            DispatchQueue.concurrentPerform(iterations: 8) { k in
                let workspace = k % 2 == 0 ? try? DiffWorkspace() : nil
                switch k % 4 {
                case 0, 1:
                    let (s, t) = k % 4 == 0 ? (a, b) : (b, a)
                    guard let c = try? StagedChangeset(source: s, target: t, workspace: workspace) else {
                        failures.withLock { $0.append("diff failed") }
                        return
                    }
                    let p = BoxReplay.problems(c, from: s, to: t)
                    if !p.isEmpty { failures.withLock { $0.append("\(p)") } }
                case 2:
                    var copy = a
                    _ = copy.identityTable
                    copy.append(node: Node(id: 77_777, component: "x"))
                    if copy.identityTable != IdentityTable(copy) { failures.withLock { $0.append("copy table") } }
                    if let c = try? StagedChangeset(source: copy, target: b, workspace: workspace) {
                        let p = BoxReplay.problems(c, from: copy, to: b)
                        if !p.isEmpty { failures.withLock { $0.append("\(p)") } }
                    }
                default:
                    var copy = b
                    copy.sections.removeLast()
                    if copy.identityTable != IdentityTable(copy) { failures.withLock { $0.append("copy table b") } }
                    if let c = try? StagedChangeset(source: a, target: copy, workspace: workspace) {
                        let p = BoxReplay.problems(c, from: a, to: copy)
                        if !p.isEmpty { failures.withLock { $0.append("\(p)") } }
                    }
                }
            }
            if a.identityTable != IdentityTable(a) || b.identityTable != IdentityTable(b) {
                failures.withLock { $0.append("original table") }
            }
        }
        let all = failures.withLock { $0 }
        #expect(all.isEmpty, "\(all.prefix(3))")
    }
}

@MainActor
private final class Recorder {
    var order: [Int] = []
    var boxes: [Int: TestBox] = [:]
    var syncCount = 0
}

@Suite("Concurrency: renderer storms")
@MainActor
struct RendererStormTests {
    /// Detached tasks build Boxes and request renders (off-main, awaited,
    /// cancelled, or synchronous) on the main actor, in an order recorded
    /// there: every task resolves, the
    /// screen ends on the last Box requested, no render is left pending,
    /// and every request is counted once (applied or dropped).
    @Test func concurrentRequestersEndOnTheLastRequest() async {
        for seed in UInt64(1)...UInt64(40) {
            let screen = RendererScreen()
            let rec = Recorder()
            let results = Locked<[Int: Bool]>([:])
            await withTaskGroup(of: Void.self) { group in
                for i in 0..<24 {
                    group.addTask {
                        var rng = SeededGenerator(seed: seed &* 1000 &+ UInt64(i))
                        let shape = BoxPairShape(maxSections: 4, maxRowsPerSection: 20, editRate: 0.3)
                        let (x, y) = BoxGenerators.pair(shape: shape, using: &rng)
                        let box = marked(Bool.random(using: &rng) ? x : y, i)
                        let kind = Int.random(in: 0..<4, using: &rng)
                        let task: Task<Bool, Never>? = await MainActor.run {
                            rec.order.append(i)
                            rec.boxes[i] = box
                            switch kind {
                            case 0:
                                rec.syncCount += 1
                                screen.renderer.render(box)
                                return nil
                            default:
                                return screen.renderer.renderInBackground(box)
                            }
                        }
                        if let task {
                            if kind == 3 { task.cancel() }
                            let applied = await task.value
                            results.withLock { $0[i] = applied }
                        }
                        if i % 5 == 0 { await MainActor.run { screen.view.finishAnimations() } }
                    }
                }
            }
            while screen.renderer.isRenderingInBackground { await Task.yield() }
            screen.view.finishAnimations()
            let order = rec.order
            let syncCount = rec.syncCount
            let last = rec.boxes[order.last!]!
            let r = results.withLock { $0 }
            let applied = r.values.filter { $0 }.count
            // The last request wins unless it was a cancelled background one.
            if r[order.last!] != false {
                let problems = screen.problems(showing: last)
                #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(2))")
            } else {
                #expect(screen.view.issues.isEmpty)
                #expect(screen.store.box == screen.renderer.shownBox)
            }
            #expect(!screen.renderer.isRenderingInBackground)
            #expect(screen.renderer.appliedRenderCount == syncCount + applied, "seed \(seed)")
            #expect(screen.renderer.droppedRenderCount == r.count - applied, "seed \(seed)")
            // Applied in the order requested.
            let shown = markers(screen.store.received)
            let positions = shown.compactMap { order.firstIndex(of: $0) }
            #expect(positions == positions.sorted(), "seed \(seed): \(shown) vs \(order)")
        }
    }

    /// renderAsync from a task group that is cancelled midway: every call
    /// returns, those cancelled before their diff ended say false, and the
    /// screen shows what the renderer says it shows.
    @Test func cancelledGroupOfAsyncRenders() async {
        for seed in UInt64(1)...UInt64(30) {
            let screen = RendererScreen()
            let outcomes = Locked<[Bool]>([])
            await withTaskGroup(of: Void.self) { group in
                for i in 0..<16 {
                    var rng = SeededGenerator(seed: seed &* 77 &+ UInt64(i))
                    let shape = BoxPairShape(maxSections: 3, maxRowsPerSection: 30)
                    let x = marked(BoxGenerators.pair(shape: shape, using: &rng).0, i)
                    let renderer = screen.renderer!
                    group.addTask {
                        let ok = await renderer.renderAsync(x)
                        outcomes.withLock { $0.append(ok) }
                    }
                    if i == 8 { group.cancelAll() }
                }
            }
            while screen.renderer.isRenderingInBackground { await Task.yield() }
            screen.view.finishAnimations()
            #expect(outcomes.withLock { $0.count } == 16)
            #expect(screen.view.issues.isEmpty)
            #expect(screen.store.box == screen.renderer.shownBox)
            #expect(screen.view.shown == RendererScreen.View.sections(of: screen.renderer.shownBox))
            let trues = outcomes.withLock { $0.filter { $0 }.count }
            #expect(screen.renderer.appliedRenderCount == trues)
            #expect(screen.renderer.droppedRenderCount == 16 - trues)
        }
    }
}
