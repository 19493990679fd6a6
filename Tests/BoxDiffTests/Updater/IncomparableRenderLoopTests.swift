import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

/// A Bento-style class component: a new instance each time a screen
/// builds its Box, never `==` to another (`Component(incomparable:)`).
private final class Label {
    let text: String
    init(_ text: String) { self.text = text }
}

/// Another class, for a header that changes class.
private final class Badge {
    let text: String
    init(_ text: String) { self.text = text }
}

/// Where a screen's class component sits.
enum ClassComponentPlace: CaseIterable, Sendable {
    /// A row.
    case row
    /// A section's header, on a view that reloads the section.
    case reloadedHeader
    /// A section's header, on a view that re-binds it in place.
    case reboundHeader
}

/// One section with one row, the class component (`Label(text)`, a new
/// instance) at `place`, the rest comparable.
private func screenBox(_ text: String, at place: ClassComponentPlace) -> BoxGenerators.TestBox {
    let label = Component(incomparable: Label(text))
    return BoxGenerators.TestBox(sections: [
        Section(
            id: 0, header: place == .row ? Component("header") : label,
            rows: [Node(id: 1, component: place == .row ? label : Component("row"))])
    ])
}

/// The text of the `Label` the view shows at `place`, if it shows one.
@MainActor
private func shownText(_ view: RendererScreen.View, at place: ClassComponentPlace) -> String? {
    guard let section = view.shown.first else { return nil }
    let component = place == .row ? section.items.first?.component : section.header.header
    return component?.value(as: Label.self)?.text
}

/// The text of the `Label` the data source holds at `place`.
private func heldText(_ box: BoxGenerators.TestBox, at place: ClassComponentPlace) -> String? {
    guard let section = box.sections.first else { return nil }
    let component = place == .row ? section.rows.first?.component : section.header
    return component?.value(as: Label.self)?.text
}

@Suite("Updater: render loops through class components") @MainActor
struct IncomparableRenderLoopTests {
    /// A screen for `place`: a view that re-binds headers in place for
    /// ``ClassComponentPlace/reboundHeader``.
    private func screen(at place: ClassComponentPlace) -> RendererScreen {
        let screen = RendererScreen(showing: screenBox("old", at: place))
        if place == .reboundHeader {
            screen.view.reconfiguresSections = true
            screen.view.sameSection = { $0.id == $1.id }
        }
        screen.view.reloadData()
        return screen
    }

    /// RenderLoopTests.aSetterThatReRendersTheSameStateSettles with the
    /// state in a class component: every re-render of the same state holds
    /// a new instance, which the diff re-binds (a change), so the setter
    /// was handed Box after Box and the main thread never left the
    /// renders (capped here at 100 setter calls; found by review,
    /// 2026-12-01). A render requested during another's apply that
    /// changes only such content is handed over as unchanged, and the
    /// render its setter requests then, alike, is not applied. With
    /// `reRendered` "derived", the setter changes the state once, inside
    /// the class component (a count, a badge it computes from what it was
    /// handed): that render is applied, the view shows it, and the renders
    /// settle too.
    @Test(arguments: ClassComponentPlace.allCases, ["new", "derived"])
    func aSetterReRenderingClassComponentsSettles(_ place: ClassComponentPlace, reRendered: String) {
        let screen = screen(at: place)
        var calls = 0
        screen.store.onSetData = {
            calls += 1
            guard calls < 100 else { return }
            screen.renderer.render(screenBox(reRendered, at: place))
        }
        screen.renderer.render(screenBox("new", at: place))
        screen.view.finishAnimations()
        screen.store.onSetData = nil
        #expect(calls <= 2, "setData called \(calls) times for one change, \(screen.view.batchCount) batches")
        #expect(screen.view.issues.isEmpty)
        #expect(RendererScreen.View.mismatches(screen.view.shown, screen.store.box).isEmpty)
        #expect(shownText(screen.view, at: place) == reRendered)
        #expect(heldText(screen.store.box, at: place) == reRendered)
    }

    /// The loop guard's cost, pinned: the setter's first re-render, which
    /// changes only class instances, is applied and handed over as
    /// unchanged; the render the setter requests then, also differing
    /// only in instances, is not applied, whatever those instances hold
    /// (here a new text): its completion runs in order, the view and the
    /// data source keep the second render's instances, and ``shownBox``
    /// is the third's.
    @Test(arguments: ClassComponentPlace.allCases)
    func theSetterSecondReRenderOfClassInstancesIsNotApplied(_ place: ClassComponentPlace) {
        let screen = screen(at: place)
        var completed: [Int] = []
        screen.store.onSetData = {
            let k = screen.store.received.count
            guard k < 3 else { return }
            screen.renderer.render(screenBox("r\(k + 1)", at: place)) { completed.append(k + 1) }
        }
        screen.renderer.render(screenBox("r1", at: place)) { completed.append(1) }
        screen.view.finishAnimations()
        screen.store.onSetData = nil
        #expect(completed == [1, 2, 3])
        #expect(screen.store.received.count == 2, "setData called \(screen.store.received.count) times")
        #expect(screen.view.issues.isEmpty)
        #expect(RendererScreen.View.mismatches(screen.view.shown, screen.store.box).isEmpty)
        #expect(shownText(screen.view, at: place) == "r2")
        #expect(heldText(screen.renderer.shownBox, at: place) == "r3")
    }

    /// A header whose class changes is a change, applied even when a
    /// setter requested it while handed a Box that changed only class
    /// instances: a setter that flips the class on every call is handed
    /// every Box (capped here at 20 calls), each shown.
    @Test func aHeaderChangingClassIsNeverDropped() {
        let screen = RendererScreen(showing: screenBox("old", at: .reloadedHeader))
        screen.view.reloadData()
        var calls = 0
        func flipped(_ k: Int) -> BoxGenerators.TestBox {
            let header = k % 2 == 0 ? Component(incomparable: Label("\(k)")) : Component(incomparable: Badge("\(k)"))
            return BoxGenerators.TestBox(sections: [
                Section(id: 0, header: header, rows: [Node(id: 1, component: "row")])
            ])
        }
        screen.store.onSetData = {
            calls += 1
            guard calls < 20 else { return }
            screen.renderer.render(flipped(calls))
        }
        screen.renderer.render(flipped(0))
        screen.view.finishAnimations()
        screen.store.onSetData = nil
        #expect(calls == 20)
        #expect(screen.view.issues.isEmpty)
        #expect(screen.view.shown.first?.header.header?.value(as: Badge.self)?.text == "19")
    }

    /// The first test with the setter re-rendering off the main actor
    /// (`renderInBackground`, relayed until the outer render is applied).
    @Test(arguments: ClassComponentPlace.allCases)
    func aSetterReRenderingClassComponentsInBackgroundSettles(_ place: ClassComponentPlace) async {
        let screen = screen(at: place)
        var calls = 0
        var tasks: [Task<Bool, Never>] = []
        screen.store.onSetData = {
            calls += 1
            guard calls < 100 else { return }
            tasks.append(screen.renderer.renderInBackground(screenBox("new", at: place)))
        }
        screen.renderer.render(screenBox("new", at: place))
        await screen.backgroundRendersEnd()
        for task in tasks { _ = await task.value }
        screen.view.finishAnimations()
        screen.store.onSetData = nil
        #expect(calls <= 2, "setData called \(calls) times for one change, \(screen.view.batchCount) batches")
        #expect(screen.view.issues.isEmpty)
        #expect(RendererScreen.View.mismatches(screen.view.shown, screen.store.box).isEmpty)
        #expect(shownText(screen.view, at: place) == "new")
    }
}
