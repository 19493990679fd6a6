import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

private func rows(_ ids: [Int], tag: String = "") -> BoxGenerators.TestBox {
    BoxGenerators.TestBox(sections: [Section(id: 0, rows: ids.map { Node(id: $0, component: "\($0)\(tag)") })])
}

@Suite("Updater: background render loops") @MainActor
struct BackgroundRenderLoopTests {
    /// RenderLoopTests.aSetterThatReRendersTheSameStateSettles with the
    /// setter re-rendering off the main actor (`renderInBackground`, which
    /// the setter's call relays until the outer render is applied): the
    /// relayed render finds no change and hands its Box to the setter,
    /// which requests another, without end (capped here at 50 setter calls).
    @Test func aSetterThatReRendersInBackgroundSettles() async {
        let screen = RendererScreen(showing: rows([1]))
        var calls = 0
        var tasks: [Task<Bool, Never>] = []
        screen.store.onSetData = {
            calls += 1
            guard calls < 50 else { return }
            tasks.append(screen.renderer.renderInBackground(rows([1, 2])))
        }
        screen.renderer.render(rows([1, 2]))
        var spins = 0
        while screen.renderer.isRenderingInBackground && spins < 10_000 {
            await Task.yield()
            spins += 1
        }
        for task in tasks { _ = await task.value }
        screen.view.finishAnimations()
        screen.store.onSetData = nil
        #expect(calls <= 2, "setData called \(calls) times for one change")
        #expect(screen.problems(showing: rows([1, 2])).isEmpty)
    }

    /// The same with a background render as the outer one: a background
    /// render whose setter re-renders in background.
    @Test func aBackgroundRenderWhoseSetterReRendersInBackgroundSettles() async {
        let screen = RendererScreen(showing: rows([1]))
        var calls = 0
        screen.store.onSetData = {
            calls += 1
            guard calls < 50 else { return }
            screen.renderer.renderInBackground(rows([1, 2]))
        }
        _ = await screen.renderer.renderAsync(rows([1, 2]))
        var spins = 0
        while screen.renderer.isRenderingInBackground && spins < 10_000 {
            await Task.yield()
            spins += 1
        }
        screen.view.finishAnimations()
        screen.store.onSetData = nil
        #expect(calls <= 2, "setData called \(calls) times for one change")
        #expect(screen.problems(showing: rows([1, 2])).isEmpty)
    }
}
