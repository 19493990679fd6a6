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

    /// A kept block run after `performBatchUpdates` returned, through
    /// `reload(using:)` and through a renderer: it read the caller's freed
    /// stages (AddressSanitizer: heap-use-after-free in `applyCalls`) and
    /// the released renderer (signal 11 in `BoxRenderer.store(_:at:)`).
    /// It stops the program with the updater's message now. Found by
    /// review, 2026-12-03.
    @Test func aKeptBlockRunLaterStopsTheProgramWithAMessage() async {
        let throughReload = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { Self.runKeptBlocksLater(throughARenderer: false) }
        }
        let throughRenderer = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { Self.runKeptBlocksLater(throughARenderer: true) }
        }
        for result in [throughReload, throughRenderer] {
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("ran its updates block after returning"), "\(message.suffix(400))")
        }
    }

    /// Reloads a view that keeps its blocks (a changeset of 64 strings, or
    /// a renderer's Box of 32 rows), lets the changeset or the renderer go,
    /// then runs the kept blocks.
    @MainActor
    static func runKeptBlocksLater(throughARenderer: Bool) {
        let view = BlockKeepingListView()
        if throughARenderer {
            var shown = BoxGenerators.TestBox()
            do {
                let renderer = BoxRenderer(view: view) { shown = $0 }
                renderer.render(
                    BoxGenerators.TestBox(sections: [
                        Section(id: 0, rows: (0..<32).map { Node(id: $0, component: "r\($0)") })
                    ]))
            }
            precondition(shown.rowCount == 32)
        } else {
            var list: [String] = []
            do {
                let changeset = try! StagedChangeset(
                    source: (0..<64).map { "old\($0)" }, target: (0..<64).map { "new\($0)" })
                view.reload(using: changeset, setData: { list = $0 })
            }
            precondition(list.count == 64)
        }
        precondition(!view.kept.isEmpty)
        for block in view.kept { block() }
    }
}
