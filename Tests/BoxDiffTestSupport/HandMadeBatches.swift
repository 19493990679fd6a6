import BoxDiff
import BoxDiffValidation

/// A source of small random choices: a fuzzer's bytes or a seeded
/// generator. (`SendableMetatype`: ``HandMadeBatches`` passes its generic
/// functions over a source as closures, which capture the source's type.)
public protocol ChoiceSource: SendableMetatype {
    /// A number in `0..<bound` (`bound` from 1 to 256).
    mutating func next(_ bound: Int) -> Int
}

extension SeededGenerator: ChoiceSource {
    /// A number in `0..<bound`.
    public mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// Hand-made changesets near the library's own: a real diff's batches with
/// some calls dropped, moved by one, added or listed in reverse, so that
/// many stay valid without being the layout the library makes; and the
/// checks that a valid one goes through the replay and `reload(using:)` as
/// its data says. Shared by the Swift fuzzer's `calls` mode and `HandMadeBatchTests`.
public enum HandMadeBatches {
    /// An index that is mostly small (in range of small Boxes), sometimes
    /// past them, and rarely far out (negative, or near `Int.max`).
    public static func index<C: ChoiceSource>(_ c: inout C) -> Int {
        switch c.next(32) {
        case 0: return -1
        case 1: return Int.max
        case 2: return Int.min
        case 3: return Int.max - 1
        case 4...11: return c.next(10)
        default: return c.next(4)
        }
    }

    /// A path of a mostly small section and an ``index(_:)`` row.
    public static func path<C: ChoiceSource>(_ c: inout C) -> ElementPath {
        ElementPath(section: c.next(8) == 0 ? index(&c) : c.next(6), row: index(&c))
    }

    /// `list` with some entries dropped (1 in 8), a few moved by one
    /// (`tweak`, 1 in 16), maybe one added (`make`, 1 in 8) and maybe the
    /// order reversed (1 in 8). Choices of 0 keep the list as it is (a
    /// used-up fuzzer input).
    static func mutated<T, C: ChoiceSource>(
        _ list: [T], _ c: inout C, tweak: (T, inout C) -> T, make: (inout C) -> T
    ) -> [T] {
        var result: [T] = []
        for entry in list {
            switch c.next(16) {
            case 14, 15: continue
            case 13: result.append(tweak(entry, &c))
            default: result.append(entry)
            }
        }
        if c.next(8) == 7 { result.insert(make(&c), at: c.next(min(result.count + 1, 256))) }
        // The order of a batch's calls does not matter to UIKit: the
        // library lists them sorted, an app or a decoder need not.
        if c.next(8) == 6 { result.reverse() }
        return result
    }

    static func nudged<C: ChoiceSource>(_ i: Int, _ c: inout C) -> Int { c.next(2) == 0 ? i &+ 1 : i &- 1 }

    static func nudged<C: ChoiceSource>(_ p: ElementPath, _ c: inout C) -> ElementPath {
        c.next(4) == 0
            ? ElementPath(section: nudged(p.section, &c), row: p.row)
            : ElementPath(section: p.section, row: nudged(p.row, &c))
    }

    static func nudged<I, C: ChoiceSource>(_ m: Move<I>, _ c: inout C, _ nudge: (I, inout C) -> I) -> Move<I> {
        c.next(2) == 0
            ? Move(source: nudge(m.source, &c), destination: m.destination)
            : Move(source: m.source, destination: nudge(m.destination, &c))
    }

    /// `update` changed a little, list by list: some calls dropped, moved
    /// by one, added or listed in reverse.
    public static func mutated<C: ChoiceSource>(_ update: BatchUpdate, _ c: inout C) -> BatchUpdate {
        var u = update
        u.sectionDeleted = mutated(u.sectionDeleted, &c, tweak: nudged, make: index)
        u.sectionInserted = mutated(u.sectionInserted, &c, tweak: nudged, make: index)
        u.sectionUpdated = mutated(u.sectionUpdated, &c, tweak: nudged, make: index)
        u.sectionMoved = mutated(
            u.sectionMoved, &c, tweak: { nudged($0, &$1, nudged) },
            make: { Move(source: index(&$0), destination: index(&$0)) })
        u.elementDeleted = mutated(u.elementDeleted, &c, tweak: nudged, make: path)
        u.elementInserted = mutated(u.elementInserted, &c, tweak: nudged, make: path)
        u.elementUpdated = mutated(u.elementUpdated, &c, tweak: nudged, make: path)
        u.elementMoved = mutated(
            u.elementMoved, &c, tweak: { nudged($0, &$1, nudged) },
            make: { Move(source: path(&$0), destination: path(&$0)) })
        u.elementReconfigured = mutated(u.elementReconfigured, &c, tweak: nudged, make: path)
        return u
    }

    /// The calls of `changeset` with data that agrees with them by
    /// construction: each stage's data is what `applied(to:)` makes of the
    /// Box before it (inserted rows taken from the stage's own data).
    public static func withAppliedData(
        _ changeset: StagedChangeset<BoxGenerators.TestBox>, from old: BoxGenerators.TestBox
    ) -> StagedChangeset<BoxGenerators.TestBox> {
        withAppliedData(changeset, from: old, box: { $0 }, back: { box, _ in box })
    }

    /// ``withAppliedData(_:from:)`` for data of another kind, applied as
    /// the Box `box` makes of it and read back by `back` (given the
    /// stage's own data too).
    static func withAppliedData<Data>(
        _ changeset: StagedChangeset<Data>, from old: Data, box: (Data) -> BoxGenerators.TestBox,
        back: (BoxGenerators.TestBox, Data) -> Data
    ) -> StagedChangeset<Data> {
        var current = old
        var stages: [Changeset<Data>] = []
        for stage in changeset {
            let applied = Changeset(data: box(stage.data), batchUpdate: stage.batchUpdate).applied(to: box(current))
            current = back(applied, stage.data)
            stages.append(Changeset(data: current, batchUpdate: stage.batchUpdate))
        }
        return StagedChangeset(stages)
    }

    /// `reload(using:)` of `changeset` on `view`, whose data source reads
    /// what `setData` stores, interrupted before stage `interruptAt` (or
    /// not), the animations ended: the view's issues, and a problem when
    /// the completion did not run exactly once.
    @MainActor
    static func reload<Header, Item, Data>(
        _ changeset: StagedChangeset<Data>, on view: SimulatedListView<Header, Item>, interruptAt: Int?,
        setData: (Data) -> Void
    ) -> [String] {
        view.judgesReloadTargetsByContent = true
        var asked = 0
        var completions = 0
        view.reload(
            using: changeset,
            interrupt: { _ in
                defer { asked += 1 }
                return asked == interruptAt
            }, setData: setData, completion: { completions += 1 })
        view.finishAnimations()
        var problems = view.issues.map { "reload(using:): \($0)" }
        if completions != 1 { problems.append("reload(using:)'s completion ran \(completions) times") }
        return problems
    }

    /// What is wrong with `changeset` (from `old`), which the validator
    /// accepts: the tests' own replay of UIKit's batches
    /// (``BoxStageReplay``, written apart from the library's layout) must
    /// reach each stage's data, and `reload(using:)` must apply it to a
    /// ``SimulatedListView`` (which applies each batch in UIKit's way)
    /// without breaking a rule, every cell ending at the last stage's
    /// data, its completion run once. The reload is animated or not
    /// (`canAnimate`) and interrupted before stage `interruptAt` or not
    /// (the view then reloads to the last stage's data). A reload that a
    /// move in its batch displaces from the flow of its neighbours is
    /// judged by the cells' content, as the validator judges it by the
    /// data (``SimulatedListView/judgesReloadTargetsByContent``).
    @MainActor
    public static func problems(
        _ changeset: StagedChangeset<BoxGenerators.TestBox>, from old: BoxGenerators.TestBox, canAnimate: Bool,
        interruptAt: Int?
    ) -> [String] {
        var replayed = old
        for (k, stage) in changeset.enumerated() {
            do {
                replayed = try BoxStageReplay.apply(stage, to: replayed)
            } catch {
                return ["stage \(k) does not replay: \(error)"]
            }
            if !BoxReplay.same(replayed, stage.data) {
                return ["stage \(k) replays to \(replayed), applied(to:) gave \(stage.data)"]
            }
        }
        typealias View = SimulatedListView<SimulatedHeader<Int>, Node<Int>>
        var shown = old
        let view = View(canAnimate: canAnimate) { View.sections(of: shown) }
        return reload(changeset, on: view, interruptAt: interruptAt) { shown = $0 }
            + View.mismatches(view.shown, replayed)
    }
}

extension HandMadeBatches {
    /// A flat list as a Box of one section (id 0), each item a row of its
    /// id showing its text.
    public static func box(of items: [TextItem]) -> BoxGenerators.TestBox {
        BoxGenerators.TestBox(sections: [
            Section(id: 0, rows: items.map { Node(id: $0.id, component: Component($0.text)) })
        ])
    }

    /// ``withAppliedData(_:from:)`` for a flat changeset: each stage's
    /// data is what `applied(to:)` makes of the list before it, read as
    /// the rows of a one-section Box. A call outside section 0 leaves its
    /// stage's data as the diff's (the flat validator rejects it anyway).
    public static func withAppliedData(
        _ changeset: StagedChangeset<[TextItem]>, from old: [TextItem]
    ) -> StagedChangeset<[TextItem]> {
        withAppliedData(changeset, from: old, box: box(of:)) { applied, data in
            applied.sections.count == 1 ? TextItem.rows(of: applied) : data
        }
    }

    /// ``problems(_:from:canAnimate:interruptAt:)`` for a flat changeset
    /// the flat validator accepts: ``FlatReplay`` must reach each stage's
    /// data (when no stage has section calls), and `reload(using:)` must
    /// leave a one-section view showing the last stage's items.
    @MainActor
    public static func problems(
        _ changeset: StagedChangeset<[TextItem]>, from old: [TextItem], canAnimate: Bool, interruptAt: Int?
    ) -> [String] {
        // FlatReplay reads row calls only; the view judges a changeset
        // with section calls (a flat list is one section, which the flat
        // validator lets a batch reload, or delete and insert).
        let sectionCalls = changeset.contains { $0.batchUpdate.hasSectionChanges }
        if !sectionCalls {
            do {
                let replayed = try FlatReplay.replay(changeset, from: old)
                if replayed != changeset.last?.data ?? old {
                    return ["the replay ends at \(replayed), the data at \(changeset.last?.data ?? old)"]
                }
            } catch {
                return ["\(error)"]
            }
        }
        typealias View = SimulatedListView<String, TextItem>
        var shown = old
        let view = View(canAnimate: canAnimate) { View.sections(of: shown, header: "") }
        var problems = reload(changeset, on: view, interruptAt: interruptAt) { shown = $0 }
        let last = changeset.last?.data ?? old
        if view.shown != View.sections(of: last, header: "") {
            problems.append("the view shows \(view.shown), not \(last)")
        }
        return problems
    }
}

extension HandMadeBatches {
    /// DifferenceKit's sections of the tests: a ``TextItem`` model (the
    /// section's id, its header's text) over ``TextItem`` elements.
    public typealias TextSection = ArraySection<TextItem, TextItem>

    /// `box`'s sections as ``TextSection``s: each header's value as text
    /// ("" without one), each row as a ``TextItem``.
    public static func sections(of box: BoxGenerators.TestBox) -> [TextSection] {
        box.sections.map { section in
            TextSection(
                model: TextItem(id: section.id, text: section.header.map { "\($0.value)" } ?? ""),
                elements: section.rows.map { TextItem(id: $0.id, text: "\($0.component.value)") })
        }
    }

    /// The Box of `sections`: each model's text as the header, each
    /// element a row of its id showing its text (``sections(of:)`` reads it
    /// back as it was).
    public static func box(of sections: [TextSection]) -> BoxGenerators.TestBox {
        BoxGenerators.TestBox(
            sections: sections.map { section in
                Section(
                    id: section.model.id, header: Component(section.model.text),
                    rows: section.elements.map { Node(id: $0.id, component: Component($0.text)) })
            })
    }

    /// ``withAppliedData(_:from:)`` for a sectioned changeset: each
    /// stage's data is what `applied(to:)` makes of the sections before it,
    /// as a Box.
    public static func withAppliedData(
        _ changeset: StagedChangeset<[TextSection]>, from old: [TextSection]
    ) -> StagedChangeset<[TextSection]> {
        withAppliedData(changeset, from: old, box: box(of:)) { applied, _ in sections(of: applied) }
    }

    /// ``problems(_:from:canAnimate:interruptAt:)`` for a sectioned
    /// changeset the sectioned validator accepts, read as the Boxes of its
    /// data: the replay must reach each stage's data, and
    /// `reload(using:)` the last one.
    @MainActor
    public static func problems(
        _ changeset: StagedChangeset<[TextSection]>, from old: [TextSection], canAnimate: Bool, interruptAt: Int?
    ) -> [String] {
        problems(
            StagedChangeset(changeset.map { Changeset(data: box(of: $0.data), batchUpdate: $0.batchUpdate) }),
            from: box(of: old), canAnimate: canAnimate, interruptAt: interruptAt)
    }
}
