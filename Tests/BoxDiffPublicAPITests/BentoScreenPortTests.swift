// A typical Bento screen ported with the changes the Bento guide
// lists, rendered through BoxRenderer over test views, and one test per
// guide claim the review doubted. Public API only.

import BoxDiff
import BoxDiffTestSupport
import Foundation
import Testing

// MARK: Bento-style components (Renderable stand-ins: classes with closures)

private final class RNEmptySpace {
    let height: Double
    init(height: Double) { self.height = height }
}

private final class RNTitle {
    let title: String
    let didTap: () -> Void
    init(title: String, didTap: @escaping () -> Void = {}) {
        self.title = title
        self.didTap = didTap
    }
}

private final class RNToggle {
    let title: String
    let isOn: Bool
    let didChange: (Bool) -> Void
    init(title: String, isOn: Bool, didChange: @escaping (Bool) -> Void) {
        self.title = title
        self.isOn = isOn
        self.didChange = didChange
    }
}

private final class RNLoading {
    init() {}
}

/// A Bento component that is a struct (a `Renderable` need not be a class).
private struct RNDescription {
    let text: String
    let didTap: (() -> Void)?
}

private enum SectionId: Hashable, Sendable { case profile, settings, items, legal }
private enum RowId: Hashable, Sendable {
    case name, notifications, loading, spacer, terms
    case item(Int)
}

private struct ScreenState {
    var name: String? = "Ada"
    var notifications = false
    var isLoading = true
    var items: [Int] = []
    var showsLegal = false
}

@MainActor
private final class DataSource {
    var box = Box<SectionId, RowId>.empty
}

// The screen's render function, as Bento code reads after the guide's changes.
@MainActor
private func renderScreen(_ state: ScreenState, toggled: @escaping (Bool) -> Void = { _ in }) -> Box<SectionId, RowId> {
    Box<SectionId, RowId>.empty
        |-+ Section(id: .profile, header: RNEmptySpace(height: 24))
        |---? .some(state.name) { name in RowId.name <> RNTitle(title: name) }
        |---+ Node(
            id: RowId.notifications,
            component: RNToggle(title: "Notifications", isOn: state.notifications, didChange: toggled))
        |-+ Section(id: .items, header: "Items", footer: Component("\(state.items.count) items"))
        |---? .iff(state.isLoading) { RowId.loading <> RNLoading() }
        |---* state.items.map { RowId.item($0) <> "Item \($0)" }
        |-? .iff(state.showsLegal) {
            Section(id: SectionId.legal, footer: RNEmptySpace(height: 8))
                |---+ RowId.terms
                <> Component(incomparable: RNDescription(text: "Terms", didTap: nil))
        }
}

@Suite("Bento port: a screen through BoxRenderer")
@MainActor
struct BentoScreenPortTests {
    /// The screen compiles and renders; the batches are valid under UIKit's
    /// rules (SimulatedListView) and the view ends on the Box.
    @Test(arguments: [
        DiffOptions(), DiffOptions(mode: .singleBatch), DiffOptions(updateStyle: .reconfigure),
        DiffOptions(mode: .singleBatch, updateStyle: .reconfigure),
    ])
    func typicalScreenRendersValidBatches(options: DiffOptions) {
        let dataSource = DataSource()
        let view = SimulatedListView<SimulatedHeader<SectionId>, Node<RowId>> {
            SimulatedListView.sections(of: dataSource.box)
        }
        let renderer = BoxRenderer(view: view, options: options) { [unowned dataSource] box in dataSource.box = box }
        var state = ScreenState()
        let steps: [(inout ScreenState) -> Void] = [
            { _ in },
            {
                $0.isLoading = false
                $0.items = [1, 2, 3]
            },
            {
                $0.items = [3, 1, 4]
                $0.showsLegal = true
            },
            {
                $0.name = nil
                $0.notifications = true
            },
            {
                $0.showsLegal = false
                $0.items = []
            },
            {
                $0.isLoading = true
                $0.items = [5]
                $0.name = "Grace"
            },
            {
                $0.isLoading = false
                $0.items = [5, 6]
                $0.showsLegal = true
                $0.notifications = false
            },
        ]
        for step in steps {
            step(&state)
            let box = renderScreen(state)
            renderer.render(box)
            view.finishAnimations()
            #expect(view.issues.isEmpty, "\(view.issues)")
            #expect("\(view.shown)" == "\(SimulatedListView.sections(of: box))")  // incomparable rows are never ==
        }
        #expect(view.reloadDataCount == 0)
    }

    /// Guide: "two Boxes holding one [incomparable component] are never
    /// `==`, not even a Box and itself". `Box.==`'s own doc says a Box
    /// equals itself and its unmodified copies whatever it holds.
    @Test func boxWithIncomparableComponentEqualsItself() {
        let box = renderScreen(ScreenState())
        let copy = box
        #expect(box == copy)  // the guide says this is false
        #expect(box == box)
        #expect(renderScreen(ScreenState()) != renderScreen(ScreenState()))
        // A Node holding one is never == itself (Component.== doc): true.
        let node = box.sections[0].rows[0]
        #expect(node != node)
    }

    /// A section whose header is a component class instance (the guide's
    /// `Section(id: .user, header: RNEmptySpace(height: 24))`) is
    /// reloaded on every render, even one that changes nothing, by a view
    /// that does not re-bind sections; its rows' cells are replaced with it
    /// (reloadSections). (A view that re-binds them: `SectionRebindTests`.)
    @Test func classHeaderReloadsItsSectionOnEveryRender() {
        let dataSource = DataSource()
        let view = RecordingListView()
        let renderer = BoxRenderer(view: view) { [unowned dataSource] box in dataSource.box = box }
        let state = ScreenState()
        renderer.render(renderScreen(state))
        view.log.removeAll()
        renderer.render(renderScreen(state))
        #expect(view.log.contains("reloadSections [0]"), "\(view.log)")
        // Section 0's rows are incomparable too: reconfigured after the
        // reload of their section, which replaced them already.
        #expect(view.log.contains { $0.hasPrefix("reconfigureItems") }, "\(view.log)")
    }

    /// A row whose component class changes (Bento: "Any given ID path may
    /// be rendered with any component type at any time", re-bound in
    /// place) is a delete and an insert, not a re-bind: the guide does not
    /// say so.
    @Test func rowChangingComponentClassIsDeleteAndInsert() throws {
        let old =
            Box<SectionId, RowId>.empty
            |-+ Section(id: .items)
            |---+ RowId.loading <> RNLoading()
            |---+ RowId.item(1) <> RNTitle(title: "one")
        let new =
            Box<SectionId, RowId>.empty
            |-+ Section(id: .items)
            |---+ RowId.loading <> RNTitle(title: "done")
            |---+ RowId.item(1) <> RNTitle(title: "one")
        let changeset = try StagedChangeset(source: old, target: new, options: DiffOptions(mode: .singleBatch))
        #expect(changeset.count == 1)
        let stage = changeset[0]
        #expect(stage.elementDeleted == [ElementPath(section: 0, row: 0)])
        #expect(stage.elementInserted == [ElementPath(section: 0, row: 0)])
        #expect(stage.elementReconfigured == [ElementPath(section: 0, row: 1)])
        #expect(stage.elementUpdated.isEmpty)
        // Comparable values of two types: a reload (not a delete/insert).
        let a = Box<SectionId, RowId>.empty |-+ Section(id: .items) |---+ RowId.loading <> "Loading"
        let b = Box<SectionId, RowId>.empty |-+ Section(id: .items) |---+ RowId.loading <> 42
        let c2 = try StagedChangeset(source: a, target: b, options: DiffOptions(mode: .singleBatch))
        #expect(c2[0].elementUpdated == [ElementPath(section: 0, row: 0)])
        // With .reconfigure, the same change is a delete and an insert.
        let c3 = try StagedChangeset(
            source: a, target: b, options: DiffOptions(mode: .singleBatch, updateStyle: .reconfigure))
        #expect(c3[0].elementDeleted == [ElementPath(section: 0, row: 0)])
        #expect(c3[0].elementInserted == [ElementPath(section: 0, row: 0)])
        #expect(c3[0].elementReconfigured.isEmpty)
    }

    /// A view not in a window: the render reloads the data (no batch),
    /// calls the completion at once, and the next render diffs from it.
    @Test func renderOffWindowReloads() {
        let dataSource = DataSource()
        let view = RecordingListView()
        view.canAnimateBatchUpdates = false
        let renderer = BoxRenderer(view: view) { [unowned dataSource] box in dataSource.box = box }
        var completed = false
        let box = renderScreen(ScreenState())
        renderer.render(box) { completed = true }
        #expect(view.log == ["reloadData"])
        #expect(completed)
        #expect(renderer.shownBox.rowCount == box.rowCount)
        #expect(dataSource.box.rowCount == box.rowCount)
        view.canAnimateBatchUpdates = true
        view.log.removeAll()
        var next = ScreenState()
        next.showsLegal = true
        renderer.render(renderScreen(next))
        #expect(view.log.contains("insertSections [2]"), "\(view.log)")
    }

    /// Guide: Bento-style repeated row ids (one `.spacer` per section) are
    /// paired in order of occurrence across sections: deleting the first
    /// section deletes and re-inserts (moves) the rows of the next one.
    @Test func repeatedRowIdsAcrossSections() throws {
        func box(_ sections: [SectionId]) -> Box<SectionId, RowId> {
            var box = Box<SectionId, RowId>.empty
            for id in sections {
                box = box |-+ Section(id: id) |---+ RowId.spacer <> "gap"
            }
            return box
        }
        let changeset = try StagedChangeset(
            source: box([.profile, .settings, .items]), target: box([.settings, .items]),
            options: DiffOptions(mode: .singleBatch))
        let stage = changeset[0]
        #expect(stage.sectionDeleted == [0])
        // The spacer of `.settings` pairs with the old spacer of `.profile`,
        // and so on: the rows move between sections.
        #expect(!stage.elementMoved.isEmpty || !stage.elementInserted.isEmpty, "\(stage)")
        // Rejected outright with `.reject`.
        #expect(throws: DiffError.self) {
            try StagedChangeset(
                source: box([.profile]), target: box([.profile, .settings]), options: DiffOptions(duplicates: .reject))
        }
    }

    /// Bento's `.iff` forms that compile unchanged: a `Bool` and a value,
    /// a `Bool` and a closure; `.some`; `Optional.map` (Bento's README).
    @Test func conditionalForms() {
        let flag = true
        let name: String? = "x"
        let box =
            Box<SectionId, RowId>.empty
            |-? .iff(flag, Section(id: SectionId.profile) |---? .iff(flag, RowId.spacer <> "a"))
            |-+ Section(id: SectionId.items)
            |---? name.map { RowId.name <> $0 }
            |---? .iff(!flag) { RowId.loading <> "no" }
            |---? .some(name) { RowId.terms <> $0 }
        #expect(box.sections.map(\.rows.count) == [1, 2])
    }

    /// `return .empty |-+ ...` (Bento's README) and implicit-member ids.
    @Test func implicitMembers() {
        func render() -> Box<SectionId, RowId> {
            return .empty
                |-+ Section(id: .profile)
                |---+ Node(id: .name, component: "Ada")
                |---+ .spacer <> RNEmptySpace(height: 8)
        }
        #expect(render().rowCount == 2)
    }
}

/// A porter following "make `==` cover what a cell captures" adds
/// `Hashable` to a Bento component class holding a closure; not being
/// `Sendable`, it still goes in incomparable, with no diagnostic: the row
/// is re-bound on every render, the section with it as header reloaded.
private final class RNHashableTitle: Hashable {
    let title: String
    let didTap: () -> Void
    init(title: String, didTap: @escaping () -> Void = {}) {
        self.title = title
        self.didTap = didTap
    }
    static func == (lhs: RNHashableTitle, rhs: RNHashableTitle) -> Bool { lhs.title == rhs.title }
    func hash(into hasher: inout Hasher) { hasher.combine(title) }
}

@Suite("Bento port: equality and comparability")
struct BentoPortEqualityTests {
    @Test func hashableButNotSendableClassIsSilentlyIncomparable() throws {
        let node = Node<RowId>(id: .name, component: RNHashableTitle(title: "Ada"))
        #expect(!node.component.isComparable)
        let viaOperator = RowId.name <> RNHashableTitle(title: "Ada")
        #expect(!viaOperator.component.isComparable)
        let section = Section<SectionId, RowId>(id: .profile, header: RNHashableTitle(title: "Profile"))
        #expect(section.header?.isComparable == false)
        // So an unchanged render re-binds the row and reloads the section.
        func box() -> Box<SectionId, RowId> {
            .empty |-+ Section(id: .profile, header: RNHashableTitle(title: "P")) |---+ RowId.name
                <> RNHashableTitle(title: "Ada")
        }
        let changeset = try StagedChangeset(source: box(), target: box(), options: DiffOptions(mode: .singleBatch))
        #expect(changeset.first?.sectionUpdated == [0])  // its rows are replaced with it
        let rows =
            Box<SectionId, RowId>.empty |-+ Section(id: .profile) |---+ RowId.name <> RNHashableTitle(title: "Ada")
        let again = try StagedChangeset(source: rows, target: rows, options: DiffOptions(mode: .singleBatch))
        #expect(again.first?.elementReconfigured == [ElementPath(section: 0, row: 0)])
    }

    /// `Component.==`'s doc: "Boxes or Sections holding one are `==` only
    /// when they share their arrays' storage (an unmodified copy)". A
    /// Section whose header is incomparable is not `==` even to itself,
    /// while a Box holding it is (its sections array is shared).
    @Test func sectionWithIncomparableHeaderIsNotEqualToItself() {
        let section = Section<SectionId, RowId>(id: .profile, header: RNEmptySpace(height: 24))
        let copy = section
        #expect(section != copy)
        let box = Box(sections: [section])
        let boxCopy = box
        #expect(box == boxCopy)
        #expect(box.sections[0] != boxCopy.sections[0])
    }
}

@Suite("Bento port: staged renders")
@MainActor
struct BentoPortStagedRenderTests {
    /// Reconfigures issued after a stage that is not the last: the data
    /// source must hold the target's component (its closures) for the
    /// re-bound row at that moment, or the cell keeps the old one.
    @Test func reconfigureInEarlyStageSeesTargetComponent() {
        let dataSource = DataSource()
        let view = ProbeListView()
        let renderer = BoxRenderer(view: view) { [unowned dataSource] box in dataSource.box = box }
        view.probe = { paths in
            paths.map { objectID(dataSource.box.sections[$0[0]].rows[$0[1]].component.value) }
        }
        let state = ScreenState()
        renderer.render(renderScreen(state))
        let target = renderScreen(state)
        renderer.render(target)
        var expected: [ObjectIdentifier?] = []
        for path in view.reconfigured {
            expected.append(objectID(target.sections[path.section].rows[path.row].component.value))
        }
        #expect(!view.seen.isEmpty)
        #expect(view.seen == expected)
    }

    /// Guide: re-binds (incomparable rows, class headers) do not count
    /// toward `reloadThreshold`.
    @Test func rebindsDoNotCountTowardReloadThreshold() throws {
        let box = renderScreen(ScreenState())
        let changeset = try StagedChangeset(
            source: box, target: renderScreen(ScreenState()), options: DiffOptions(reloadThreshold: 0))
        #expect(!changeset.reloadsEverything)
        #expect(!changeset.isEmpty)
    }

    /// A render that drops a row and adds a section: four batches in the
    /// default mode, where Bento makes one.
    @Test func oneRenderIsUpToFourBatches() {
        let dataSource = DataSource()
        let view = RecordingListView()
        let renderer = BoxRenderer(view: view) { [unowned dataSource] box in dataSource.box = box }
        var state = ScreenState()
        renderer.render(renderScreen(state))
        view.log.removeAll()
        state.isLoading = false
        state.items = [1, 2]
        state.showsLegal = true
        renderer.render(renderScreen(state))
        #expect(view.log.filter { $0 == "batch" }.count == 4, "\(view.log)")
    }
}

/// Records, at each `reconfigureItems` call, what the data source holds at
/// those paths.
@MainActor
private final class ProbeListView: ForwardingListView {
    let inner = RecordingListView()
    var probe: ([IndexPath]) -> [ObjectIdentifier?] = { _ in [] }
    var seen: [ObjectIdentifier?] = []
    var reconfigured: [ElementPath] = []
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        updates?()
        completion?(true)
    }
    func reconfigureItems(at indexPaths: [IndexPath]) {
        seen += probe(indexPaths)
        reconfigured += indexPaths.map(ElementPath.init)
    }
}

private func objectID(_ value: Any) -> ObjectIdentifier? {
    guard type(of: value) is AnyClass else { return nil }
    return ObjectIdentifier(value as AnyObject)
}
