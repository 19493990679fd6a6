import BoxDiff
import BoxDiffTestSupport
import Foundation
import Testing

// A typical Carbon screen (ra1028/Carbon: a mail inbox, folders as sections
// with a header and a footer view, messages as identifiable cells) ported
// to BoxDiff twice: as a Box driven by a `BoxRenderer` (Carbon's
// `Renderer.render`), and with Carbon's own section types kept, through
// `reload(using:setData:)` (Carbon's `UITableViewUpdater.performUpdates`).
// Each render is checked on a simulated table view: every row present,
// each cell and header showing its new content, no batch UIKit would
// reject, and a reload exactly where Carbon's updater options reload.

// MARK: - The screen's state and Carbon's components

/// The screen's state: folders of messages.
struct CarbonInbox: Sendable {
    struct Message: Sendable {
        var id: CarbonID
        var title: String
        var unread = 0
    }
    struct Folder: Sendable {
        var id: String
        var name: String
        var messages: [Message]
    }
    var folders: [Folder]
}

/// Carbon's `Label` component (a header, a footer, a cell): `Equatable`,
/// so Carbon's `shouldContentUpdate(with:)` is `self != next`.
struct CarbonLabel: Hashable, Sendable {
    var text: String
}

/// A message cell whose Carbon `shouldContentUpdate(with:)` is
/// `title != next.title`: a change of `unread` alone does not reload the
/// cell (Carbon's `alwaysRenderVisibleComponents` re-renders the visible
/// one in place instead). Ported as `==` and `hash(into:)` over `title`.
struct CarbonMessageCell: Hashable, Sendable {
    var title: String
    var unread: Int
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.title == rhs.title }
    func hash(into hasher: inout Hasher) { hasher.combine(title) }
}

/// Carbon's type-erased cell ids (`CellNode.id` is an `AnyHashable`) in a
/// form a ``BoxRenderer`` takes: `AnyHashable` is not `Sendable` ("conformance
/// of 'AnyHashable' to 'Sendable' is unavailable"), a renderer's ids must be.
struct CarbonID: Hashable, Sendable, CustomStringConvertible {
    let base: any Hashable & Sendable
    init(_ base: some Hashable & Sendable) { self.base = base }
    static func == (lhs: CarbonID, rhs: CarbonID) -> Bool { AnyHashable(lhs.base) == AnyHashable(rhs.base) }
    func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
    var description: String { "\(base)" }
}

/// The screen as a Box: section ids are the folders', cell ids type-erased.
typealias CarbonBox = Box<String, CarbonID>

extension CarbonInbox {
    /// What Carbon's `renderer.render { Section(id:header:cells:footer:) }`
    /// describes, as a Box. `rebinds`: the cells as
    /// `Component(incomparable:)`, re-bound on every render.
    func box(rebinds: Bool = false) -> CarbonBox {
        CarbonBox(
            sections: folders.map { folder in
                Section(
                    id: folder.id, header: folder.name.isEmpty ? nil : Component(CarbonLabel(text: folder.name)),
                    footer: Component(CarbonLabel(text: "\(folder.messages.count) messages")),
                    rows: folder.messages.map { message in
                        let cell = CarbonMessageCell(title: message.title, unread: message.unread)
                        return Node(
                            id: message.id, component: rebinds ? Component(incomparable: cell) : Component(cell))
                    })
            })
    }

    /// Carbon's own sections, as a Carbon app builds them.
    var carbonSections: [CarbonSection] {
        folders.map { folder in
            CarbonSection(
                id: folder.id, header: folder.name.isEmpty ? nil : CarbonViewNode(CarbonLabel(text: folder.name)),
                cells: folder.messages.map {
                    CarbonCellNode(id: AnyHashable($0.id.base), CarbonMessageCell(title: $0.title, unread: $0.unread))
                },
                footer: CarbonViewNode(CarbonLabel(text: "\(folder.messages.count) messages")))
        }
    }

    /// What a table showing this state displays.
    var display: [CarbonDisplay.Section] { CarbonDisplay.sections(of: box()) }
}

/// What the simulated table displays: per section "id: header | footer",
/// per cell "id title (unread)".
enum CarbonDisplay {
    typealias View = SimulatedListView<String, String>
    typealias Section = View.Section

    static func sections(of box: CarbonBox) -> [Section] {
        box.sections.map { section in
            Section(
                header: "\(section.id): \(label(section.header)) | \(label(section.footer))",
                items: section.rows.map {
                    cell(AnyHashable($0.id.base), $0.component.value(as: CarbonMessageCell.self))
                })
        }
    }

    static func sections(of carbon: [CarbonSection]) -> [Section] {
        carbon.map { section in
            Section(
                header: "\(section.id): \(section.header?.component.text ?? "none") | "
                    + (section.footer?.component.text ?? "none"),
                items: section.cells.map { cell($0.id, $0.component) })
        }
    }

    static func label(_ component: Component?) -> String {
        component?.value(as: CarbonLabel.self)?.text ?? "none"
    }

    static func cell(_ id: AnyHashable, _ cell: CarbonMessageCell?) -> String {
        "\(id) \(cell?.title ?? "?") (\(cell?.unread ?? -1))"
    }
}

// MARK: - Carbon's own nodes and section, kept as they are

/// Carbon's `ViewNode`: a header or footer component, content-equal
/// unless `source.shouldContentUpdate(with: self)`.
struct CarbonViewNode: ContentEquatable {
    var component: CarbonLabel
    init(_ component: CarbonLabel) { self.component = component }
    func isContentEqual(to source: CarbonViewNode) -> Bool { !(source.component != component) }
}

/// Carbon's `CellNode`: a type-erased id and a component.
struct CarbonCellNode: Differentiable {
    var id: AnyHashable
    var component: CarbonMessageCell
    init(id: AnyHashable, _ component: CarbonMessageCell) {
        self.id = id
        self.component = component
    }
    var differenceIdentifier: AnyHashable { id }
    /// Carbon: `!source.component.shouldContentUpdate(with: component)`.
    func isContentEqual(to source: CarbonCellNode) -> Bool { !(source.component.title != component.title) }
}

/// Carbon's `Section`: an id, an optional header and footer, the cells;
/// its content is its header and footer.
struct CarbonSection: DifferentiableSection {
    var id: AnyHashable
    var header: CarbonViewNode?
    var cells: [CarbonCellNode]
    var footer: CarbonViewNode?

    init(id: AnyHashable, header: CarbonViewNode? = nil, cells: [CarbonCellNode], footer: CarbonViewNode? = nil) {
        self.id = id
        self.header = header
        self.cells = cells
        self.footer = footer
    }

    var differenceIdentifier: AnyHashable { id }
    var elements: [CarbonCellNode] { cells }
    func isContentEqual(to source: CarbonSection) -> Bool {
        header.isContentEqual(to: source.header) && footer.isContentEqual(to: source.footer)
    }
    init<C: Swift.Collection>(source: CarbonSection, elements cells: C) where C.Element == CarbonCellNode {
        self.init(id: source.id, header: source.header, cells: Array(cells), footer: source.footer)
    }
}

/// Carbon's `UITableViewUpdater.performUpdates(target:adapter:data:)` on a
/// ``ListView``: `animatableChangeCount` as ``DiffOptions/reloadThreshold``
/// (a total over the stages, as Carbon counts), an empty changeset still
/// handing the data over (Carbon sets `adapter.data` then; `reload(using:)`
/// makes no call at all for it), off-window reloads from `reload(using:)`.
@MainActor
final class CarbonTableUpdater {
    typealias View = SimulatedListView<String, String>
    /// Carbon's `adapter.data`.
    final class Adapter {
        var data: [CarbonSection] = []
    }

    let adapter: Adapter
    let view: View
    /// Carbon's `animatableChangeCount` (300 by default).
    var animatableChangeCount = 300
    /// Whether an empty changeset hands the data over (`false`: the bare
    /// `reload(using:)` call).
    var setsDataWhenUnchanged = true
    /// The diff's other options (mode, update style, algorithm).
    var options = DiffOptions()

    init() {
        let adapter = Adapter()
        self.adapter = adapter
        view = View { CarbonDisplay.sections(of: adapter.data) }
    }

    func performUpdates(_ data: [CarbonSection]) throws {
        var options = options
        options.reloadThreshold = animatableChangeCount
        let changeset = try StagedChangeset(
            source: adapter.data, target: data, options: options)
        if changeset.isEmpty && setsDataWhenUnchanged { adapter.data = data }
        let adapter = adapter
        view.reload(using: changeset) { adapter.data = $0 }
        view.finishAnimations()
    }
}

// MARK: - The screen through a BoxRenderer

/// Carbon's adapter (the data the table's data source reads), the
/// simulated table reading it, and a ``BoxRenderer`` as Carbon's
/// `Renderer`.
@MainActor
final class CarbonScreen {
    typealias View = SimulatedListView<String, String>
    /// Carbon's adapter: `data` is what the data source reads.
    final class Adapter {
        var data = CarbonBox()
    }

    let adapter: Adapter
    let view: View
    let renderer: BoxRenderer<String, CarbonID, View>
    let rebinds: Bool

    init(options: DiffOptions, rebinds: Bool = false) {
        let adapter = Adapter()
        self.adapter = adapter
        self.rebinds = rebinds
        view = View { CarbonDisplay.sections(of: adapter.data) }
        renderer = BoxRenderer(view: view, options: options) { adapter.data = $0 }
    }

    /// Carbon's `renderer.render(data)`, its animations run to the end.
    func render(_ state: CarbonInbox, animated: Bool = true) {
        renderer.render(state.box(rebinds: rebinds), animated: animated)
        view.finishAnimations()
    }

    /// What is wrong once the animations are over.
    func problems(showing state: CarbonInbox) -> [String] {
        var problems = view.issues
        if view.shown != state.display { problems.append("view shows \(view.shown), expected \(state.display)") }
        if CarbonDisplay.sections(of: adapter.data) != state.display {
            problems.append("adapter holds \(adapter.data)")
        }
        return problems
    }
}

// MARK: - The timeline

/// The renders of the screen, in order: content edits, moves within and
/// across sections, sections inserted, deleted and moved, a large change
/// each way, an empty screen.
enum CarbonTimeline {
    typealias Message = CarbonInbox.Message
    typealias Folder = CarbonInbox.Folder

    static func m(_ id: Int, _ title: String? = nil) -> Message { Message(id: CarbonID(id), title: title ?? "m\(id)") }

    static let inbox = "inbox"
    static let archive = "archive"
    static let flagged = "flagged"
    /// A row whose id is a `String` among `Int` ids (Carbon's ids are
    /// type-erased).
    static let loadMore = Message(id: CarbonID("load-more"), title: "Load more")

    /// Each step's name, state and whether it changes more than 300
    /// things (Carbon's default `animatableChangeCount`).
    static let steps: [(name: String, state: CarbonInbox, isLarge: Bool)] = {
        let first = CarbonInbox(folders: [
            Folder(id: inbox, name: "Inbox", messages: [m(1), m(2), m(3), loadMore]),
            Folder(id: archive, name: "Archive", messages: [m(4), m(5)]),
        ])
        let edited = CarbonInbox(folders: [
            Folder(id: inbox, name: "Inbox", messages: [m(1), m(2, "m2 edited"), m(3), loadMore]),
            Folder(id: archive, name: "Old mail", messages: [m(4), m(5)]),
        ])
        let reordered = CarbonInbox(folders: [
            Folder(id: inbox, name: "Inbox", messages: [m(3), m(1), loadMore, m(2, "m2 edited")]),
            Folder(id: archive, name: "Old mail", messages: [m(4), m(5)]),
        ])
        let acrossSections = CarbonInbox(folders: [
            Folder(id: inbox, name: "Inbox", messages: [m(3), loadMore, m(2, "m2 edited")]),
            Folder(id: archive, name: "Old mail", messages: [m(4), m(1), m(5)]),
        ])
        let sectionInserted = CarbonInbox(folders: [
            Folder(id: flagged, name: "Flagged", messages: [m(4), m(6)]),
            Folder(id: inbox, name: "Inbox", messages: [m(3), loadMore, m(2, "m2 edited")]),
            Folder(id: archive, name: "Old mail", messages: [m(1, "m1 edited"), m(5)]),
        ])
        let sectionDeleted = CarbonInbox(folders: [
            Folder(id: flagged, name: "Flagged", messages: [m(4), m(6)]),
            Folder(id: inbox, name: "Inbox", messages: [m(5), m(3), loadMore, m(2, "m2 edited")]),
        ])
        let sectionMoved = CarbonInbox(folders: [
            Folder(id: inbox, name: "Inbox", messages: [m(5), m(3), m(2, "m2 edited"), loadMore]),
            Folder(id: flagged, name: "Starred", messages: [m(6, "m6 edited"), m(4)]),
        ])
        var headerRemoved = sectionMoved
        headerRemoved.folders[1].name = ""
        var large = sectionMoved
        large.folders[0].messages.insert(contentsOf: (100..<500).map { m($0) }, at: 2)
        return [
            ("first render", first, false),
            ("a cell and a header edited", edited, false),
            ("cells moved within a section", reordered, false),
            ("a cell moved across sections, footers changed", acrossSections, false),
            ("a section inserted with a cell moved into it", sectionInserted, false),
            ("a section deleted, one of its cells moved out", sectionDeleted, false),
            ("sections swapped, one renamed, a cell edited", sectionMoved, false),
            ("a header removed", headerRemoved, false),
            ("the header back", sectionMoved, false),
            ("400 cells inserted", large, true),
            ("400 cells deleted", sectionMoved, true),
            ("every section deleted", CarbonInbox(folders: []), false),
            ("first render again", first, false),
        ]
    }()
}

/// Carbon's updater options as a BoxDiff setup, and which renders reload.
struct CarbonUpdaterCase: Sendable, CustomTestStringConvertible {
    enum Reloads: Sendable {
        /// The renders of more than 300 changes.
        case large
        /// Every render.
        case every
        /// None.
        case never
    }

    var name: String
    var options: DiffOptions
    var inWindow = true
    /// Carbon's `isAnimationEnabled`.
    var animated = true
    /// Cells re-bound on every render (`alwaysRenderVisibleComponents`).
    var rebinds = false
    var reloads: Reloads
    var testDescription: String { name }

    static let all: [CarbonUpdaterCase] = [
        .init(
            name: "Carbon's defaults (animatableChangeCount 300)", options: DiffOptions(reloadThreshold: 300),
            reloads: .large),
        .init(name: "animatableChangeCount 0", options: DiffOptions(reloadThreshold: 0), reloads: .every),
        .init(name: "no animatableChangeCount", options: DiffOptions(), reloads: .never),
        // One batch replaces a section whose footer changed (a delete and
        // an insert), its 400 new rows with it: 2 changes, no reload.
        .init(
            name: "one batch per render", options: DiffOptions(mode: .singleBatch, reloadThreshold: 300),
            reloads: .never),
        .init(
            name: "content changes reconfigured", options: DiffOptions(updateStyle: .reconfigure, reloadThreshold: 300),
            reloads: .large),
        .init(
            name: "LCS, one batch, reconfigured",
            options: DiffOptions(algorithm: .lcs, mode: .singleBatch, updateStyle: .reconfigure, reloadThreshold: 300),
            reloads: .never),
        .init(
            name: "alwaysRenderVisibleComponents (cells re-bound)", options: DiffOptions(reloadThreshold: 300),
            rebinds: true, reloads: .large),
        .init(
            name: "cells re-bound, one batch, animatableChangeCount 0",
            options: DiffOptions(mode: .singleBatch, reloadThreshold: 0), rebinds: true, reloads: .every),
        .init(
            name: "table not in a window", options: DiffOptions(reloadThreshold: 300), inWindow: false,
            reloads: .every),
        .init(
            name: "isAnimationEnabled false", options: DiffOptions(reloadThreshold: 300), animated: false,
            reloads: .every),
    ]
}

// MARK: - Tests

@Suite("Carbon port: a Carbon screen on BoxDiff")
@MainActor
struct CarbonPortTests {
    /// The screen through a ``BoxRenderer``, under each of Carbon's updater
    /// option sets: after every render the table shows every row with its
    /// new content and its headers and footers, and reloads exactly where
    /// Carbon's updater reloads.
    @Test(arguments: CarbonUpdaterCase.all)
    func screenThroughBoxRenderer(_ setup: CarbonUpdaterCase) {
        let screen = CarbonScreen(options: setup.options, rebinds: setup.rebinds)
        screen.view.canAnimateBatchUpdates = setup.inWindow
        for (name, state, isLarge) in CarbonTimeline.steps {
            let reloads = screen.view.reloadDataCount
            let batches = screen.view.batchCount
            screen.render(state, animated: setup.animated)
            #expect(screen.problems(showing: state).isEmpty, "\(name): \(screen.problems(showing: state))")
            let expectsReload =
                switch setup.reloads {
                case .large: isLarge
                case .every: true
                case .never: false
                }
            #expect(screen.view.reloadDataCount - reloads == (expectsReload ? 1 : 0), "\(name)")
            #expect((screen.view.batchCount > batches) == !expectsReload, "\(name)")
        }
        #expect(screen.renderer.appliedRenderCount == CarbonTimeline.steps.count)
        #expect(screen.renderer.fallbackReloadCount == 0)
    }

    /// A table moved in and out of a window between renders: off-window
    /// renders reload (Carbon's updater does too), and the next render in
    /// a window animates from what the table shows.
    @Test func screenInAndOutOfAWindow() {
        let screen = CarbonScreen(options: DiffOptions(reloadThreshold: 300))
        for (k, (name, state, isLarge)) in CarbonTimeline.steps.enumerated() {
            screen.view.canAnimateBatchUpdates = k % 2 == 1
            let reloads = screen.view.reloadDataCount
            screen.render(state)
            #expect(screen.problems(showing: state).isEmpty, "\(name): \(screen.problems(showing: state))")
            let expectsReload = k % 2 == 0 || isLarge
            #expect(screen.view.reloadDataCount - reloads == (expectsReload ? 1 : 0), "\(name)")
        }
        // Off-window, a render that changes nothing makes no reload (Carbon's
        // updater reloads before diffing).
        screen.view.canAnimateBatchUpdates = false
        let reloads = screen.view.reloadDataCount
        screen.render(CarbonTimeline.steps.last!.state)
        #expect(screen.view.reloadDataCount == reloads)
        #expect(screen.problems(showing: CarbonTimeline.steps.last!.state).isEmpty)
    }

    /// Carbon's own `Section`, `CellNode` and `ViewNode` kept as they are,
    /// through Carbon's updater loop on `reload(using:setData:)`.
    @Test(arguments: [0, 300, Int.max])
    func carbonSectionsThroughReload(animatableChangeCount: Int) throws {
        let updater = CarbonTableUpdater()
        updater.animatableChangeCount = animatableChangeCount
        for (name, state, isLarge) in CarbonTimeline.steps {
            let reloads = updater.view.reloadDataCount
            try updater.performUpdates(state.carbonSections)
            #expect(updater.view.issues.isEmpty, "\(name): \(updater.view.issues)")
            #expect(updater.view.shown == state.display, "\(name): \(updater.view.shown)")
            let expectsReload = animatableChangeCount == 0 || (animatableChangeCount == 300 && isLarge)
            #expect(updater.view.reloadDataCount - reloads == (expectsReload ? 1 : 0), "\(name)")
        }
    }

    /// Carbon's `animatableChangeCount` bounds the changes of all stages
    /// together; `reload(using:interrupt:)` asks `interrupt` of one stage
    /// at a time, so `{ $0.changeCount > n }` (DifferenceKit's idiom)
    /// animates a render whose stages each stay within `n`. The
    /// threshold of ``DiffOptions/reloadThreshold`` is Carbon's total.
    @Test func animatableChangeCountIsATotalNotAStageCount() throws {
        let old = CarbonInbox(folders: [
            .init(
                id: "inbox", name: "Inbox", messages: [CarbonTimeline.m(1), CarbonTimeline.m(2), CarbonTimeline.m(3)])
        ])
        let new = CarbonInbox(folders: [
            .init(
                id: "inbox", name: "Inbox",
                messages: [CarbonTimeline.m(1, "edited"), CarbonTimeline.m(2), CarbonTimeline.m(4)])
        ])
        let changeset = try StagedChangeset(source: old.carbonSections, target: new.carbonSections)
        // An update, a delete, an insert: three stages of one change each.
        #expect(changeset.count == 3)
        #expect(changeset.changeCount == 3)
        #expect(changeset.allSatisfy { $0.changeCount <= 2 })
        // Carbon (`animatableChangeCount = 2`): 3 > 2, reloaded.
        let limited = try StagedChangeset(
            source: old.carbonSections, target: new.carbonSections, options: DiffOptions(reloadThreshold: 2))
        #expect(limited.reloadsEverything)
        let exact = try StagedChangeset(
            source: old.carbonSections, target: new.carbonSections, options: DiffOptions(reloadThreshold: 3))
        #expect(!exact.reloadsEverything && exact.stages.map(\.batchUpdate) == changeset.stages.map(\.batchUpdate))

        let updater = CarbonTableUpdater()
        updater.adapter.data = old.carbonSections
        updater.view.reloadData()
        let adapter = updater.adapter
        updater.view.reload(using: changeset, interrupt: { $0.changeCount > 2 }, setData: { adapter.data = $0 })
        updater.view.finishAnimations()
        #expect(updater.view.reloadDataCount == 1, "the per-stage interrupt never fires")
        #expect(updater.view.batchCount == 3)
        #expect(updater.view.shown == new.display)
    }

    /// A change `shouldContentUpdate(with:)` ignores (the unread count)
    /// diffs to nothing. Carbon still sets `adapter.data` and, with
    /// `alwaysRenderVisibleComponents`, re-renders the visible cells.
    /// BoxDiff: a `BoxRenderer` hands the data over but leaves the cell as
    /// it is; cells re-bound on every render (`Component(incomparable:)`)
    /// show the change; `reload(using:)` of the empty changeset makes no
    /// call at all, `setData` included.
    @Test func ignoredChangesReachTheDataButNotTheCells() throws {
        let before = CarbonInbox(folders: [.init(id: "inbox", name: "Inbox", messages: [CarbonTimeline.m(1)])])
        var after = before
        after.folders[0].messages[0].unread = 5

        let compared = CarbonScreen(options: DiffOptions())
        compared.render(before)
        compared.render(after)
        #expect(compared.view.issues.isEmpty)
        #expect(compared.view.shown[0].items == ["1 m1 (0)"], "the cell keeps its old unread count")
        #expect(CarbonDisplay.sections(of: compared.adapter.data)[0].items == ["1 m1 (5)"])

        let rebound = CarbonScreen(options: DiffOptions(reloadThreshold: 0), rebinds: true)
        rebound.render(before)
        let reloads = rebound.view.reloadDataCount
        rebound.render(after)
        #expect(rebound.problems(showing: after).isEmpty, "\(rebound.problems(showing: after))")
        #expect(rebound.view.shown[0].items == ["1 m1 (5)"])
        #expect(rebound.view.reloadDataCount == reloads, "re-binds do not count toward the threshold")

        let changeset = try StagedChangeset(source: before.carbonSections, target: after.carbonSections)
        #expect(changeset.isEmpty)
        let updater = CarbonTableUpdater()
        try updater.performUpdates(before.carbonSections)
        updater.setsDataWhenUnchanged = false
        try updater.performUpdates(after.carbonSections)
        #expect(updater.adapter.data[0].cells[0].component.unread == 0, "reload(using:) never called setData")
        updater.setsDataWhenUnchanged = true
        try updater.performUpdates(after.carbonSections)
        #expect(updater.adapter.data[0].cells[0].component.unread == 5)
    }

    /// ``DiffOptions/reloadThreshold`` reloads exactly when the changeset
    /// it would otherwise give has more changes, counted over every stage
    /// as Carbon counts them (`stagedChangeset.reduce(0) { $0 + $1.changeCount }`):
    /// random Box pairs, and the same pairs as Carbon-like sections.
    @Test(arguments: [
        DiffOptions(), DiffOptions(mode: .singleBatch), DiffOptions(updateStyle: .reconfigure),
        DiffOptions(algorithm: .lcs, mode: .singleBatch, updateStyle: .reconfigure),
    ])
    func reloadThresholdIsCarbonsTotal(_ base: DiffOptions) throws {
        for seed in UInt64(0)..<150 {
            var rng = SeededGenerator(seed: seed)
            let (old, new) = BoxGenerators.pair(
                shape: BoxPairShape(maxSections: 6, maxRowsPerSection: 12, editRate: 0.2), using: &rng)
            try expectThresholdBoundary(old, new, base, seed: seed)
            try expectThresholdBoundary(carbonSections(old), carbonSections(new), base, seed: seed)
            let flatOld = carbonSections(old).flatMap(\.elements)
            let flatNew = carbonSections(new).flatMap(\.elements)
            try expectThresholdBoundary(flatOld, flatNew, base, seed: seed) {
                try StagedChangeset(source: $0, target: $1, options: $2)
            }
        }
    }

    /// Carbon screens often identify cells by their index or text in each
    /// section (`.identified(by: \.text)`), so one id repeats across
    /// sections. BoxDiff pairs rows over the whole Box (as DifferenceKit,
    /// under Carbon, does): repeated ids pair in order of occurrence, and
    /// every render still shows the right rows.
    @Test(arguments: [DiffOptions(), DiffOptions(mode: .singleBatch), DiffOptions(updateStyle: .reconfigure)])
    func idsRepeatedAcrossSections(_ options: DiffOptions) {
        func state(_ folders: [(String, [String])]) -> CarbonInbox {
            CarbonInbox(
                folders: folders.map { id, titles in
                    CarbonInbox.Folder(
                        id: id, name: id.uppercased(),
                        messages: titles.enumerated().map { .init(id: CarbonID($0.offset), title: $0.element) })
                })
        }
        let states = [
            state([("a", ["x", "y", "z"]), ("b", ["p", "q"])]),
            state([("b", ["p", "q", "r"]), ("a", ["x", "z"])]),
            state([("c", ["n"]), ("a", ["z", "x", "w"])]),
            state([("a", ["x", "y", "z"]), ("b", ["p", "q"]), ("c", [])]),
            state([]),
            state([("b", ["q"]), ("a", ["x", "y"])]),
        ]
        let screen = CarbonScreen(options: options)
        for (k, next) in states.enumerated() {
            screen.render(next)
            #expect(screen.problems(showing: next).isEmpty, "render \(k): \(screen.problems(showing: next))")
        }
    }

    /// Random Carbon screens (folders shown, hidden, reordered and
    /// renamed, headers removed, messages moved across folders, edited,
    /// their unread count alone changed, `Int` and `String` ids mixed),
    /// rendered in turn with the table in and out of a window, through a
    /// `BoxRenderer` and through Carbon's updater on `reload(using:)`:
    /// every render shows every row, with its new title (and, re-bound,
    /// its new unread count), and no batch UIKit rejects.
    @Test(arguments: CarbonUpdaterCase.all)
    func randomScreens(_ setup: CarbonUpdaterCase) throws {
        for seed in UInt64(0)..<60 {
            var rng = SeededGenerator(seed: seed)
            let screen = CarbonScreen(options: setup.options, rebinds: setup.rebinds)
            let updater = CarbonTableUpdater()
            updater.options = setup.options
            updater.animatableChangeCount = setup.options.reloadThreshold ?? Int.max
            for k in 0..<8 {
                let state = CarbonInbox.random(using: &rng)
                let inWindow = setup.inWindow && Int.random(in: 0..<4, using: &rng) > 0
                screen.view.canAnimateBatchUpdates = inWindow
                updater.view.canAnimateBatchUpdates = inWindow
                screen.render(state, animated: setup.animated)
                try updater.performUpdates(state.carbonSections)
                let expected = setup.rebinds ? state.display : CarbonDisplay.withoutUnread(state.display)
                let shown = setup.rebinds ? screen.view.shown : CarbonDisplay.withoutUnread(screen.view.shown)
                #expect(screen.view.issues.isEmpty, "seed \(seed) render \(k): \(screen.view.issues)")
                #expect(shown == expected, "seed \(seed) render \(k)")
                #expect(updater.view.issues.isEmpty, "seed \(seed) render \(k): \(updater.view.issues)")
                #expect(
                    CarbonDisplay.withoutUnread(updater.view.shown) == CarbonDisplay.withoutUnread(state.display),
                    "seed \(seed) render \(k)")
                if !(screen.view.issues.isEmpty && shown == expected && updater.view.issues.isEmpty) { return }
            }
        }
    }

    /// A cell that changes component type under one id (a loading
    /// placeholder, then the message; Carbon's `AnyComponent` reloads it):
    /// reloaded with ``UpdateStyle/reload``, deleted and inserted with
    /// ``UpdateStyle/reconfigure`` (a reconfigured cell keeps its class);
    /// the table shows the message either way.
    @Test(arguments: [UpdateStyle.reload, .reconfigure])
    func cellChangingComponentType(_ style: UpdateStyle) throws {
        let loading = CarbonBox(sections: [
            Section(id: "inbox", rows: [Node(id: CarbonID(1), component: CarbonLabel(text: "Loading…"))])
        ])
        let loaded = CarbonInbox(folders: [.init(id: "inbox", name: "", messages: [CarbonTimeline.m(1)])])
        let changeset = try StagedChangeset(
            source: loading, target: loaded.box(), options: DiffOptions(updateStyle: style))
        let calls = changeset.map(\.batchUpdate)
        if style == .reload {
            #expect(calls.flatMap(\.elementUpdated) == [ElementPath(section: 0, row: 0)])
        } else {
            #expect(calls.flatMap(\.elementDeleted) == [ElementPath(section: 0, row: 0)])
            #expect(calls.flatMap(\.elementInserted) == [ElementPath(section: 0, row: 0)])
        }
        let screen = CarbonScreen(options: DiffOptions(updateStyle: style))
        screen.renderer.render(loading)
        screen.render(loaded)
        #expect(screen.problems(showing: loaded).isEmpty, "\(screen.problems(showing: loaded))")
    }

    /// `shouldContentUpdate(with:)` ported as `==` alone: Swift still
    /// synthesizes `hash(into:)` over every field, so a change of an
    /// ignored field changes the content hash and the row is reloaded
    /// anyway (no trap, the table right). `hash(into:)` over the compared
    /// fields keeps it unchanged.
    @Test func equalityWithoutItsHashStillReloads() throws {
        struct SynthesizedHash: Hashable, Sendable {
            var title: String
            var unread: Int
            static func == (lhs: Self, rhs: Self) -> Bool { lhs.title == rhs.title }
        }
        func box(_ unread: Int) -> CarbonBox {
            CarbonBox(sections: [
                Section(
                    id: "inbox", rows: [Node(id: CarbonID(1), component: SynthesizedHash(title: "a", unread: unread))])
            ])
        }
        let changeset = try StagedChangeset(source: box(0), target: box(5))
        #expect(changeset.flatMap(\.elementUpdated) == [ElementPath(section: 0, row: 0)])
        let screen = CarbonScreen(options: DiffOptions())
        screen.renderer.render(box(0))
        screen.renderer.render(box(5))
        #expect(screen.view.issues.isEmpty)

        let before = CarbonInbox(folders: [.init(id: "inbox", name: "", messages: [CarbonTimeline.m(1)])])
        var after = before
        after.folders[0].messages[0].unread = 5
        #expect(try StagedChangeset(source: before.box(), target: after.box()).isEmpty)
    }

    /// ``DiffOptions/reloadThreshold`` counts the calls a changeset makes.
    /// One batch replaces a section whose header or footer changed (a
    /// delete and an insert) with all its rows: 400 rows inserted under a
    /// footer counting them are 2 changes there, 401 in stages (Carbon
    /// counts 401 too).
    @Test func oneBatchCountsTheCallsItMakes() throws {
        let steps = CarbonTimeline.steps
        let before = steps[8].state.box()
        let after = steps[9].state.box()
        #expect(after.rowCount - before.rowCount == 400)
        let staged = try StagedChangeset(source: before, target: after, options: DiffOptions(reloadThreshold: 300))
        #expect(staged.reloadsEverything)
        let oneBatch = try StagedChangeset(
            source: before, target: after, options: DiffOptions(mode: .singleBatch, reloadThreshold: 300))
        #expect(!oneBatch.reloadsEverything)
        #expect(oneBatch.changeCount == 2)
        #expect(oneBatch.first?.sectionDeleted == [0] && oneBatch.first?.sectionInserted == [0])
        // Without the footer, the rows are inserted one by one, and reloaded.
        func withoutFooters(_ box: CarbonBox) -> CarbonBox {
            CarbonBox(sections: box.sections.map { Section(id: $0.id, header: $0.header, rows: $0.rows) })
        }
        let bare = try StagedChangeset(
            source: withoutFooters(before), target: withoutFooters(after),
            options: DiffOptions(mode: .singleBatch, reloadThreshold: 300))
        #expect(bare.reloadsEverything)
    }

    /// Carbon's own stage loop (`performDifferentialUpdates`), ported as it
    /// is, must check ``StagedChangeset/reloadsEverything`` first: such a
    /// changeset is one stage with no calls (`changeCount` 0, so Carbon's
    /// total passes) whose data is the target, and a batch of it is the
    /// empty batch over changed data that UIKit rejects.
    @Test func ownStageLoopMustCheckReloadsEverything() throws {
        let before = CarbonTimeline.steps[8].state.carbonSections
        let after = CarbonTimeline.steps[9].state.carbonSections
        let changeset = try StagedChangeset(source: before, target: after, options: DiffOptions(reloadThreshold: 300))
        #expect(changeset.reloadsEverything && changeset.count == 1 && changeset.changeCount == 0)

        for checksReloadsEverything in [false, true] {
            let updater = CarbonTableUpdater()
            updater.adapter.data = before
            updater.view.reloadData()
            let adapter = updater.adapter
            let view = updater.view
            if checksReloadsEverything && changeset.reloadsEverything {
                adapter.data = after
                view.reloadData()
            } else {
                for stage in changeset {
                    view.performBatchUpdates(
                        {
                            adapter.data = stage.data
                            if !stage.sectionDeleted.isEmpty { view.deleteSections(IndexSet(stage.sectionDeleted)) }
                            if !stage.sectionInserted.isEmpty { view.insertSections(IndexSet(stage.sectionInserted)) }
                            if !stage.sectionUpdated.isEmpty { view.reloadSections(IndexSet(stage.sectionUpdated)) }
                            for move in stage.sectionMoved { view.moveSection(move.source, toSection: move.target) }
                            if !stage.elementDeleted.isEmpty {
                                view.deleteItems(at: stage.elementDeleted.map(\.indexPath))
                            }
                            if !stage.elementInserted.isEmpty {
                                view.insertItems(at: stage.elementInserted.map(\.indexPath))
                            }
                            if !stage.elementUpdated.isEmpty {
                                view.reloadItems(at: stage.elementUpdated.map(\.indexPath))
                            }
                            for move in stage.elementMoved {
                                view.moveItem(at: move.source.indexPath, to: move.target.indexPath)
                            }
                        }, completion: nil)
                }
            }
            #expect(view.issues.isEmpty == checksReloadsEverything, "\(view.issues)")
            #expect(view.shown == CarbonTimeline.steps[9].state.display)
        }
    }

    /// Carbon's `set(allAnimation:)` sets every kind; assigning
    /// ``BatchAnimations/animation`` leaves the kinds set on their own as
    /// they were: the port of `set(allAnimation:)` is a new value.
    @Test func setAllAnimationIsANewBatchAnimations() {
        // Carbon's defaults: `.fade` for every kind.
        var animations = BatchAnimations("fade")
        animations.insertRows = "right"
        animations.animation = "none"
        #expect(animations.insertRows == "right")
        #expect(animations.deleteRows == "none")
        animations = BatchAnimations("none")
        #expect(
            [
                animations.deleteSections, animations.insertSections, animations.reloadSections,
                animations.deleteRows, animations.insertRows, animations.reloadRows,
            ] == Array(repeating: "none", count: 6))
    }
}

// MARK: - Helpers

extension CarbonInbox {
    /// A random screen: some of four folders in any order, some named "",
    /// some of 14 messages (12 `Int` ids, 2 `String` ids) spread over them.
    static func random(using rng: inout SeededGenerator) -> CarbonInbox {
        let ids = ["a", "b", "c", "d"].filter { _ in Bool.random(using: &rng) }.shuffled(using: &rng)
        var folders = ids.map { id in
            Folder(id: id, name: ["", id.uppercased(), id + "!"].randomElement(using: &rng)!, messages: [])
        }
        let messageIDs = (0..<12).map { CarbonID($0) } + [CarbonID("x"), CarbonID("y")]
        guard !folders.isEmpty else { return CarbonInbox(folders: []) }
        for id in messageIDs.shuffled(using: &rng) where Int.random(in: 0..<3, using: &rng) > 0 {
            let message = Message(
                id: id, title: ["t0", "t1"].randomElement(using: &rng)!, unread: Int.random(in: 0...1, using: &rng))
            folders[Int.random(in: 0..<folders.count, using: &rng)].messages.append(message)
        }
        return CarbonInbox(folders: folders)
    }
}

extension CarbonDisplay {
    /// `sections` without the unread counts (which `==` ignores, so a
    /// compared cell may show an old one).
    static func withoutUnread(_ sections: [Section]) -> [Section] {
        sections.map { section in
            Section(
                header: section.header,
                items: section.items.map { String($0[..<($0.lastIndex(of: "(") ?? $0.endIndex)]) })
        }
    }
}

/// A Carbon-like section of the threshold test: its header's content.
private struct ThresholdSectionModel: Differentiable {
    var id: Int
    var content: UInt64
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: ThresholdSectionModel) -> Bool { content == source.content }
}

/// A Carbon-like cell of the threshold test: its component's content.
private struct ThresholdCell: Differentiable {
    var id: Int
    var content: UInt64
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: ThresholdCell) -> Bool { content == source.content }
}

/// `box` as sections of Carbon-like values (content hashes for contents).
private func carbonSections(_ box: BoxGenerators.TestBox) -> [ArraySection<ThresholdSectionModel, ThresholdCell>] {
    box.sections.map { section in
        ArraySection(
            model: ThresholdSectionModel(
                id: section.id, content: (section.header?.contentHash ?? 1) &+ 3 &* (section.footer?.contentHash ?? 1)),
            elements: section.rows.map { ThresholdCell(id: $0.id, content: $0.component.contentHash) })
    }
}

/// At a threshold of the changeset's change count it is given as it is; one
/// below, it reloads everything.
@MainActor
private func expectThresholdBoundary<Data>(
    _ old: Data, _ new: Data, _ base: DiffOptions, seed: UInt64,
    diff: (Data, Data, DiffOptions) throws -> StagedChangeset<Data>
) throws {
    let free = try diff(old, new, base)
    let total = free.changeCount
    guard total > 0 else { return }
    var options = base
    options.reloadThreshold = total
    let atTotal = try diff(old, new, options)
    #expect(!atTotal.reloadsEverything, "seed \(seed): \(total) changes reloaded at a threshold of \(total)")
    #expect(atTotal.changeCount == total, "seed \(seed)")
    options.reloadThreshold = total - 1
    let below = try diff(old, new, options)
    #expect(below.reloadsEverything, "seed \(seed): \(total) changes animated at a threshold of \(total - 1)")
}

@MainActor
private func expectThresholdBoundary(
    _ old: BoxGenerators.TestBox, _ new: BoxGenerators.TestBox, _ base: DiffOptions, seed: UInt64
) throws {
    try expectThresholdBoundary(old, new, base, seed: seed) { try StagedChangeset(source: $0, target: $1, options: $2) }
}

@MainActor
private func expectThresholdBoundary(
    _ old: [ArraySection<ThresholdSectionModel, ThresholdCell>],
    _ new: [ArraySection<ThresholdSectionModel, ThresholdCell>], _ base: DiffOptions, seed: UInt64
) throws {
    try expectThresholdBoundary(old, new, base, seed: seed) { try StagedChangeset(source: $0, target: $1, options: $2) }
}
