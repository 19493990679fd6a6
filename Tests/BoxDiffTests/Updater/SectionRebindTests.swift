import BoxDiff
import BoxDiffTestSupport
import Testing

/// Bento's header and footer component classes (neither `Hashable` nor
/// `Sendable`), which go in as `Component(incomparable:)`.
private final class TitleHeader {
    let title: String
    init(_ title: String) { self.title = title }
}
private final class SpacerHeader {
    let height: Int
    init(_ height: Int) { self.height = height }
}

/// A view that re-binds sections in place (``ListView/reconfiguresSections``)
/// instead of reloading those whose header or footer is re-bound on every
/// render: ``BoxRenderer`` takes them out of the reloads.
@Suite("Section re-binds: headers and footers re-bound in place")
@MainActor
struct SectionRebindTests {
    typealias View = SimulatedListView<SimulatedHeader<Int>, Node<Int>>

    /// A screen whose view re-binds sections (unless `rebinds` is false).
    @MainActor
    final class Screen {
        var box: Box<Int, Int>
        let view: View
        var renderer: BoxRenderer<Int, Int, View>!

        init(showing box: Box<Int, Int>, options: DiffOptions, rebinds: Bool = true) {
            self.box = box
            var dataSource: () -> [View.Section] = { [] }
            view = View { dataSource() }
            view.reconfiguresSections = rebinds
            view.sameSection = { $0.id == $1.id }
            renderer = BoxRenderer(view: view, showing: box, options: options) { [unowned self] in self.box = $0 }
            dataSource = { [unowned self] in View.sections(of: self.box) }
            view.reloadData()
        }
    }

    /// What is wrong with `view` showing `target`: its issues, and its
    /// sections, rows, headers, footers and cells against the target's (by
    /// instance for incomparable ones: a stale class header is a wrong one).
    static func problems(_ view: View, showing target: Box<Int, Int>) -> [String] {
        view.issues + View.mismatches(view.shown, target)
    }

    /// The usual Bento screen: class headers, comparable rows.
    static func bentoScreen(_ sections: [Int], rows: Int = 3) -> Box<Int, Int> {
        Box(
            sections: sections.map { s in
                Section(
                    id: s, header: Component(incomparable: TitleHeader("section \(s)")),
                    footer: s % 2 == 0 ? Component(incomparable: SpacerHeader(8)) : nil,
                    rows: (0..<rows).map { Node(id: s * 100 + $0, component: Component("row \($0)")) })
            })
    }

    /// Re-rendering a screen of class headers re-binds every section, in
    /// both modes: no section reload (which would replace every cell, and
    /// take a text field's keyboard), no item call.
    @Test(arguments: BatchMode.allCases)
    func unchangedScreenRebindsEverySectionAndReloadsNothing(mode: BatchMode) {
        let screen = Screen(showing: Self.bentoScreen([0, 1, 2]), options: DiffOptions(mode: mode))
        let next = Self.bentoScreen([0, 1, 2])
        screen.renderer.render(next)
        screen.view.finishAnimations()
        #expect(Self.problems(screen.view, showing: next).isEmpty, "\(Self.problems(screen.view, showing: next))")
        #expect(!screen.view.log.contains { $0.hasPrefix("reloadSections") }, "\(screen.view.log)")
        #expect(!screen.view.log.contains { $0.hasPrefix("reloadItems") }, "\(screen.view.log)")
        #expect(screen.view.log.filter { $0.hasPrefix("reconfigureSection") }.count == 3, "\(screen.view.log)")
        #expect(screen.view.batchCount == 1)
    }

    /// A view that does not re-bind sections gets them reloaded, as before.
    @Test(arguments: BatchMode.allCases)
    func viewWithoutRebindsReloadsTheSections(mode: BatchMode) {
        let screen = Screen(showing: Self.bentoScreen([0, 1]), options: DiffOptions(mode: mode), rebinds: false)
        let next = Self.bentoScreen([0, 1])
        screen.renderer.render(next)
        screen.view.finishAnimations()
        #expect(Self.problems(screen.view, showing: next).isEmpty, "\(Self.problems(screen.view, showing: next))")
        #expect(screen.view.log.contains("reloadSections([0, 1])"), "\(screen.view.log)")
        #expect(!screen.view.log.contains { $0.hasPrefix("reconfigureSection") })
    }

    /// Renders `new` over a screen showing `old`; the view, checked to
    /// show `new`, and its re-binds.
    static func rebinds(_ old: Box<Int, Int>, _ new: Box<Int, Int>, mode: BatchMode) -> (View, Set<String>) {
        let screen = Screen(showing: old, options: DiffOptions(mode: mode))
        screen.renderer.render(new)
        screen.view.finishAnimations()
        #expect(Self.problems(screen.view, showing: new).isEmpty, "\(Self.problems(screen.view, showing: new))")
        #expect(!screen.view.log.contains { $0.hasPrefix("reloadSections") }, "\(screen.view.log)")
        return (screen.view, Set(screen.view.log.filter { $0.hasPrefix("reconfigureSection") }))
    }

    /// Sections moved, deleted and inserted around re-bound ones: in one
    /// batch a re-bind goes from the section's old index to its new one;
    /// staged, it is made in the last batch, from that batch's indices.
    @Test func rebindsFollowMovedSections() {
        let old = Self.bentoScreen([0, 1, 2, 3])
        let new = Self.bentoScreen([3, 4, 1, 0])
        // Sections 0, 1 and 3 survive: old 0 -> new 3, 1 -> 2, 3 -> 0.
        let (_, single) = Self.rebinds(old, new, mode: .singleBatch)
        #expect(single == ["reconfigureSection(0, 3)", "reconfigureSection(1, 2)", "reconfigureSection(3, 0)"])
        // The last stage moves sections: it starts from the survivors
        // [0, 1, 3].
        let (_, staged) = Self.rebinds(old, new, mode: .staged)
        #expect(staged == ["reconfigureSection(0, 3)", "reconfigureSection(1, 2)", "reconfigureSection(2, 0)"])
        // A row inserted too: the last stage inserts rows, from the
        // target's order of sections.
        var withRow = new
        withRow.sections[0].rows.append(Node(id: 999, component: Component("new")))
        let (view, rows) = Self.rebinds(old, withRow, mode: .staged)
        #expect(rows == ["reconfigureSection(0, 0)", "reconfigureSection(2, 2)", "reconfigureSection(3, 3)"])
        #expect(view.batchCount == 3, "\(view.log)")
        // Only the last batch re-binds, before its calls.
        let lastBatch = view.log.lastIndex(of: "performBatchUpdates")!
        #expect(view.log[(lastBatch + 1)...].prefix(3).allSatisfy { $0.hasPrefix("reconfigureSection") })
    }

    /// A header or footer that appears, disappears, changes comparable
    /// content or changes class still reloads its section; its neighbours
    /// are re-bound.
    @Test(arguments: BatchMode.allCases)
    func changesARebindCannotShowStillReload(mode: BatchMode) {
        let header = { (s: Int) in Component(incomparable: TitleHeader("\(s)")) }
        func box(_ sections: [(Component?, Component?)]) -> Box<Int, Int> {
            Box(
                sections: sections.enumerated().map { s, pair in
                    Section(id: s, header: pair.0, footer: pair.1, rows: [Node(id: s, component: Component(s))])
                })
        }
        let old = box([
            (header(0), nil), (header(1), Component("a")), (header(2), nil), (header(3), nil), (header(4), nil),
        ])
        let new = box([
            (header(0), nil),  // re-bound
            (header(1), Component("b")),  // comparable footer changed: reload
            (header(2), Component(incomparable: SpacerHeader(1))),  // footer appears: reload
            (Component(incomparable: SpacerHeader(3)), nil),  // header class changes: reload
            (header(4), nil),  // re-bound
        ])
        let screen = Screen(showing: old, options: DiffOptions(mode: mode))
        screen.renderer.render(new)
        screen.view.finishAnimations()
        #expect(Self.problems(screen.view, showing: new).isEmpty, "\(Self.problems(screen.view, showing: new))")
        #expect(screen.view.log.contains("reloadSections([1, 2, 3])"), "\(screen.view.log)")
        #expect(
            screen.view.log.filter { $0.hasPrefix("reconfigureSection") } == [
                "reconfigureSection(0, 0)", "reconfigureSection(4, 4)",
            ])
    }

    /// Repeated section ids are re-bound as the diff pairs them (in order
    /// of occurrence).
    @Test(arguments: BatchMode.allCases)
    func repeatedSectionIdsAreReboundInOrder(mode: BatchMode) {
        let old = Self.bentoScreen([0, 0])
        let screen = Screen(showing: old, options: DiffOptions(mode: mode))
        let new = Self.bentoScreen([0, 0])
        screen.renderer.render(new)
        screen.view.finishAnimations()
        #expect(Self.problems(screen.view, showing: new).isEmpty, "\(Self.problems(screen.view, showing: new))")
        #expect(
            screen.view.log.filter { $0.hasPrefix("reconfigureSection") } == [
                "reconfigureSection(0, 0)", "reconfigureSection(1, 1)",
            ])
        #expect(!screen.view.log.contains { $0.hasPrefix("reloadSections") })
    }

    /// Random screens of mixed headers and footers (absent, comparable,
    /// class instances of two classes), rendered one after the other under
    /// every option set: every render ends with the view showing the
    /// target's headers and footers (class ones by instance), no batch
    /// UIKit rejects, and every section that only needed a re-bind
    /// re-bound, not reloaded.
    @Test func randomScreensShowTheTargetsHeadersAndFooters() {
        var rng = SeededGenerator(seed: 0x5EC7_2026)
        func supplement(_ rng: inout SeededGenerator) -> Component? {
            switch rng.next() % 5 {
            case 0: return nil
            case 1: return Component("title \(rng.next() % 2)")
            case 2: return Component(incomparable: SpacerHeader(Int(rng.next() % 3)))
            default: return Component(incomparable: TitleHeader("\(rng.next() % 3)"))
            }
        }
        func randomBox(_ rng: inout SeededGenerator, from old: Box<Int, Int>?) -> Box<Int, Int> {
            var ids = old?.sections.map(\.id) ?? Array(0..<4)
            ids.removeAll { _ in rng.next() % 6 == 0 }
            if rng.next() % 3 == 0 { ids.insert(Int(4 + rng.next() % 6), at: Int(rng.next() % UInt64(ids.count + 1))) }
            ids = Array(Set(ids)).sorted { a, b in (a &* 2_654_435_761 ^ Int(rng.next() % 2)) < b &* 2_654_435_761 }
            return Box(
                sections: ids.map { s in
                    let kept = old?.sections.first { $0.id == s }
                    // Mostly the same kinds of header and footer as before.
                    let header = kept.map { $0.header }.flatMap { rng.next() % 4 == 0 ? supplement(&rng) : $0 }
                    let footer = kept.map { $0.footer }.flatMap { rng.next() % 4 == 0 ? supplement(&rng) : $0 }
                    return Section(
                        id: s, header: kept == nil ? supplement(&rng) : (header ?? nil).map(Self.fresh),
                        footer: kept == nil ? supplement(&rng) : (footer ?? nil).map(Self.fresh),
                        rows: (0..<Int(rng.next() % 4)).map { Node(id: s * 10 + $0, component: Component($0)) })
                })
        }
        var rebound = 0
        for options in OptionGrids.all {
            var box = randomBox(&rng, from: nil)
            let screen = Screen(showing: box, options: options)
            for _ in 0..<40 {
                let next = randomBox(&rng, from: box)
                let before = screen.view.log.count
                screen.renderer.render(next)
                screen.view.finishAnimations()
                let problems = Self.problems(screen.view, showing: next)
                #expect(problems.isEmpty, "\(options) \(box) -> \(next): \(problems)")
                // Every section that only needs a re-bind was re-bound.
                let calls = screen.view.log[before...].filter { $0.hasPrefix("reconfigureSection") }.count
                let expected = next.sections.filter { t in
                    guard let s = box.sections.first(where: { $0.id == t.id }) else { return false }
                    let qualifies = [(s.header, t.header), (s.footer, t.footer)].allSatisfy { a, b in
                        switch (a, b) {
                        case (nil, nil): return true
                        case (let a?, let b?):
                            if !a.isComparable && !b.isComparable { return type(of: a.value) == type(of: b.value) }
                            return a.isComparable && b.isComparable && a == b
                        default: return false
                        }
                    }
                    return qualifies && [s.header, s.footer, t.header, t.footer].contains { $0?.isComparable == false }
                }.count
                if screen.renderer.fallbackReloadCount == 0 && screen.view.reloadDataCount == 1 {
                    #expect(calls == expected, "\(options) \(box) -> \(next): \(screen.view.log[before...])")
                }
                rebound += calls
                box = next
            }
        }
        #expect(rebound > 100)
    }

    /// A Bento form: a class header over a text field (an incomparable
    /// row), typed into render after render, with a row added below in
    /// one render: the field's cell is re-bound (reconfigured), the header
    /// re-bound, and the section is never reloaded nor replaced (deleted
    /// and inserted), which would take the keyboard; in one batch too,
    /// where a section reloaded while its rows change must be replaced.
    @Test(arguments: BatchMode.allCases)
    func typingIntoAFormKeepsItsSection(mode: BatchMode) {
        func form(_ text: String, hint: Bool) -> Box<Int, Int> {
            var rows = [Node(id: 1, component: Component(incomparable: TitleHeader("field: \(text)")))]
            if hint { rows.append(Node(id: 2, component: Component("hint"))) }
            return Box(sections: [
                Section(id: 0, header: Component(incomparable: TitleHeader("Sign up")), rows: rows)
            ])
        }
        let screen = Screen(showing: form("", hint: false), options: DiffOptions(mode: mode))
        for (step, text) in ["a", "ab", "abc"].enumerated() {
            let next = form(text, hint: step == 1)
            let before = screen.view.log.count
            screen.renderer.render(next)
            screen.view.finishAnimations()
            let log = Array(screen.view.log[before...])
            #expect(Self.problems(screen.view, showing: next).isEmpty, "\(Self.problems(screen.view, showing: next))")
            #expect(log.contains("reconfigureSection(0, 0)"), "\(log)")
            #expect(log.contains("reconfigureItems([[0, 0]])"), "\(log)")
            #expect(!log.contains { $0.hasPrefix("reloadSections") || $0.hasPrefix("deleteSections") }, "\(log)")
            #expect(!log.contains { $0.hasPrefix("reloadItems") || $0.hasPrefix("deleteItems([[0, 0]]") }, "\(log)")
        }
    }

    /// Renders diffed off the main actor re-bind as those on it.
    @Test(arguments: BatchMode.allCases)
    func backgroundRendersRebind(mode: BatchMode) async {
        let screen = Screen(showing: Self.bentoScreen([0, 1, 2]), options: DiffOptions(mode: mode))
        let next = Self.bentoScreen([2, 1, 0, 3])
        #expect(await screen.renderer.renderAsync(next))
        screen.view.finishAnimations()
        #expect(Self.problems(screen.view, showing: next).isEmpty, "\(Self.problems(screen.view, showing: next))")
        #expect(screen.view.log.filter { $0.hasPrefix("reconfigureSection") }.count == 3, "\(screen.view.log)")
        #expect(!screen.view.log.contains { $0.hasPrefix("reloadSections") }, "\(screen.view.log)")
    }

    /// No re-bind where the view reloads instead: a view that cannot
    /// animate (off screen), a changeset past the reload threshold.
    @Test func reloadsMakeNoRebind() {
        let offScreen = Screen(showing: Self.bentoScreen([0, 1]), options: DiffOptions())
        offScreen.view.canAnimateBatchUpdates = false
        let next = Self.bentoScreen([1, 0])
        offScreen.renderer.render(next)
        #expect(offScreen.view.issues.isEmpty, "\(offScreen.view.issues)")
        #expect(offScreen.view.reloadDataCount == 2)
        #expect(!offScreen.view.log.contains { $0.hasPrefix("reconfigureSection") })
        // Back on screen: the next render re-binds again.
        offScreen.view.canAnimateBatchUpdates = true
        let again = Self.bentoScreen([1, 0])
        offScreen.renderer.render(again)
        offScreen.view.finishAnimations()
        #expect(Self.problems(offScreen.view, showing: again).isEmpty)
        #expect(offScreen.view.log.filter { $0.hasPrefix("reconfigureSection") }.count == 2, "\(offScreen.view.log)")

        let threshold = Screen(showing: Self.bentoScreen([0, 1]), options: DiffOptions(reloadThreshold: 0))
        let moved = Self.bentoScreen([1, 0, 2])
        threshold.renderer.render(moved)
        #expect(threshold.view.issues.isEmpty, "\(threshold.view.issues)")
        #expect(threshold.view.reloadDataCount == 2)
        #expect(!threshold.view.log.contains { $0.hasPrefix("reconfigureSection") })
    }

    /// A new instance of `component`'s class (a fresh render of the same
    /// component), or `component` itself when comparable.
    static func fresh(_ component: Component) -> Component {
        if component.isComparable { return component }
        if let title = component.value(as: TitleHeader.self) {
            return Component(incomparable: TitleHeader(title.title))
        }
        if let spacer = component.value(as: SpacerHeader.self) {
            return Component(incomparable: SpacerHeader(spacer.height))
        }
        return component
    }
}
