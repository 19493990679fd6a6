import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

private func rows(_ ids: [Int], tag: String = "") -> BoxGenerators.TestBox {
    BoxGenerators.TestBox(sections: [Section(id: 0, rows: ids.map { Node(id: $0, component: "\($0)\(tag)") })])
}

@Suite("Updater: render loops") @MainActor
struct RenderLoopTests {
    /// A data source whose setter re-renders the screen's state (the
    /// pattern `render(_:completion:)`'s documentation names: "as when the
    /// data source's setter re-renders"): the re-render finds no change.
    /// A render without changes hands its Box to `setData` (2d38980), which
    /// re-rendered again: an endless loop inside `runDeferredRenders`
    /// (capped here at 50 setter calls). A render the setter requests while
    /// handed such a Box does not hand its Box over again.
    @Test func aSetterThatReRendersTheSameStateSettles() {
        let screen = RendererScreen(showing: rows([1]))
        var calls = 0
        screen.store.onSetData = {
            calls += 1
            guard calls < 50 else { return }
            // The state did not change: the same Box, rebuilt.
            screen.renderer.render(rows([1, 2]))
        }
        screen.renderer.render(rows([1, 2]))
        screen.view.finishAnimations()
        screen.store.onSetData = nil
        #expect(calls <= 2, "setData called \(calls) times for one change")
    }

    /// A steady render loop (animated and not, completions capturing the
    /// screen, animations ended now and then): once the animations end and
    /// the screen is dropped, renderer, view and data source are freed.
    @Test func aSteadyRenderLoopLeavesNoCycle() {
        weak var weakRenderer: BoxRenderer<Int, Int, RendererScreen.View>?
        weak var weakView: RendererScreen.View?
        weak var weakStore: RendererScreen.Store?
        var ran = 0
        do {
            let screen = RendererScreen()
            for i in 0..<300 {
                let box = rows(Array(0..<(i % 7)), tag: i % 5 == 0 ? "x" : "")
                screen.renderer.render(box, animated: i % 11 != 0) {
                    _ = screen
                    ran += 1
                }
                if i % 3 == 0 { screen.view.finishAnimations() }
            }
            screen.view.finishAnimations()
            #expect(screen.view.issues.isEmpty)
            weakRenderer = screen.renderer
            weakView = screen.view
            weakStore = screen.store
        }
        #expect(ran == 300)
        #expect(weakRenderer == nil && weakView == nil && weakStore == nil)
    }
}
