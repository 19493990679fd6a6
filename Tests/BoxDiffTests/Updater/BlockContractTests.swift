import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

/// A list view that breaks the ``ListView`` contract the unretained batch
/// blocks rely on: it keeps each `updates` block and runs it later (as a
/// wrapper that defers work to the next run-loop turn does), or never.
@MainActor
final class DeferringListView: ForwardingListView {
    let inner = RecordingListView()
    /// The blocks received, not run yet.
    var deferred: [() -> Void] = []
    /// Runs each block twice, before returning, instead of deferring it.
    var runTwice = false

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        if runTwice {
            inner.performBatchUpdates(
                {
                    updates?()
                    updates?()
                }, completion: completion)
            return
        }
        if let updates { deferred.append(updates) }
        inner.log.append("batch (deferred)")
        completion?(true)
    }
    func runDeferred() {
        let blocks = deferred
        deferred = []
        for block in blocks { block() }
    }
}

private func rows(_ ids: [Int]) -> BoxGenerators.TestBox {
    BoxGenerators.TestBox(sections: [Section(id: 0, rows: ids.map { Node(id: $0, component: "\($0)") })])
}

@Suite("Updater: a view runs each batch block once, before returning")
struct BlockContractTests {
    /// A view that does not run the batch block before returning: the
    /// renderer's block holds the renderer unretained and a pointer into
    /// the render's changeset, both gone once `render` returns. Nothing
    /// checked it: the render returned normally with the data source never
    /// set (`shownBox` on the target, the data source on the old Box), and
    /// a block run later read a freed changeset and renderer (ASan:
    /// heap-use-after-free). The
    /// updater must stop at the broken contract instead.
    @Test func aViewThatDoesNotRunTheBlockBeforeReturningStops() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let view = DeferringListView()
                var data = rows([1, 2])
                let renderer = BoxRenderer<Int, Int, DeferringListView>(view: view, showing: data) {
                    data = $0
                }
                renderer.render(rows([2, 3]))
                // Reached on the old code: the data source never got the Box.
                precondition(data == rows([1, 2]) && renderer.shownBox == rows([2, 3]))
            }
        }
    }

    /// The same through `reload(using:)`: the block keeps a pointer into
    /// the caller's changeset, and the caller's `setData` was dropped.
    @Test func reloadOnAViewThatDoesNotRunTheBlockStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let view = DeferringListView()
                var list = [1, 2, 3]
                let changeset = try! StagedChangeset(source: list, target: [3, 1, 4])
                view.reload(using: changeset, setData: { list = $0 })
                precondition(list == [1, 2, 3])
            }
        }
        // Printed by release builds too (a precondition's message, until
        // 2026-12-03, was not: found by review).
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains("ListView.performBatchUpdates must run its updates block exactly once, before returning"),
            "\(message)")
    }

    /// A view that runs the block twice: the renderer moves each stage's
    /// Box out of its changeset, so the second run handed the data source
    /// an empty Box while the view was told about the target's rows.
    @Test func aViewThatRunsTheBlockTwiceStops() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let view = DeferringListView()
                view.runTwice = true
                var data = rows([1, 2])
                let renderer = BoxRenderer<Int, Int, DeferringListView>(view: view, showing: data) {
                    data = $0
                }
                renderer.render(rows([2, 3]))
                precondition(data == BoxGenerators.TestBox(), "the second run emptied the data source")
            }
        }
    }
}
