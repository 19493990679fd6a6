import BoxDiff
import BoxDiffTestSupport
import Testing

/// Carbon's `renderer.render { ... }`: a renderer given the body of
/// sections shows the Box it builds, animated as `render(_:)` shows it.
@Suite("Updater: rendering a built Box")
@MainActor
struct BuilderRenderTests {
    @Test func renderingABuilderBodyShowsItsBox() {
        let screen = RendererScreen()
        var flagged = true
        func body() -> BoxGenerators.TestBox {
            Box {
                Section(id: 1, header: "Inbox") {
                    for k in 0..<4 { k <> "message \(k)" }
                }
                if flagged {
                    Section(id: 2, header: "Flagged") { 10 <> "flagged" }
                }
            }
        }
        screen.renderer.render {
            Section(id: 1, header: "Inbox") {
                for k in 0..<4 { k <> "message \(k)" }
            }
            if flagged {
                Section(id: 2, header: "Flagged") { 10 <> "flagged" }
            }
        }
        screen.view.finishAnimations()
        #expect(screen.problems(showing: body()).isEmpty)
        let batches = screen.view.batchCount

        flagged = false
        screen.renderer.render {
            Section(id: 1, header: "Inbox") {
                for k in [3, 0, 1, 2] { k <> "message \(k)" }
            }
            if flagged {
                Section(id: 2, header: "Flagged") { 10 <> "flagged" }
            }
        }
        screen.view.finishAnimations()
        let expected = Box<Int, Int> {
            Section(id: 1, header: "Inbox") {
                for k in [3, 0, 1, 2] { k <> "message \(k)" }
            }
        }
        #expect(screen.problems(showing: expected).isEmpty)
        #expect(screen.view.batchCount > batches, "an animated update, not a reload")
    }

    /// Carbon's `isAnimationEnabled` and updater completion with the
    /// builder: `render(animated:completion:) { ... }` (found missing by
    /// review, 2026-12-03).
    @Test func renderingABuilderBodyWithOptions() {
        let screen = RendererScreen()
        var completions = 0
        let done = { completions += 1 }
        screen.renderer.render(completion: done) {
            Section(id: 1, header: "Inbox") { 1 <> "one" }
        }
        #expect(completions == 0, "before the animations end")
        screen.view.finishAnimations()
        #expect(completions == 1)
        let batches = screen.view.batchCount
        let reloads = screen.view.reloadDataCount
        screen.renderer.render(animated: false, completion: done) {
            Section(id: 1, header: "Inbox") { 2 <> "two" }
        }
        screen.view.finishAnimations()
        #expect(completions == 2)
        #expect(screen.view.batchCount == batches && screen.view.reloadDataCount == reloads + 1, "a reload, no batch")
        let expected = Box<Int, Int> { Section(id: 1, header: "Inbox") { 2 <> "two" } }
        #expect(screen.problems(showing: expected).isEmpty)
    }
}
