import BoxDiff
import BoxDiffTestSupport

/// A data source, the simulated view reading it and a ``BoxRenderer``
/// driving both, as a Bento screen holds them.
@MainActor
final class RendererScreen {
    typealias TestBox = BoxGenerators.TestBox
    typealias View = SimulatedListView<SimulatedHeader<Int>, Node<Int>>

    /// The data source's storage.
    final class Store {
        var box: TestBox
        /// Every Box given to `setData`, in order.
        var received: [TestBox] = []
        /// Run once by the next `setData` (then cleared), after it stored
        /// the Box.
        var onceOnSetData: (() -> Void)?
        /// Run by every `setData` after it stored the Box (an app whose
        /// data source's setter re-renders). A hook that uses the screen
        /// holds it: set it to nil at the end of a test.
        var onSetData: (() -> Void)?
        init(_ box: TestBox) { self.box = box }
    }

    let store: Store
    let view: View
    /// The renderer (nil once a test released it).
    var renderer: BoxRenderer<Int, Int, View>!

    init(showing box: TestBox = TestBox(), options: DiffOptions = DiffOptions(), canAnimate: Bool = true) {
        let store = Store(box)
        self.store = store
        view = View(canAnimate: canAnimate) { View.sections(of: store.box) }
        renderer = BoxRenderer(view: view, showing: box, options: options) { box in
            store.box = box
            store.received.append(box)
            if let once = store.onceOnSetData {
                store.onceOnSetData = nil
                once()
            }
            store.onSetData?()
        }
    }

    /// Returns once the renderer has no background render left (or after
    /// 10,000 yields, so that a render that never ends fails the test's
    /// checks instead of hanging it).
    func backgroundRendersEnd() async {
        var spins = 0
        while renderer.isRenderingInBackground && spins < 10_000 {
            await Task.yield()
            spins += 1
        }
    }

    /// What is wrong once the animations are over: the view's issues, a
    /// screen, data source or renderer not on `target`.
    func problems(showing target: TestBox) -> [String] {
        var problems = view.issues
        if view.shown != View.sections(of: target) { problems.append("view shows \(view.shown), expected \(target)") }
        if store.box != target { problems.append("data source holds \(store.box), expected \(target)") }
        if renderer.shownBox != target { problems.append("renderer's shownBox is \(renderer.shownBox)") }
        return problems
    }
}

/// `box` with an empty last section whose id (negative, unlike the
/// generators') tells which render it belongs to.
func marked(_ box: BoxGenerators.TestBox, _ index: Int) -> BoxGenerators.TestBox {
    BoxGenerators.TestBox(sections: box.sections + [Section(id: -1 - index)])
}

/// The render index of a Box made by `marked`, if it has a marker.
func marker(of box: BoxGenerators.TestBox) -> Int? {
    box.sections.last.flatMap { $0.id < 0 ? -1 - $0.id : nil }
}

/// The markers of `boxes` in order, each run of one marker counted once.
func markers(_ boxes: [BoxGenerators.TestBox]) -> [Int] {
    var seen: [Int] = []
    for box in boxes {
        if let m = marker(of: box), seen.last != m { seen.append(m) }
    }
    return seen
}

/// Code run once by the next `==` of a ``HookedContent`` holding it.
final class EqualityHook: @unchecked Sendable {
    /// Run (then cleared) by the next `==`.
    var run: (() -> Void)?
}

/// A component value whose `==` runs its hook once (a user's `==` that
/// does more than compare: requests a render, reads the renderer); all
/// values hash alike, so every paired row is confirmed with `==`.
struct HookedContent: Hashable, Sendable {
    let n: Int
    let hook: EqualityHook

    static func == (lhs: HookedContent, rhs: HookedContent) -> Bool {
        if let run = lhs.hook.run {
            lhs.hook.run = nil
            run()
        }
        return lhs.n == rhs.n
    }

    func hash(into hasher: inout Hasher) {}

    /// One section (id 0) of rows `0..<values.count` showing `values`
    /// through `hook`.
    static func box(_ values: [Int], hook: EqualityHook) -> BoxGenerators.TestBox {
        BoxGenerators.TestBox(sections: [
            Section(
                id: 0,
                rows: values.enumerated().map {
                    Node(id: $0.offset, component: HookedContent(n: $0.element, hook: hook))
                })
        ])
    }
}
