import BoxDiff
import BoxDiffTestSupport
import Foundation
import Testing

/// Bento component classes (neither `Hashable` nor `Sendable`).
private final class TitleComponent {
    let title: String
    init(_ title: String) { self.title = title }
}
private final class LoadingComponent {}
private final class HeaderComponent {
    let text: String
    init(_ text: String) { self.text = text }
}
private final class SpaceComponent {}

/// A simulated view that also checks what UIKit checks on a re-bind and
/// the simulated view does not: a reconfigured cell and a re-bound header
/// or footer view keep their class (Bento dequeues its views by the
/// component's type).
@MainActor
final class KindCheckingView: ForwardingListView {
    typealias Inner = SimulatedListView<SimulatedHeader<Int>, Node<Int>>
    let inner: Inner
    var kindIssues: [String] = []

    init(inner: Inner) { self.inner = inner }

    static func kind(_ component: Component?) -> String {
        component.map { String(describing: type(of: $0.value)) } ?? "none"
    }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        inner.performBatchUpdates(updates, completion: completion)
    }

    func reconfigureItems(at indexPaths: [IndexPath]) {
        let data = inner.dataSource()
        for path in indexPaths.map(ElementPath.init) {
            guard inner.shown.indices.contains(path.section),
                inner.shown[path.section].items.indices.contains(path.row),
                data.indices.contains(path.section), data[path.section].items.indices.contains(path.row)
            else { continue }
            let old = Self.kind(inner.shown[path.section].items[path.row].component)
            let new = Self.kind(data[path.section].items[path.row].component)
            if old != new { kindIssues.append("reconfigure of \(path) from a \(old) cell to a \(new)") }
        }
        inner.reconfigureItems(at: indexPaths)
    }

    var reconfiguresSections: Bool { inner.reconfiguresSections }

    func reconfigureSection(_ section: Int, toSection newSection: Int) {
        let data = inner.dataSource()
        if inner.shown.indices.contains(section), data.indices.contains(newSection) {
            let old = inner.shown[section].header
            let new = data[newSection].header
            for (a, b) in [(old.header, new.header), (old.footer, new.footer)] where Self.kind(a) != Self.kind(b) {
                kindIssues.append("re-bind of section \(section) from a \(Self.kind(a)) view to a \(Self.kind(b))")
            }
        }
        inner.reconfigureSection(section, toSection: newSection)
    }
}

@Suite("Bento renders, reviewed")
@MainActor
struct BentoRenderReviewTests {
    typealias Inner = KindCheckingView.Inner

    /// What is wrong with the view against `target`, rows included (by
    /// instance for class components).
    static func problems(_ view: KindCheckingView, showing target: Box<Int, Int>) -> [String] {
        view.inner.issues + view.kindIssues + Inner.mismatches(view.inner.shown, target)
    }

    /// Random Bento screens: class headers and footers, class rows of two
    /// classes and comparable rows, rows changing kind, moving across
    /// sections, sections moving, appearing and going; every option set,
    /// a view re-binding sections or not.
    @Test(arguments: [true, false], [false, true])
    func randomBentoScreensShowEveryTarget(rebinds: Bool, duplicates: Bool) {
        var rng = SeededGenerator(seed: 0xBE_2026)
        func supplement(_ rng: inout SeededGenerator) -> Component? {
            switch rng.next() % 5 {
            case 0: return nil
            case 1: return Component("title \(rng.next() % 2)")
            case 2: return Component(incomparable: SpaceComponent())
            default: return Component(incomparable: HeaderComponent("\(rng.next() % 3)"))
            }
        }
        func row(_ id: Int, _ rng: inout SeededGenerator) -> Node<Int> {
            switch rng.next() % 5 {
            case 0: return Node(id: id, component: LoadingComponent())
            case 1: return Node(id: id, component: "row \(rng.next() % 2)")
            case 2: return Node(id: id, component: Int(rng.next() % 2))
            default: return Node(id: id, component: TitleComponent("\(id)"))
            }
        }
        func randomBox(_ rng: inout SeededGenerator, from old: Box<Int, Int>?) -> Box<Int, Int> {
            var ids = old?.sections.map(\.id) ?? Array(0..<4)
            ids.removeAll { _ in rng.next() % 6 == 0 }
            if rng.next() % 3 == 0 { ids.insert(Int(4 + rng.next() % 6), at: Int(rng.next() % UInt64(ids.count + 1))) }
            if ids.count > 1 && rng.next() % 3 == 0 { ids.swapAt(0, ids.count - 1) }
            var seen = Set<Int>()
            ids = ids.filter { seen.insert($0).inserted }
            var rowIDs = Array(0..<12).filter { _ in rng.next() % 3 != 0 }
            rowIDs.shuffle(using: &rng)
            var sections: [Section<Int, Int>] = []
            for s in ids {
                let kept = old?.sections.first { $0.id == s }
                let header = kept.map { k in rng.next() % 4 == 0 ? supplement(&rng) : k.header.map(Self.fresh) }
                let footer = kept.map { k in rng.next() % 4 == 0 ? supplement(&rng) : k.footer.map(Self.fresh) }
                let count = min(rowIDs.count, Int(rng.next() % 4))
                var rows = rowIDs.prefix(count).map { row($0, &rng) }
                if duplicates && rng.next() % 2 == 0 {
                    rows.insert(
                        Node(id: 100, component: SpaceComponent()), at: Int(rng.next() % UInt64(rows.count + 1)))
                }
                rowIDs.removeFirst(count)
                sections.append(
                    Section(
                        id: s, header: header ?? supplement(&rng), footer: footer ?? supplement(&rng), rows: rows))
            }
            return Box(sections: sections)
        }
        var failures = 0
        var stats = [0, 0]
        for options in OptionGrids.all {
            var box = randomBox(&rng, from: nil)
            var data = box
            let inner = Inner { Inner.sections(of: data) }
            inner.reconfiguresSections = rebinds
            inner.sameSection = { $0.id == $1.id }
            let view = KindCheckingView(inner: inner)
            let renderer = BoxRenderer(view: view, showing: box, options: options) { data = $0 }
            for _ in 0..<60 {
                let next = randomBox(&rng, from: box)
                renderer.render(next)
                inner.finishAnimations()
                let problems = Self.problems(view, showing: next)
                if !problems.isEmpty && failures < 5 {
                    failures += 1
                    Issue.record("\(options) \(box) -> \(next): \(problems)")
                }
                if !problems.isEmpty { break }
                box = next
            }
            stats[0] += inner.log.filter { $0.hasPrefix("reconfigureItems") }.count
            stats[1] += inner.log.filter { $0.hasPrefix("reconfigureSection") }.count
        }
        #expect(failures == 0)
        // The renders re-bound rows, and sections when the view does.
        #expect(stats[0] > 20)
        #expect(rebinds ? stats[1] > 300 : stats[1] == 0)
    }

    /// A new instance of `component`'s class, or `component` itself when
    /// comparable.
    static func fresh(_ component: Component) -> Component {
        if component.isComparable { return component }
        if let header = component.value(as: HeaderComponent.self) {
            return Component(incomparable: HeaderComponent(header.text))
        }
        if component.value(as: SpaceComponent.self) != nil { return Component(incomparable: SpaceComponent()) }
        return component
    }
}
