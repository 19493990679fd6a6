import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

/// A list view that keeps each batch's `updates` block after running it,
/// as a view that records its batches, or a proxy that keeps the call's
/// arguments, does. ``ListView`` asks a view to run the block before
/// `performBatchUpdates` returns, not to let go of it.
@MainActor
final class BlockKeepingListView: ForwardingListView {
    let inner = RecordingListView()
    /// Every `updates` block received, kept.
    var kept: [() -> Void] = []

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        if let updates { kept.append(updates) }
        inner.performBatchUpdates(updates, completion: completion)
    }
}

@Suite("Updater: views that keep the batch block")
struct RetainedBatchBlockTests {
    /// `reload(using:)` on a view that keeps the blocks stopped the
    /// program as the reload returned ("closure argument was escaped in
    /// withoutActuallyEscaping block": the blocks held the caller's
    /// `setData`), debug and release builds alike. A flat changeset and a
    /// staged Box one with reconfigures: the data ends on the target, the
    /// completion runs once, and the process exits normally.
    @Test func reloadOnAViewThatKeepsTheBlocks() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let view = BlockKeepingListView()
                var list = [1, 2, 3]
                let flat = try! StagedChangeset(source: list, target: [3, 1, 4])
                var completions = 0
                view.reload(using: flat, setData: { list = $0 }, completion: { completions += 1 })
                precondition(list == [3, 1, 4] && completions == 1)

                var options = DiffOptions()
                options.updateStyle = .reconfigure
                let old = BoxGenerators.TestBox(sections: [
                    Section(id: 0, rows: [Node(id: 1, component: "a"), Node(id: 2, component: "b")]),
                    Section(id: 1, rows: [Node(id: 3, component: "c")]),
                ])
                let new = BoxGenerators.TestBox(sections: [
                    Section(id: 1, rows: [Node(id: 3, component: "C"), Node(id: 1, component: "a")]),
                    Section(id: 2, rows: [Node(id: 4, component: "d")]),
                ])
                let staged = try! StagedChangeset(source: old, target: new, options: options)
                precondition(staged.count > 1)
                var box = old
                view.reload(using: staged, setData: { box = $0 }, completion: { completions += 1 })
                precondition(box == new && completions == 2)
                precondition(view.kept.count == flat.count + staged.count)
            }
        }
    }
}
