import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

/// `reload(using:)`'s completion on a view that ends its batches before
/// `performBatchUpdates` returns (AppKit's `NSTableView` adapter, a view
/// that does not animate): it runs after the last stage's reconfigures, as
/// it does on UIKit, where it waits for the animations.
@Suite("Completion after the last reconfigures")
@MainActor
struct CompletionOrderTests {
    func item(_ id: Int, _ text: String) -> TextItem { TextItem(id: id, text: text) }

    /// A view whose completions run at once: the completion comes after the
    /// reconfigure of the last stage.
    @Test func completionFollowsTheLastReconfigure() throws {
        var options = DiffOptions()
        options.updateStyle = .reconfigure
        let old = [item(1, "a"), item(2, "b")]
        let new = [item(2, "b"), item(1, "A")]
        let changeset = try StagedChangeset(source: old, target: new, options: options)
        #expect(changeset.last?.elementReconfigured.isEmpty == false)
        let view = RecordingListView()
        view.reload(using: changeset, setData: { _ in }, completion: { view.log.append("completion") })
        #expect(view.log.last == "completion", "\(view.log)")
    }

    /// A reload chained from the completion (the next render once this one
    /// is on screen), on a table whose calls apply at once: the first
    /// reload's reconfigure must not land on the second one's rows, which
    /// left the moved, changed row showing its old text.
    @Test func reloadChainedFromTheCompletionShowsTheTarget() throws {
        var options = DiffOptions()
        options.updateStyle = .reconfigure
        let old = [item(1, "a"), item(2, "b")]
        let middle = [item(2, "b"), item(1, "A")]
        let new = [item(3, "c"), item(2, "b"), item(1, "A")]
        let first = try StagedChangeset(source: old, target: middle, options: options)
        let second = try StagedChangeset(source: middle, target: new, options: options)
        var data = old
        let table = SimulatedRowTable(showing: old)
        table.dataSource = { data }
        let view = SequentialRowListView(table)
        var completions = 0
        view.reload(
            using: first, setData: { data = $0 },
            completion: { view.reload(using: second, setData: { data = $0 }, completion: { completions += 1 }) })
        #expect(table.problems.isEmpty, "\(table.problems)")
        #expect(table.shown == new, "\(table.shown) ≠ \(new)")
        #expect(completions == 1)
    }

    /// Random flat lists, every option set: each reload's completion starts
    /// the next one on a table whose calls apply at once; the table ends on
    /// the last list, with no call out of range and every completion once.
    @Test func randomReloadsChainedFromCompletionsOnATable() {
        var rng = SeededGenerator(seed: 0xC0_4E7E)
        for options in OptionGrids.all {
            let lists = (0..<12).map { _ in randomRows(count: Int.random(in: 0...10, using: &rng), using: &rng) }
            var data = lists[0]
            let table = SimulatedRowTable(showing: data)
            table.dataSource = { data }
            let view = SequentialRowListView(table)
            var completions = Array(repeating: 0, count: lists.count)
            func reload(_ index: Int) {
                guard index < lists.count,
                    let changeset = try? StagedChangeset(
                        source: lists[index - 1], target: lists[index], options: options)
                else { return }
                view.reload(
                    using: changeset, setData: { data = $0 },
                    completion: {
                        completions[index] += 1
                        reload(index + 1)
                    })
            }
            reload(1)
            let name = optionName(options)
            #expect(table.problems.isEmpty, "\(name): \(table.problems)")
            #expect(table.shown == lists[lists.count - 1], "\(name): \(table.shown) ≠ \(lists[lists.count - 1])")
            #expect(completions.dropFirst().allSatisfy { $0 == 1 }, "\(name): \(completions)")
        }
    }

    /// A renderer's completions run in the order of the renders: the
    /// completion of a render that changes nothing, of one the view takes
    /// as a reload (out of its window) and of a failed diff's reload ran at
    /// once, while the render before them still animated; they wait for
    /// its completion now.
    @Test func rendererCompletionsRunInTheOrderRequested() {
        var options = DiffOptions()
        options.duplicates = .reject
        let screen = RendererScreen(options: options)
        var ran: [String] = []
        let first = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: "a")])])
        let second = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 2, component: "b")])])
        let repeated = BoxGenerators.TestBox(sections: [
            Section(id: 0, rows: [Node(id: 3, component: "c"), Node(id: 3, component: "c")])
        ])
        screen.renderer.render(first) { ran.append("animated") }
        screen.renderer.render(first) { ran.append("unchanged") }
        screen.view.canAnimateBatchUpdates = false
        screen.renderer.render(second) { ran.append("reloaded") }
        screen.view.canAnimateBatchUpdates = true
        screen.renderer.render(repeated) { ran.append("failed diff") }
        #expect(screen.renderer.fallbackReloadCount == 1)
        #expect(ran.isEmpty, "\(ran) ran while the first render animated")
        screen.view.finishAnimations()
        #expect(ran == ["animated", "unchanged", "reloaded", "failed diff"])
        #expect(screen.problems(showing: repeated).isEmpty, "\(screen.problems(showing: repeated))")
        // Once nothing animates, a completion runs at once again (a reload:
        // the shown Box repeats an id), and the next animated one waits for
        // its batch.
        screen.renderer.render(second) { ran.append("reloaded again") }
        #expect(ran.last == "reloaded again")
        screen.renderer.render(first) { ran.append("animated again") }
        #expect(ran.last == "reloaded again")
        screen.view.finishAnimations()
        #expect(ran.last == "animated again")
    }

    /// Completions that request renders of their own, some animated, some
    /// not, over random sequences: every completion once, in the order its
    /// render was requested.
    @Test func chainedRendererCompletionsKeepTheirOrder() {
        var rng = SeededGenerator(seed: 0x0DE5)
        let screen = RendererScreen()
        var requested = 0
        var ran: [Int] = []
        let boxes = (0..<4).map { n in
            BoxGenerators.TestBox(sections: [Section(id: 0, rows: (0...n).map { Node(id: $0, component: "r\($0)") })])
        }
        func request(chained: Int) {
            let index = requested
            requested += 1
            screen.renderer.render(boxes.randomElement(using: &rng)!) {
                ran.append(index)
                for _ in 0..<chained { request(chained: 0) }
            }
        }
        for _ in 0..<200 {
            request(chained: Int.random(in: 0...2, using: &rng))
            if Bool.random(using: &rng) { screen.view.finishAnimations() }
        }
        while screen.view.pendingCompletionCount > 0 { screen.view.finishAnimations() }
        #expect(ran == Array(0..<requested), "\(ran.prefix(60))")
        #expect(screen.view.issues.isEmpty)
    }
}
