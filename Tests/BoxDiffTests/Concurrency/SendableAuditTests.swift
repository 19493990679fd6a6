import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

// The `Sendable` claims of the public API under real parallelism (run
// under `--sanitize=thread`): a Box's lazily published identity table, a
// workspace's kept call lists shared with changesets another thread reads,
// and components holding values that are not `Sendable`.

/// A Bento-style component: a class that is not `Sendable`, whose
/// `description` reads mutable state.
private final class Probe: CustomStringConvertible {
    var text = "initial"
    var description: String { "probe " + text }
}

private typealias TestBox = BoxGenerators.TestBox

/// A Box of `sections` sections of `rows` rows each, built fresh (its
/// cache empty).
private func freshBox(round: Int, sections: Int = 3, rows: Int = 60) -> TestBox {
    TestBox(
        sections: (0..<sections).map { s in
            Section(
                id: s, header: Component("h\(s)-\(round)"),
                rows: (0..<rows).map { r in Node(id: s * 1000 + r, component: "r\(r)-\(round % 7)") })
        })
}

@Suite("Concurrency: Sendable audit")
struct SendableAuditTests {
    /// Copies of one fresh Box, diffed and asked for their identity table
    /// by several threads at once: one publishes the table, the others
    /// read it (or publish an equal one that is dropped). Each sees the
    /// table of the Box's content, and the Box ends up holding it.
    @Test func identityTablePublishedByManyThreadsAtOnce() {
        let failures = Locked(0)
        for round in 0..<200 {
            let box = freshBox(round: round)
            let other = freshBox(round: round + 1)
            let expected = IdentityTable(box)
            #expect(!box.hasCachedIdentityTable)
            DispatchQueue.concurrentPerform(iterations: 6) { k in
                let copy = box
                var ok = true
                if k % 2 == 0 {
                    ok = copy.identityTable == expected
                } else if let changeset = try? StagedChangeset(source: copy, target: other) {
                    ok =
                        BoxReplay.problems(changeset, from: copy, to: other).isEmpty
                        && copy.identityTable == expected
                } else {
                    ok = false
                }
                if !ok { failures.withLock { $0 += 1 } }
            }
            #expect(box.hasCachedIdentityTable)
            #expect(box.identityTable == expected)
        }
        #expect(failures.withLock { $0 } == 0)
    }

    /// One thread publishes a Box's table and drops its copy while another
    /// mutates its own copy of the same Box, which then holds the shared
    /// cache alone and empties it in place: the mutated copy gets the
    /// table of its new content, never the published one.
    @Test func aCopyMutatedWhileAnotherPublishesGetsItsOwnTable() {
        let failures = Locked(0)
        for round in 0..<400 {
            // The original is dropped: the threads' copies alone share the
            // cache, so the mutating one may find it unshared.
            let slots = Locked([freshBox(round: round, sections: 2, rows: 20)])
            slots.withLock { $0.append($0[0]) }
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                var copy = slots.withLock { slots in
                    var taken = TestBox()
                    swap(&taken, &slots[k])
                    return taken
                }
                if k == 0 {
                    if copy.identityTable != IdentityTable(copy) { failures.withLock { $0 += 1 } }
                } else {
                    for _ in 0..<(round % 5) { _ = copy.rowCount }
                    copy.append(node: Node(id: 99_999, component: "new"))
                    let table = copy.identityTable
                    if table != IdentityTable(copy) || table.rowCount != 41 { failures.withLock { $0 += 1 } }
                }
            }
        }
        #expect(failures.withLock { $0 } == 0)
    }

    /// A workspace keeps the call lists of its last changeset to reuse
    /// their buffers; that changeset went to another thread, which reads
    /// and drops it while the workspace diffs again. The lists are copied
    /// on write while the other thread holds them: every changeset read
    /// there replays.
    @Test func keptListsOfAWorkspaceWhileAnotherThreadReadsTheChangesets() {
        let mailbox = Locked<[(TestBox, TestBox, StagedChangeset<TestBox>)]>([])
        let produced = Locked(false)
        let failures = Locked(0)
        let read = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            if k == 0 {
                var rng = SeededGenerator(seed: 11)
                guard let workspace = try? DiffWorkspace() else {
                    failures.withLock { $0 += 1 }
                    produced.withLock { $0 = true }
                    return
                }
                for _ in 0..<300 {
                    let shape = BoxPairShape(maxSections: 4, maxRowsPerSection: 30, editRate: 0.3)
                    let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
                    guard
                        let changeset = try? StagedChangeset(
                            source: old, target: new, workspace: workspace)
                    else {
                        failures.withLock { $0 += 1 }
                        continue
                    }
                    mailbox.withLock { $0.append((old, new, changeset)) }
                }
                produced.withLock { $0 = true }
            } else {
                while true {
                    let next = mailbox.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                    guard let (old, new, changeset) = next else {
                        if produced.withLock({ $0 }) && mailbox.withLock({ $0.isEmpty }) { break }
                        continue
                    }
                    if !BoxReplay.problems(changeset, from: old, to: new).isEmpty { failures.withLock { $0 += 1 } }
                    read.withLock { $0 += 1 }
                }
            }
        }
        #expect(read.withLock { $0 } == 300)
        #expect(failures.withLock { $0 } == 0)
    }

    /// A Box holding a component that is not `Sendable` is `Sendable`, so
    /// it may be described on another thread (a logger) while the main
    /// actor, which owns the component, changes it. The description must
    /// not read the component: it names the type only.
    @MainActor
    @Test func describingABoxDoesNotReadAnIncomparableComponent() async {
        let probe = Probe()
        let box = TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: probe)])])
        let running = Locked(false)
        let logger = Task.detached {
            running.withLock { $0 = true }
            var descriptions: [String] = []
            for _ in 0..<2000 { descriptions.append(box.description) }
            return descriptions
        }
        // The main actor changes the component while the logger runs.
        while !running.withLock({ $0 }) {}
        for k in 0..<2000 { probe.text = "changed \(k)" }
        let descriptions = await logger.value
        #expect(descriptions.allSatisfy { !$0.contains("probe") })
        #expect(descriptions.allSatisfy { $0.contains("incomparable(Probe)") })
        #expect(probe.text == "changed 1999")
    }

    /// A renderer's background diffs take workspaces from its pool and give
    /// them back, while the main actor applies the changesets whose lists
    /// those workspaces keep: awaited renders one after another, each
    /// applied, the view ending on the last Box.
    @MainActor
    @Test func backgroundRendersReuseThePoolsWorkspaces() async {
        var rng = SeededGenerator(seed: 5)
        let screen = RendererScreen()
        var last = TestBox()
        for _ in 0..<150 {
            let shape = BoxPairShape(maxSections: 4, maxRowsPerSection: 25, editRate: 0.3)
            let (a, b) = BoxGenerators.pair(shape: shape, using: &rng)
            last = Bool.random(using: &rng) ? a : b
            let applied = await screen.renderer.renderAsync(last)
            #expect(applied)
            // A few renders in a row: the older ones are dropped.
            screen.renderer.renderInBackground(Bool.random(using: &rng) ? b : a)
        }
        let applied = await screen.renderer.renderAsync(last)
        #expect(applied)
        screen.view.finishAnimations()
        #expect(screen.problems(showing: last).isEmpty)
    }
}
