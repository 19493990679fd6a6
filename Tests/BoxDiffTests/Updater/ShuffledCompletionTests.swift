import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

/// A simulated view whose batch completions are kept here and fired in any
/// order, some twice, some late.
@MainActor
final class ShufflingListView: ForwardingListView {
    typealias Inner = SimulatedListView<SimulatedHeader<Int>, Node<Int>>
    let inner: Inner
    var pending: [(Bool) -> Void] = []
    init(_ inner: Inner) { self.inner = inner }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        inner.performBatchUpdates(updates, completion: nil)
        if let completion { pending.append(completion) }
    }
    /// Fires one pending completion, chosen by `rng`; `twice`: calls it again.
    func fireOne(using rng: inout SeededGenerator, twice: Bool) {
        guard !pending.isEmpty else { return }
        let completion = pending.remove(at: Int.random(in: 0..<pending.count, using: &rng))
        completion(true)
        if twice { completion(false) }
    }
    func fireAll(using rng: inout SeededGenerator) {
        while !pending.isEmpty { fireOne(using: &rng, twice: false) }
    }
}

@Suite("Updater: completions in any order") @MainActor
struct ShuffledCompletionTests {
    /// Renders (animated or not), some requested from completions and from
    /// `setData`, with the view firing batch completions in random order,
    /// some twice: every completion runs once, in request order, and the
    /// view, data source and renderer end on the last Box.
    @Test(arguments: 0..<8)
    func completionsFiredInAnyOrder(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(0x5EED_0000 + seed))
        var data = BoxGenerators.TestBox()
        let inner = ShufflingListView.Inner { ShufflingListView.Inner.sections(of: data) }
        let view = ShufflingListView(inner)
        var setDataHook: (() -> Void)?
        let renderer = BoxRenderer<Int, Int, ShufflingListView>(view: view) {
            data = $0
            if let hook = setDataHook {
                setDataHook = nil
                hook()
            }
        }
        var requested = 0
        var ran: [Int] = []
        var last = BoxGenerators.TestBox()
        func request(_ rng: inout SeededGenerator) {
            let (box, _) = BoxGenerators.pair(
                shape: BoxPairShape(maxSections: 4, maxRowsPerSection: 6), using: &rng)
            let index = requested
            requested += 1
            last = box
            let animated = Int.random(in: 0..<5, using: &rng) != 0
            let chain = Int.random(in: 0..<4, using: &rng) == 0 && requested < 300
            var chainRng = SeededGenerator(seed: UInt64(index) &* 31 &+ 7)
            renderer.render(box, animated: animated) {
                ran.append(index)
                if chain { request(&chainRng) }
            }
        }
        for _ in 0..<150 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: view.fireOne(using: &rng, twice: Bool.random(using: &rng))
            case 1:
                var hookRng = SeededGenerator(seed: rng.next())
                setDataHook = { request(&hookRng) }
                request(&rng)
            default: request(&rng)
            }
        }
        setDataHook = nil
        var guardCount = 0
        while !view.pending.isEmpty && guardCount < 10_000 {
            view.fireAll(using: &rng)
            guardCount += 1
        }
        #expect(ran == Array(0..<requested), "ran \(ran.count) of \(requested)")
        #expect(inner.issues.isEmpty, "\(inner.issues.prefix(3))")
        #expect(inner.shown == ShufflingListView.Inner.sections(of: last))
        #expect(data == last && renderer.shownBox == last)
    }
}
