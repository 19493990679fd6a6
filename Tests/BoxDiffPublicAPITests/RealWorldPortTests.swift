// API shapes that public code written against DifferenceKit, Carbon and
// Bento uses, ported as the migration guides say and compiled against
// BoxDiff's public API only: Carbon's sections and updater loop, Carbon's
// test changesets written as array literals, mixed lists of
// `AnyDifferentiable`, separate `ContentIdentifiable` and `ContentEquatable`
// conformances, Bento's `Node(id:component:)` with component classes, and
// `reload(using:) { data in … }` with a trailing `setData` closure.

import BoxDiff
import BoxDiffTestSupport
import Foundation
import Testing

// MARK: - Carbon's nodes and sections

/// A header or footer, as Carbon's `ViewNode`: content-comparable only.
struct HeaderNode: ContentEquatable {
    var title: String
    func isContentEqual(to source: HeaderNode) -> Bool { title == source.title }
}

/// A cell, as Carbon's `CellNode`: a type-erased identifier.
struct CellNode: Differentiable {
    var id: AnyHashable
    var text: String
    var differenceIdentifier: AnyHashable { id }
    func isContentEqual(to source: CellNode) -> Bool { text == source.text }
}

/// A section, as Carbon's `Section`: its content is its optional header,
/// compared through `Optional`'s `isContentEqual(to:)`.
struct CarbonSection {
    var id: AnyHashable
    var header: HeaderNode?
    var cells: [CellNode]
}

extension CarbonSection: DifferentiableSection {
    var differenceIdentifier: AnyHashable { id }
    var elements: [CellNode] { cells }
    func isContentEqual(to source: CarbonSection) -> Bool { header.isContentEqual(to: source.header) }
    init<C: Swift.Collection>(source: CarbonSection, elements cells: C) where C.Element == CellNode {
        self.init(id: source.id, header: source.header, cells: Array(cells))
    }
}

/// Carbon's aliases.
typealias DataChangeset = Changeset<[CarbonSection]>
typealias StagedDataChangeset = StagedChangeset<[CarbonSection]>

/// Carbon's updater loop, with `IndexPath(row:section:)` from each path, a
/// move read as `move.source` / `move.target` (a `(source, target)` tuple
/// pattern does not match a ``Move``).
func carbonCalls(_ stagedChangeset: StagedDataChangeset, animatableChangeCount: Int = 300) -> [String] {
    guard !stagedChangeset.isEmpty else { return [] }
    let total = stagedChangeset.reduce(0) { total, changeset in total + changeset.changeCount }
    guard animatableChangeCount >= total else { return ["reloadData"] }
    var calls: [String] = []
    for changeset in stagedChangeset {
        calls.append("batch of \(changeset.data.count) sections")
        if !changeset.sectionDeleted.isEmpty { calls.append("deleteSections \(changeset.sectionDeleted)") }
        if !changeset.sectionInserted.isEmpty { calls.append("insertSections \(changeset.sectionInserted)") }
        if !changeset.sectionUpdated.isEmpty { calls.append("reloadSections \(changeset.sectionUpdated)") }
        for move in changeset.sectionMoved { calls.append("moveSection \(move.source) \(move.target)") }
        let row = { (path: ElementPath) in IndexPath(row: path.element, section: path.section) }
        if !changeset.elementDeleted.isEmpty { calls.append("deleteRows \(changeset.elementDeleted.map(row))") }
        if !changeset.elementInserted.isEmpty { calls.append("insertRows \(changeset.elementInserted.map(row))") }
        if !changeset.elementUpdated.isEmpty { calls.append("reloadRows \(changeset.elementUpdated.map(row))") }
        for move in changeset.elementMoved { calls.append("moveRow \(row(move.source)) \(row(move.target))") }
    }
    return calls
}

#if !canImport(UIKit)
    /// UIKit's `IndexPath(row:section:)`, which Carbon calls, on Linux.
    extension IndexPath {
        init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    }
#endif

// MARK: - Separate ContentIdentifiable and ContentEquatable conformances

/// A section view model conforming to the two halves of `Differentiable`
/// one by one, then to `DifferentiableSection`.
struct SectionViewModel: Equatable {
    var id: String
    var rows: [String]
}

extension SectionViewModel: ContentEquatable {
    func isContentEqual(to source: SectionViewModel) -> Bool { id.isContentEqual(to: source.id) }
}

extension SectionViewModel: ContentIdentifiable {
    var differenceIdentifier: String { id }
}

extension SectionViewModel: DifferentiableSection {
    var elements: [String] { rows }
    init<C: Swift.Collection>(source: SectionViewModel, elements: C) where C.Element == String {
        self.init(id: source.id, rows: Array(elements))
    }
}

// MARK: - Bento's component classes

/// A Bento component: a class holding a closure, neither `Hashable` nor
/// `Sendable`.
final class ToggleComponent {
    let title: String
    let isOn: Bool
    let onToggle: (Bool) -> Void

    init(title: String, isOn: Bool, onToggle: @escaping (Bool) -> Void) {
        self.title = title
        self.isOn = isOn
        self.onToggle = onToggle
    }
}

/// A comparable Bento-style view model held in a class.
final class LabelComponent: Hashable, Sendable {
    let text: String
    init(text: String) { self.text = text }
    static func == (lhs: LabelComponent, rhs: LabelComponent) -> Bool { lhs.text == rhs.text }
    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

enum PinnedSectionID: Hashable, Sendable { case first, third }
enum PinnedRowID: Hashable, Sendable { case note, toggle }

/// A generic helper as DifferenceKit users write it on `UITableView`
/// (`reload(using: changeset, with: .fade, setData: setData)`), on any
/// ``ListView``: the caller's non-escaping `setData` passed through.
@MainActor
func diffUpdate<D: Differentiable>(
    _ view: some ListView, source: [D], target: [D], setData: ([D]) -> Void
) throws {
    let changeset = try StagedChangeset(source: source, target: target)
    view.reload(using: changeset, setData: setData)
}

@Suite("Real-world ports: DifferenceKit, Carbon and Bento code shapes")
struct RealWorldPortTests {
    let inbox = CarbonSection(
        id: "inbox", header: HeaderNode(title: "Inbox"),
        cells: [CellNode(id: 1, text: "a"), CellNode(id: 2, text: "b")])

    /// Carbon's `Section.isContentEqual(to:)` compares optional headers: two
    /// `nil`s are equal, `nil` against a header is a change.
    @Test func optionalHeadersCompareByContent() {
        let none: HeaderNode? = nil
        let some: HeaderNode? = HeaderNode(title: "A")
        #expect(none.isContentEqual(to: nil))
        #expect(!none.isContentEqual(to: some))
        #expect(!some.isContentEqual(to: none))
        #expect(some.isContentEqual(to: HeaderNode(title: "A")))
        #expect(!some.isContentEqual(to: HeaderNode(title: "B")))
        #expect([HeaderNode(title: "A")].isContentEqual(to: [HeaderNode(title: "A")]))
        #expect(![HeaderNode(title: "A")].isContentEqual(to: [HeaderNode(title: "B")]))
        #expect(![HeaderNode(title: "A")].isContentEqual(to: []))
    }

    /// Carbon's sections (type-erased ids, optional header) diffed and
    /// walked as Carbon's `UITableViewUpdater` walks them.
    @Test func carbonSectionsRunThroughCarbonsUpdaterLoop() throws {
        var next = inbox
        next.header = nil
        next.cells = [CellNode(id: 2, text: "b"), CellNode(id: 1, text: "a!"), CellNode(id: "new", text: "c")]
        let archive = CarbonSection(id: "archive", header: nil, cells: [])
        let stagedChangeset = try StagedDataChangeset(source: [inbox], target: [next, archive])
        #expect(stagedChangeset.last?.data.map(\.cells.count) == [3, 0])
        #expect(stagedChangeset.changeCount == 5)
        // Cells 1 and 2 swap: one of them moves (one move is minimal).
        let calls = carbonCalls(stagedChangeset)
        #expect(calls.filter { $0.hasPrefix("moveRow") }.count == 1)
        #expect(
            calls.filter { !$0.hasPrefix("moveRow") } == [
                "batch of 1 sections", "reloadRows [[0, 0]]",
                "batch of 2 sections", "insertSections [1]",
                "batch of 2 sections", "insertRows [[0, 2]]",
                "batch of 2 sections", "reloadSections [0]",
            ])
        #expect(carbonCalls(stagedChangeset, animatableChangeCount: 4) == ["reloadData"])
        #expect(carbonCalls(try StagedDataChangeset(source: [inbox], target: [inbox])).isEmpty)
    }

    /// Carbon's updater tests spell the changeset to apply as an array
    /// literal of `DataChangeset`s (moves as ``Move`` values).
    @Test func stagedChangesetFromAnArrayLiteral() {
        let stagedChangeset: StagedDataChangeset = [
            DataChangeset(data: [], sectionDeleted: [0, 1]),
            DataChangeset(data: [], sectionMoved: [Move(source: 2, target: 3)]),
            DataChangeset(
                data: [inbox],
                elementMoved: [
                    Move(source: ElementPath(element: 14, section: 15), target: ElementPath(element: 16, section: 17))
                ]
            ),
        ]
        #expect(stagedChangeset.count == 3)
        #expect(stagedChangeset.changeCount == 4)
        #expect(stagedChangeset.map(\.data.count) == [0, 0, 1])
        #expect(!stagedChangeset.reloadsEverything)
        let empty: StagedChangeset<[Int]> = []
        #expect(empty.isEmpty)
    }

    /// A mixed list of `AnyDifferentiable`, read back through `base`, as a
    /// comment screen shows a "loading" placeholder, then comments.
    @Test func anyDifferentiableMixesElementTypes() throws {
        let loading: [AnyDifferentiable] = [AnyDifferentiable("loading")]
        let comments = [AnyDifferentiable(1), AnyDifferentiable("footer"), AnyDifferentiable(2)]
        let changeset = try StagedChangeset(source: loading, target: comments)
        // Deletes, then inserts: two stages, as DifferenceKit stages them.
        #expect(changeset.count == 2)
        #expect(changeset[0].elementDeleted == [ElementPath(element: 0, section: 0)])
        #expect(changeset[0].data.isEmpty)
        #expect(changeset[1].elementInserted.map(\.element).sorted() == [0, 1, 2])
        #expect(changeset.last?.data.compactMap { $0.base as? Int } == [1, 2])
        #expect(changeset.last?.data[1].base as? String == "footer")

        // Identifiers of different types differ; equal ids of one type
        // compare by the wrapped value's content; wrapping twice changes
        // nothing.
        #expect(AnyDifferentiable(1).differenceIdentifier != AnyDifferentiable("1").differenceIdentifier)
        #expect(AnyDifferentiable(1).isContentEqual(to: AnyDifferentiable(1)))
        let cell = CellNode(id: 7, text: "x")
        #expect(!AnyDifferentiable(cell).isContentEqual(to: AnyDifferentiable(CellNode(id: 7, text: "y"))))
        #expect(!AnyDifferentiable(cell).isContentEqual(to: AnyDifferentiable(7)))
        #expect(AnyDifferentiable(AnyDifferentiable(cell)).base is CellNode)

        // An update: same id, other content.
        let edited = try StagedChangeset(
            source: [AnyDifferentiable(cell)], target: [AnyDifferentiable(CellNode(id: 7, text: "y"))])
        #expect(edited.flatMap(\.elementUpdated) == [ElementPath(element: 0, section: 0)])

        // As elements of `ArraySection<Int, AnyDifferentiable>`.
        typealias DataSection = ArraySection<Int, AnyDifferentiable>
        let sections = try StagedChangeset(
            source: [DataSection(model: 0, elements: loading)], target: [DataSection(model: 0, elements: comments)])
        #expect(sections.last?.data.first?.elements.count == 3)
        #expect(sections.flatMap(\.elementDeleted) == [ElementPath(element: 0, section: 0)])
    }

    /// A section conforming to `ContentEquatable` and `ContentIdentifiable`
    /// one by one is a `DifferentiableSection`.
    @Test func separateContentConformancesMakeASection() throws {
        let source = [SectionViewModel(id: "a", rows: ["1", "2"])]
        let target = [SectionViewModel(id: "b", rows: []), SectionViewModel(id: "a", rows: ["2", "1"])]
        let changeset = try StagedChangeset(source: source, target: target)
        #expect(changeset.last?.data == target)
        #expect(changeset.flatMap(\.sectionInserted) == [0])
        #expect(changeset.flatMap(\.elementMoved).count == 1)
    }

    /// Bento's `Node(id:component:)` with a component class: incomparable,
    /// handed back as the same object; a `Hashable & Sendable` class is
    /// compared by content.
    @Test func bentoNodeTakesComponentClasses() throws {
        var toggled: [Bool] = []
        let toggle = ToggleComponent(title: "Airplane mode", isOn: true) { toggled.append($0) }
        let node = Node(id: PinnedRowID.toggle, component: toggle)
        #expect(!node.component.isComparable)
        #expect(node.component(as: ToggleComponent.self) === toggle)
        node.component(as: ToggleComponent.self)?.onToggle(false)
        #expect(toggled == [false])

        let label = Node(id: PinnedRowID.note, component: LabelComponent(text: "WIFI Off"))
        #expect(label.component.isComparable)
        #expect(label == Node(id: .note, component: LabelComponent(text: "WIFI Off")))
        #expect(label != Node(id: .note, component: LabelComponent(text: "WIFI On")))
    }

    /// Bento's pinned-sections example reuses ids: two sections named
    /// `.first`, and `.toggle` / `.note` rows in every section. Repeats
    /// pair in order, and the changeset rebuilds the target.
    @Test func bentoBoxesWithRepeatedIdsDiff() throws {
        func toggle(_ isOn: Bool) -> Node<PinnedRowID> {
            Node(id: .toggle, component: ToggleComponent(title: "Airplane mode", isOn: isOn) { _ in })
        }
        func note(_ text: String) -> Node<PinnedRowID> { PinnedRowID.note <> LabelComponent(text: text) }

        let airplane =
            Box<PinnedSectionID, PinnedRowID>.empty
            |-+ Section(id: .first, header: "header", footer: "footer")
            |---+ toggle(true)
            |---+ note("WIFI Off")
            |-+ Section(id: .first, header: "second")
            |---+ note("WIFI Off")
            |---+ toggle(true)
            |-+ Section(id: .third)
            |---+ note("WIFI Off")
            |---+ toggle(true)
        let wifi =
            Box<PinnedSectionID, PinnedRowID>.empty
            |-+ Section(id: .first, footer: "footer")
            |---+ note("WIFI On")
            |---+ toggle(false)
            |-+ Section(id: .first, header: "second")
            |---+ toggle(false)
            |---+ note("WIFI On")
            |---+ toggle(false)
            |-+ Section(id: .third)
            |---+ toggle(false)
            |---+ note("WIFI On")
        // Incomparable components are `==` to nothing, so the Boxes are
        // compared by ids and by the objects their rows show.
        func shape(_ box: Box<PinnedSectionID, PinnedRowID>) -> [String] {
            box.sections.flatMap { section in
                ["\(section.id) \(section.header?.description ?? "-")"]
                    + section.rows.map { row in
                        let object = row.component(as: ToggleComponent.self).map { "\(ObjectIdentifier($0))" }
                        return "\(row.id) \(object ?? row.component.description)"
                    }
            }
        }
        let changeset = try StagedChangeset(source: airplane, target: wifi)
        #expect(shape(changeset.applied(to: airplane)) == shape(wifi))
        #expect(shape(changeset.applied(to: airplane)) != shape(airplane))
        #expect(changeset.flatMap(\.sectionUpdated) == [0])
        #expect(changeset.flatMap(\.sectionInserted).isEmpty)
        #expect(changeset.flatMap(\.sectionDeleted).isEmpty)
    }

    /// `reload(using: changeset) { data in … }`, as DifferenceKit's README
    /// and its users write it: the trailing closure is `setData`; an
    /// interrupt is asked before each stage, as in DifferenceKit: the
    /// deletes are animated, the 200 inserts reload the data instead.
    @MainActor
    @Test func reloadWithATrailingSetDataClosure() throws {
        let view = RecordingListView()
        var shown = ["a", "b"]
        let changeset = try StagedChangeset(source: shown, target: ["b", "c"])
        view.reload(using: changeset) { data in shown = data }
        #expect(shown == ["b", "c"])
        #expect(view.log == ["batch", "deleteItems [[0, 0]]", "batch", "insertItems [[0, 1]]"])

        view.log = []
        let big = try StagedChangeset(source: shown, target: (0..<200).map(String.init))
        view.reload(using: big, interrupt: { $0.changeCount > 100 }, setData: { data in shown = data })
        #expect(view.log == ["batch", "deleteItems [[0, 0], [0, 1]]", "reloadData"])
        #expect(shown.count == 200)

        view.log = []
        try diffUpdate(view, source: shown, target: Array(shown.dropFirst())) { shown = $0 }
        #expect(view.log == ["batch", "deleteItems [[0, 0]]"])
        #expect(shown.count == 199)
    }

    /// `StagedChangeset(source:target:section:)`: the flat diff with the
    /// given section in every path, under every option set; the rows and
    /// the data are the flat diff's.
    @Test(arguments: [0, 1, 3])
    func flatDiffInASection(section: Int) throws {
        let source = ["a", "b", "c", "d", "e"]
        let target = ["e", "a", "c", "x", "b"]
        for options in OptionGrids.all {
            let flat = try StagedChangeset(source: source, target: target, options: options)
            let placed = try StagedChangeset(source: source, target: target, section: section, options: options)
            #expect(placed.map(\.data) == flat.map(\.data))
            func rows(_ paths: [ElementPath]) -> [Int] { paths.map(\.row) }
            for (p, f) in zip(placed, flat) {
                let paths =
                    p.elementDeleted + p.elementInserted + p.elementUpdated + p.elementReconfigured
                    + p.elementMoved.flatMap { [$0.source, $0.target] }
                #expect(paths.allSatisfy { $0.section == section }, "\(p)")
                #expect(rows(p.elementDeleted) == rows(f.elementDeleted))
                #expect(rows(p.elementInserted) == rows(f.elementInserted))
                #expect(rows(p.elementUpdated) == rows(f.elementUpdated))
                #expect(rows(p.elementReconfigured) == rows(f.elementReconfigured))
                #expect(
                    p.elementMoved.map { [$0.source.row, $0.target.row] }
                        == f.elementMoved.map { [$0.source.row, $0.target.row] })
            }
            #expect(placed.count == flat.count)
        }
    }
}
