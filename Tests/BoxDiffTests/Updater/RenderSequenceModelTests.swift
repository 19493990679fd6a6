import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

// Long sequences of renders, each Box an edit of the one before (as an
// app's state moves on), checked against what the simulated view shows
// after every batch and after every render; the single-diff property
// tests start each changeset on a fresh view.

/// Random edits of a Box: sections deleted, inserted (also with an id
/// already used, when `duplicates`), moved, emptied and re-headed; rows
/// deleted, inserted, moved within and across sections, updated and
/// repeated; sometimes nothing, sometimes a whole new Box.
struct BoxEditor {
    typealias TestBox = BoxGenerators.TestBox
    var duplicates: Bool
    private var nextSectionID = 0
    private var nextRowID = 0
    private var version = 0

    init(duplicates: Bool) { self.duplicates = duplicates }

    private mutating func freshRow(using rng: inout SeededGenerator) -> Node<Int> {
        nextRowID += 1
        return row(nextRowID)
    }

    private mutating func row(_ id: Int) -> Node<Int> {
        version += 1
        return Node(id: id, component: "row \(id) v\(version % 3)")
    }

    private mutating func header(using rng: inout SeededGenerator) -> Component? {
        version += 1
        return Int.random(in: 0..<3, using: &rng) == 0 ? nil : Component("header v\(version % 4)")
    }

    private mutating func freshSection(using rng: inout SeededGenerator) -> Section<Int, Int> {
        nextSectionID += 1
        let rows = (0..<Int.random(in: 0...4, using: &rng)).map { _ in freshRow(using: &rng) }
        return Section(id: nextSectionID, header: header(using: &rng), rows: rows)
    }

    /// A whole new Box, unrelated to any before.
    mutating func fresh(using rng: inout SeededGenerator) -> TestBox {
        TestBox(sections: (0..<Int.random(in: 0...4, using: &rng)).map { _ in freshSection(using: &rng) })
    }

    /// `box` with a few random edits (or many, or none).
    mutating func edit(_ box: TestBox, using rng: inout SeededGenerator) -> TestBox {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: return box
        case 1: return fresh(using: &rng)
        default: break
        }
        var sections = box.sections
        let edits =
            Int.random(in: 0..<8, using: &rng) == 0
            ? Int.random(in: 8...30, using: &rng) : Int.random(in: 1...4, using: &rng)
        for _ in 0..<edits {
            let s = sections.isEmpty ? 0 : Int.random(in: 0..<sections.count, using: &rng)
            switch Int.random(in: 0..<14, using: &rng) {
            case 0:
                if !sections.isEmpty { sections.remove(at: s) }
            case 1:
                var section = freshSection(using: &rng)
                if duplicates, !sections.isEmpty, Bool.random(using: &rng) {
                    section.id = sections.randomElement(using: &rng)!.id
                }
                sections.insert(section, at: Int.random(in: 0...sections.count, using: &rng))
            case 2:
                if !sections.isEmpty {
                    let moved = sections.remove(at: s)
                    sections.insert(moved, at: Int.random(in: 0...sections.count, using: &rng))
                }
            case 3:
                if !sections.isEmpty { sections[s].rows = [] }
            case 4:
                if !sections.isEmpty { sections[s].header = header(using: &rng) }
            case 5, 6:
                if !sections.isEmpty, !sections[s].rows.isEmpty {
                    sections[s].rows.remove(at: Int.random(in: 0..<sections[s].rows.count, using: &rng))
                }
            case 7, 8:
                if !sections.isEmpty {
                    var node = freshRow(using: &rng)
                    if duplicates, Bool.random(using: &rng),
                        let other = sections.randomElement(using: &rng)!.rows.randomElement(using: &rng)
                    {
                        node = other
                    }
                    sections[s].rows.insert(node, at: Int.random(in: 0...sections[s].rows.count, using: &rng))
                }
            case 9, 10:
                // A row moves, within its section or to another one.
                if !sections.isEmpty, !sections[s].rows.isEmpty {
                    let node = sections[s].rows.remove(at: Int.random(in: 0..<sections[s].rows.count, using: &rng))
                    let t = Int.random(in: 0..<sections.count, using: &rng)
                    sections[t].rows.insert(node, at: Int.random(in: 0...sections[t].rows.count, using: &rng))
                }
            default:
                // A row's content changes (sometimes moved too).
                if !sections.isEmpty, !sections[s].rows.isEmpty {
                    let r = Int.random(in: 0..<sections[s].rows.count, using: &rng)
                    sections[s].rows[r] = row(sections[s].rows[r].id)
                    if Bool.random(using: &rng) {
                        let node = sections[s].rows.remove(at: r)
                        sections[s].rows.insert(node, at: Int.random(in: 0...sections[s].rows.count, using: &rng))
                    }
                }
            }
        }
        return TestBox(sections: sections)
    }
}

@Suite("Updater: render sequences against a model")
@MainActor
struct RenderSequenceModelTests {
    typealias TestBox = BoxGenerators.TestBox
    typealias View = SimulatedListView<SimulatedHeader<Int>, Node<Int>>

    /// Every option set, the duplicate-rejecting ones among them (failed
    /// diffs fall back to reloads).
    nonisolated static var grid: [DiffOptions] {
        var grid = updaterOptionGrid
        for base in updaterOptionGrid.prefix(4) {
            var rejecting = base
            rejecting.duplicates = .reject
            grid.append(rejecting)
        }
        return grid
    }

    /// 300 renders per option set, each Box an edit of the last (sections
    /// and rows deleted, inserted, moved, emptied, updated, repeated; now
    /// and then nothing, or many edits past the reload threshold, or a
    /// Box unrelated to the last), with the view leaving and re-entering
    /// its window, animations ending at random, and renders requested from
    /// `setData` and from completions. The model: inside each batch's
    /// block, before the next stage's data is set, the view shows the data
    /// set last (each batch left the view on its data); after each render,
    /// the view, the data source and ``BoxRenderer/shownBox`` hold the last
    /// Box requested. No UIKit issue anywhere; every completion once, in
    /// the order of the renders.
    @Test(arguments: Self.grid.indices)
    func rendersOfEditedBoxesKeepTheViewOnTheData(optionIndex: Int) {
        let options = Self.grid[optionIndex]
        var rng = SeededGenerator(seed: 0x5E0_0000 &+ UInt64(optionIndex))
        var editor = BoxEditor(duplicates: optionIndex % 3 != 1 || options.duplicates == .reject)
        let screen = RendererScreen(options: options)
        let label = optionName(options) + (options.duplicates == .reject ? " reject" : "")
        var batchProblems: [String] = []
        // Inside a batch's block (setData), the view still shows what the
        // last batch, reload or render left: the data set before.
        var lastSet = TestBox()
        screen.store.onSetData = {
            if screen.view.shown != View.sections(of: lastSet) {
                batchProblems.append(
                    "before setting \(screen.store.box) the view shows \(screen.view.shown), not \(lastSet)")
            }
            lastSet = screen.store.box
        }
        var last = TestBox()
        var completions: [Int: Int] = [:]
        var completionOrder: [Int] = []
        var requests = 0

        // Renders `box`; its completion requests `next`, when given.
        func request(_ box: TestBox, then next: TestBox? = nil) {
            let index = requests
            requests += 1
            completions[index] = 0
            last = box
            screen.renderer.render(box) {
                completions[index, default: 0] += 1
                completionOrder.append(index)
                if let next { request(next) }
            }
        }

        for step in 0..<300 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: screen.view.canAnimateBatchUpdates.toggle()
            case 1: screen.view.finishAnimations()
            case 2:
                // The next setData (inside a batch) requests another render.
                let next = editor.edit(last, using: &rng)
                screen.store.onceOnSetData = { request(next) }
            case 3:
                // The next setData takes the view out of its window (or
                // back) and ends the animations: completions run inside a
                // batch's block, and the stages left go to a view that
                // cannot animate.
                screen.store.onceOnSetData = {
                    screen.view.canAnimateBatchUpdates.toggle()
                    screen.view.finishAnimations()
                }
            default: break
            }
            let box = editor.edit(last, using: &rng)
            if Int.random(in: 0..<6, using: &rng) == 0 {
                // This render's completion requests the next one.
                request(box, then: editor.edit(box, using: &rng))
            } else {
                request(box)
            }
            let issues = screen.view.issues + batchProblems
            #expect(issues.isEmpty, "\(label) step \(step): \(issues.prefix(4))")
            #expect(
                screen.store.box == last, "\(label) step \(step): data source \(screen.store.box), requested \(last)")
            #expect(screen.renderer.shownBox == last, "\(label) step \(step)")
            #expect(
                screen.view.shown == View.sections(of: last),
                "\(label) step \(step): view \(screen.view.shown), data \(last)")
            if !issues.isEmpty || screen.store.box != last || screen.view.shown != View.sections(of: last) { break }
        }
        screen.view.finishAnimations()
        // Completions chained from the last ones.
        screen.view.finishAnimations()
        #expect(completions.values.allSatisfy { $0 == 1 }, "\(label): \(completions.filter { $0.value != 1 })")
        #expect(completionOrder == completionOrder.sorted(), "\(label): completions in the order \(completionOrder)")
        #expect(screen.problems(showing: last).isEmpty, "\(label): \(screen.problems(showing: last).prefix(4))")
        // The sequence reached batches, reloads and (rejecting) fallbacks.
        #expect(screen.view.batchCount > 20 && screen.view.reloadDataCount > 20, "\(label)")
        #expect(options.duplicates != .reject || screen.renderer.fallbackReloadCount > 0, "\(label)")
        screen.store.onSetData = nil
    }

    /// `ListView.reload(using:interrupt:)` over 300 changesets in a row,
    /// each from the last target to an edit of it, made under a random
    /// option set: `interrupt` answers true at a random stage (or never),
    /// the view leaves and re-enters its window, animations end at random.
    /// After every reload the view and the data source hold its target,
    /// with no UIKit issue, and every completion runs once.
    @Test func reloadsWithInterruptsKeepTheViewOnTheData() throws {
        var rng = SeededGenerator(seed: 0x1E7E_440D)
        var editor = BoxEditor(duplicates: true)
        let workspace = try DiffWorkspace()
        let screen = BoxScreen(box: BoxGenerators.TestBox())
        var last = BoxGenerators.TestBox()
        var interrupted = 0
        for step in 0..<300 {
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: screen.view.canAnimateBatchUpdates.toggle()
            case 1: screen.view.finishAnimations()
            default: break
            }
            let options = updaterOptionGrid.randomElement(using: &rng)!
            let box = editor.edit(last, using: &rng)
            let changeset = try StagedChangeset(source: last, target: box, options: options, workspace: workspace)
            let stop = Int.random(in: 0...3, using: &rng)
            var asked = 0
            screen.apply(
                changeset,
                interrupt: { _ in
                    asked += 1
                    if asked - 1 == stop { interrupted += 1 }
                    return asked - 1 == stop
                })
            last = box
            let label = "step \(step) \(optionName(options)) interrupt at \(stop)"
            #expect(screen.view.issues.isEmpty, "\(label): \(screen.view.issues.prefix(4))")
            #expect(screen.store.data == box, "\(label)")
            #expect(screen.view.shown == View.sections(of: box), "\(label): view \(screen.view.shown), data \(box)")
            if !screen.view.issues.isEmpty || screen.view.shown != View.sections(of: box) { break }
        }
        screen.view.finishAnimations()
        #expect(screen.completionCount == 300)
        #expect(interrupted > 0)
    }

    /// A renderer on a table whose calls apply one at a time (AppKit's
    /// `NSTableView`, through the sequential adapter), the table showing
    /// the Box's rows one section after another: 400 renders of edited
    /// Boxes, some requested from `setData` and from completions (which
    /// such a table runs at once, inside the batch call). After every
    /// render the table shows the Box's rows (contents included) and no
    /// call was out of range.
    @Test func rendersOnASequentialTableKeepItOnTheData() {
        var rng = SeededGenerator(seed: 0x7AB1E)
        var editor = BoxEditor(duplicates: true)
        var options = DiffOptions()
        var data = BoxGenerators.TestBox()
        func rows(_ box: BoxGenerators.TestBox) -> [Node<Int>] { box.sections.flatMap(\.rows) }
        let table = TaggedRowTable<Node<Int>>(showing: [])
        table.dataSource = { rows(data) }
        for style in UpdateStyle.allCases {
            options.updateStyle = style
            let renderer = BoxRenderer(view: SequentialRowListView(table), showing: data, options: options) {
                data = $0
            }
            var last = data
            var completions = 0
            var requested = 0
            for step in 0..<200 {
                table.canAnimateBatchUpdates = Int.random(in: 0..<10, using: &rng) != 0
                // Mostly one section, so that most batches are row calls.
                var box = editor.edit(last, using: &rng)
                if box.sections.count > 1, Int.random(in: 0..<4, using: &rng) != 0 {
                    box = BoxGenerators.TestBox(sections: [box.sections[0]])
                }
                last = box
                requested += 1
                if Int.random(in: 0..<5, using: &rng) == 0 {
                    let next = editor.edit(box, using: &rng)
                    last = next
                    requested += 1
                    renderer.render(box) {
                        completions += 1
                        renderer.render(next) { completions += 1 }
                    }
                } else {
                    renderer.render(box) { completions += 1 }
                }
                let label = "\(style) step \(step)"
                #expect(table.problems.isEmpty, "\(label): \(table.problems.prefix(4))")
                #expect(data == last, "\(label)")
                #expect(
                    table.shown.map(\.item) == rows(last),
                    "\(label): table \(table.shown.map(\.item)), data \(rows(last))")
                if !table.problems.isEmpty || table.shown.map(\.item) != rows(last) { break }
            }
            #expect(completions == requested, "\(style)")
        }
    }
}
