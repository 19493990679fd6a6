import BoxDiffTestSupport
import BoxDiffValidation
import Foundation
import Testing

@testable import BoxDiff

/// A row with a comparable content: `v` is its version.
private func rvN(_ id: Int, _ v: Int = 0) -> Node<Int> { Node(id: id, component: Component("r\(id) v\(v)")) }
/// A row with an incomparable content.
private func rvX(_ id: Int, _ v: Int = 0) -> Node<Int> {
    Node(id: id, component: Component(incomparable: "x\(id) v\(v)"))
}
private func rvS(_ id: Int, _ rows: [Node<Int>], header: Component? = nil, footer: Component? = nil) -> Section<
    Int, Int
> {
    Section(id: id, header: header, footer: footer, rows: rows)
}
private func rvRows(_ ids: [Int], _ v: Int = 0) -> [Node<Int>] { ids.map { rvN($0, v) } }

/// The Box plans (staged and single-batch) against adversarial input: structured
/// Box pairs aimed at the corners of BoxStagedPlan, BoxSingleBatchPlan and
/// BoxMatching's kept-in-place marking, each checked under every algorithm,
/// mode and update style (and `.lcs` with `lcsCostBound` 1) by the
/// validator, the independent replay, and a replay from a source whose
/// incomparable components are marked stale (a lost update of an
/// incomparable row or header: the replay's Box comparison treats
/// incomparable components with one description as equal, so this backs up
/// the validator's missed-update check independently).
@Suite("Box plans against adversarial input")
struct PlanAdversarialTests {
    typealias B = Box<Int, Int>

    // MARK: - Building Boxes

    // MARK: - Checking

    /// Every algorithm × mode × style, plus `.lcs` with a cost bound of 1.
    static let grid: [DiffOptions] = {
        var all = OptionGrids.all
        for mode in BatchMode.allCases {
            for style in UpdateStyle.allCases {
                var o = DiffOptions(algorithm: .lcs)
                o.lcsCostBound = 1
                o.mode = mode
                o.updateStyle = style
                all.append(o)
            }
        }
        return all
    }()

    /// Replays the stages from `old` with every incomparable component
    /// replaced by a stale marker: every one of them must be refreshed
    /// (reloaded, reconfigured, re-inserted) on the way to `new`.
    static func staleProblems(_ c: StagedChangeset<B>, from old: B, to new: B) -> [String] {
        guard !c.reloadsEverything else { return [] }
        func stale(_ c: Component?) -> Component? {
            guard let c, !c.isComparable else { return c }
            return Component(incomparable: "STALE \(String(describing: c.value))")
        }
        var box = B(
            sections: old.sections.map { sec in
                Section(
                    id: sec.id, header: stale(sec.header), footer: stale(sec.footer),
                    rows: sec.rows.map { Node(id: $0.id, component: stale($0.component)!) })
            })
        for (k, stage) in c.enumerated() {
            do { box = try BoxStageReplay.apply(stage, to: box) } catch {
                return ["stale replay, stage \(k): \(error)"]
            }
        }
        return BoxReplay.same(box, new) ? [] : ["an incomparable row or header was left stale: \(box)"]
    }

    /// Everything wrong with the diffs of `old` → `new` under every option
    /// set.
    static func problems(_ old: B, _ new: B, _ label: String, grid: [DiffOptions] = grid) throws -> [String] {
        var found: [String] = []
        let workspace = try DiffWorkspace()
        for options in grid {
            let c = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
            var p = replayProblems(c, from: old, to: new)
            if p.isEmpty { p += staleProblems(c, from: old, to: new) }
            if options.mode == .staged && c.count > 5 { p.append("\(c.count) stages") }
            if options.mode == .singleBatch && c.count > 1 { p.append("\(c.count) stages in single-batch mode") }
            // Not one row both moved and deleted (or reloaded) in one stage.
            for (k, stage) in c.enumerated() {
                let leaving = Set(stage.elementDeleted).union(stage.elementUpdated)
                for move in stage.elementMoved where leaving.contains(move.source) {
                    p.append("stage \(k): \(move.source) moved and deleted/reloaded")
                }
            }
            if !p.isEmpty {
                found.append(
                    "\(label) \(options.algorithm) bound \(options.lcsCostBound) \(options.mode) \(options.updateStyle):\n  "
                        + p.prefix(6).joined(separator: "\n  ") + "\n  stages: \(c.map(\.batchUpdate))")
            }
        }
        return found
    }

    static func expectCorrect(
        _ old: B, _ new: B, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let found = try problems(old, new, label)
        #expect(
            found.isEmpty, "\(found.prefix(4).joined(separator: "\n"))\nold \(old)\nnew \(new)",
            sourceLocation: sourceLocation)
    }

    // MARK: - Structured cases

    @Test func sectionsMoveWhileRowsMoveBetweenThem() throws {
        let old = B(sections: [rvS(0, rvRows([1, 2, 3])), rvS(1, rvRows([4, 5, 6])), rvS(2, rvRows([7, 8]))])
        let new = B(sections: [rvS(2, rvRows([7, 2])), rvS(0, rvRows([1, 3, 8])), rvS(1, rvRows([6, 5, 4]))])
        try Self.expectCorrect(old, new, "sections and rows move")
        // The same, the moved rows updated too.
        let updated = B(sections: [
            rvS(2, [rvN(7), rvN(2, 1)]), rvS(0, [rvN(1), rvN(3), rvN(8, 1)]), rvS(1, [rvN(6, 1), rvN(5), rvN(4)]),
        ])
        try Self.expectCorrect(old, updated, "sections and rows move, rows updated")
    }

    @Test func movedSectionWithAnUpdatedRow() throws {
        let old = B(sections: [rvS(0, rvRows([1, 2])), rvS(1, rvRows([3, 4])), rvS(2, rvRows([5]))])
        let new = B(sections: [rvS(1, [rvN(3), rvN(4, 1)]), rvS(2, rvRows([5])), rvS(0, [rvN(1, 1), rvN(2)])])
        try Self.expectCorrect(old, new, "moved section, updated row")
        let rebound = B(sections: [rvS(0, [rvX(1), rvN(2)]), rvS(1, rvRows([3, 4]))])
        let reboundNew = B(sections: [rvS(1, rvRows([3, 4])), rvS(0, [rvX(1), rvN(2)])])
        try Self.expectCorrect(rebound, reboundNew, "moved section, incomparable row")
    }

    @Test func rowsOutOfDeletedSectionsIntoInsertedSections() throws {
        let old = B(sections: [rvS(0, rvRows([1, 2])), rvS(1, rvRows([3, 4])), rvS(2, rvRows([5]))])
        let new = B(sections: [rvS(0, rvRows([1, 3])), rvS(9, [rvN(4, 1), rvN(2), rvN(10)]), rvS(2, rvRows([5]))])
        try Self.expectCorrect(old, new, "out of deleted, into inserted")
        // Every row of a deleted section lands in an inserted one, which
        // also takes a row of a surviving section, moved and updated.
        let new2 = B(sections: [rvS(8, [rvN(3), rvN(4), rvN(1, 1)]), rvS(0, rvRows([2])), rvS(2, rvRows([5]))])
        try Self.expectCorrect(old, new2, "deleted section's rows all in an inserted section")
        // Inserted section in front, deleted section at the end.
        let new3 = B(sections: [rvS(7, [rvN(5), rvN(2)]), rvS(0, rvRows([1])), rvS(1, rvRows([4, 3]))])
        try Self.expectCorrect(old, new3, "inserted in front takes a deleted section's rows")
    }

    @Test func changedHeaderWithMovedRows() throws {
        let old = B(sections: [rvS(0, rvRows([1, 2, 3]), header: "h0"), rvS(1, rvRows([4, 5]), header: "h1")])
        let new = B(sections: [rvS(0, rvRows([3, 1, 2]), header: "h0'"), rvS(1, rvRows([4, 5]), header: "h1")])
        try Self.expectCorrect(old, new, "header changed, rows moved within")
        let new2 = B(sections: [rvS(1, rvRows([5, 4]), header: "h1'"), rvS(0, rvRows([1, 2, 3]), footer: "f")])
        try Self.expectCorrect(old, new2, "both headers changed, sections and rows moved")
        let new3 = B(sections: [rvS(0, rvRows([1, 4]), header: "h0'"), rvS(1, rvRows([2, 3, 5]), header: "h1")])
        try Self.expectCorrect(old, new3, "header changed, rows across")
        // A header changed behind a deleted and an inserted section (the
        // reload's target shifts).
        let old4 = B(sections: [
            rvS(5, rvRows([9])), rvS(0, rvRows([1]), header: "a"), rvS(1, rvRows([2]), header: "b"),
        ])
        let new4 = B(sections: [
            rvS(0, rvRows([1]), header: "a'"), rvS(6, rvRows([8])), rvS(7, []), rvS(1, rvRows([2]), header: "b'"),
        ])
        try Self.expectCorrect(old4, new4, "headers changed around section deletes and inserts")
    }

    @Test func rowsSwappedAcrossTwoSections() throws {
        let old = B(sections: [rvS(0, rvRows([1, 2, 3])), rvS(1, rvRows([4, 5, 6]))])
        let new = B(sections: [rvS(0, rvRows([4, 2, 3])), rvS(1, rvRows([1, 5, 6]))])
        try Self.expectCorrect(old, new, "swap firsts")
        let new2 = B(sections: [rvS(0, [rvN(6, 1), rvN(5), rvN(4, 1)]), rvS(1, [rvN(3), rvN(2, 1), rvN(1)])])
        try Self.expectCorrect(old, new2, "swap all, reversed, some updated")
        let new3 = B(sections: [rvS(1, rvRows([1, 2, 3])), rvS(0, rvRows([4, 5, 6]))])
        try Self.expectCorrect(old, new3, "sections swapped, rows stay by position")
    }

    @Test func everySectionReversed() throws {
        let old = B(
            sections: (0..<7).map { t in rvS(t, rvRows(Array(t * 4..<t * 4 + t % 4)), header: Component("h\(t)")) })
        let new = B(sections: old.sections.reversed())
        try Self.expectCorrect(old, new, "sections reversed")
        let new2 = B(
            sections: old.sections.reversed().map { sec in
                rvS(sec.id, sec.rows.reversed(), header: sec.id % 2 == 0 ? Component("h\(sec.id)'") : sec.header)
            })
        try Self.expectCorrect(old, new2, "sections and their rows reversed, some headers")
        // Reversed, rows flattened in reverse over all sections.
        let all = old.sections.flatMap(\.rows).reversed()
        var it = all.makeIterator()
        let new3 = B(sections: old.sections.reversed().map { sec in rvS(sec.id, sec.rows.map { _ in it.next()! }) })
        try Self.expectCorrect(old, new3, "sections reversed, all rows reversed across them")
    }

    @Test func emptySectionsMoving() throws {
        let old = B(sections: [rvS(0, []), rvS(1, rvRows([1])), rvS(2, []), rvS(3, rvRows([2])), rvS(4, [])])
        let new = B(sections: [rvS(3, rvRows([2])), rvS(2, []), rvS(0, []), rvS(4, rvRows([1])), rvS(1, [])])
        try Self.expectCorrect(old, new, "empty sections move, rows change section")
        let new2 = B(sections: [
            rvS(4, []), rvS(2, [], header: "h"), rvS(1, rvRows([1])), rvS(0, []), rvS(3, rvRows([2])),
        ])
        try Self.expectCorrect(old, new2, "empty sections move, one re-headed")
    }

    @Test func sameRowIDChangesSectionAndContent() throws {
        let old = B(sections: [rvS(0, rvRows([1, 2, 3])), rvS(1, rvRows([4]))])
        for (label, new) in [
            ("to end of other", B(sections: [rvS(0, rvRows([1, 3])), rvS(1, [rvN(4), rvN(2, 1)])])),
            ("to front of other", B(sections: [rvS(0, rvRows([1, 3])), rvS(1, [rvN(2, 1), rvN(4)])])),
            ("to other, other moved", B(sections: [rvS(1, [rvN(2, 1), rvN(4)]), rvS(0, rvRows([1, 3]))])),
            ("incomparable to other", B(sections: [rvS(0, rvRows([1, 3])), rvS(1, [rvX(2), rvN(4)])])),
            ("into inserted", B(sections: [rvS(0, rvRows([1, 3])), rvS(5, [rvN(2, 1)]), rvS(1, rvRows([4]))])),
        ] {
            try Self.expectCorrect(old, new, label)
        }
        let oldX = B(sections: [rvS(0, [rvN(1), rvX(2), rvN(3)]), rvS(1, rvRows([4]))])
        try Self.expectCorrect(
            oldX, B(sections: [rvS(0, rvRows([1, 3])), rvS(1, [rvX(2), rvN(4)])]), "incomparable moves across")
        try Self.expectCorrect(
            oldX, B(sections: [rvS(1, [rvN(4), rvX(2)]), rvS(0, rvRows([3, 1]))]), "incomparable, all moves")
    }

    /// Past the 32 sections compared in place (the core pairs them then).
    @Test(arguments: [31, 32, 33, 40, 64])
    func manySectionsOneMoved(count: Int) throws {
        let old = B(sections: (0..<count).map { t in rvS(t, rvRows([2 * t, 2 * t + 1]), header: Component("h\(t)")) })
        var moved = old.sections
        moved.append(moved.remove(at: 3))
        try Self.expectCorrect(old, B(sections: moved), "\(count) sections, one moved")
        // The same order, one header and one row changed, one row across.
        var same = old.sections
        same[count - 1].header = "changed"
        same[0].rows[1] = rvN(1, 1)
        let row = same[2].rows.removeFirst()
        same[count - 2].rows.append(row)
        try Self.expectCorrect(old, B(sections: same), "\(count) sections in order, edits")
        // One moved and one of its rows updated, another row moving in.
        var both = moved
        both[count - 1].rows[0] = rvN(both[count - 1].rows[0].id, 1)
        both[count - 1].rows.append(both[0].rows.removeLast())
        try Self.expectCorrect(old, B(sections: both), "\(count) sections, moved one edited")
        // Same ids, duplicated section id past 32 (paired in order).
        var dup = old.sections
        dup[count - 1].id = 0
        var dupNew = dup
        dupNew.swapAt(0, count - 1)
        try Self.expectCorrect(B(sections: dup), B(sections: dupNew), "\(count) sections, duplicate id swapped")
        // String section ids (hashes not injective: ids compared too).
        func named(_ box: B) -> Box<String, Int> {
            Box(sections: box.sections.map { Section(id: "s\($0.id)", header: $0.header, rows: $0.rows) })
        }
        for (a, b) in [(old, B(sections: moved)), (old, B(sections: both)), (B(sections: dup), B(sections: dupNew))] {
            for options in Self.grid {
                let c = try StagedChangeset(source: named(a), target: named(b), options: options)
                expectReplays(c, from: named(a), to: named(b), "\(count) named sections \(options)")
            }
        }
    }

    /// Past the row count at which rows kept in place are marked section by
    /// section (16,384), with moves within and across sections, updates and
    /// a moved section.
    @Test func sectionsOfThousandsOfRows() throws {
        let per = 8_300
        let old = B(sections: (0..<2).map { t in rvS(t, (0..<per).map { rvN(t * per + $0) }) })
        var a = old.sections[0].rows
        var b = old.sections[1].rows
        a.swapAt(10, 5_000)  // within
        let across = a.remove(at: 7_000)
        b.insert(rvN(across.id, 1), at: 3)  // across, updated
        b[100] = rvN(b[100].id, 1)  // updated in place
        b.remove(at: 200)
        b.insert(rvN(999_999), at: 8_000)
        let new = B(sections: [rvS(0, a), rvS(1, b)])
        let grid = Self.grid.filter { $0.algorithm == .heckel || $0.lcsCostBound == 1 }
        var found = try Self.problems(old, new, "two sections of \(per) rows", grid: grid)
        let moved = B(sections: [rvS(1, b), rvS(0, a)])
        found += try Self.problems(old, moved, "two sections of \(per) rows, swapped", grid: grid)
        #expect(found.isEmpty, "\(found.prefix(4).joined(separator: "\n"))")
    }

    /// `reloadThreshold` at exactly the change count (re-binds of
    /// incomparable rows and sections left out) keeps the plan; one below
    /// reloads everything.
    @Test func reloadThresholdAtTheChangeCount() throws {
        let old = B(sections: [rvS(0, rvRows([1, 2, 3]), header: "a"), rvS(1, [rvX(4), rvN(5)]), rvS(2, rvRows([6]))])
        let new = B(sections: [rvS(1, [rvX(4), rvN(2, 1)]), rvS(0, rvRows([3, 1]), header: "b"), rvS(3, rvRows([7]))])
        for base in Self.grid {
            let plain = try StagedChangeset(source: old, target: new, options: base)
            let count =
                plain.reduce(0) { $0 + $1.batchUpdate.changeCount }
                - BoxRebinds.count(of: plain, from: old)
            #expect(count > 0)
            var at = base
            at.reloadThreshold = count
            let kept = try StagedChangeset(source: old, target: new, options: at)
            // (Compared by calls: intermediate Boxes holding incomparable
            // components are never `==`.)
            #expect(!kept.reloadsEverything && kept.map(\.batchUpdate) == plain.map(\.batchUpdate), "\(base)")
            var below = base
            below.reloadThreshold = count - 1
            let reloaded = try StagedChangeset(source: old, target: new, options: below)
            #expect(reloaded.reloadsEverything && reloaded.count == 1, "\(base)")
            expectReplays(reloaded, from: old, to: new)
        }
        // Zero changes: a threshold of 0 keeps the empty plan, and the same
        // Box with an incomparable row its one re-bind, which is no change.
        var zero = DiffOptions()
        zero.reloadThreshold = 0
        let plainOld = B(sections: [rvS(0, rvRows([1, 2]), header: "a")])
        let none = try StagedChangeset(source: plainOld, target: plainOld, options: zero)
        #expect(!none.reloadsEverything && none.isEmpty)
        let withX = B(sections: [rvS(0, [rvN(1), rvX(2)])])
        let rebind = try StagedChangeset(source: withX, target: withX, options: zero)
        #expect(!rebind.reloadsEverything && rebind.count == 1)
        #expect(rebind.first?.elementReconfigured == [ElementPath(section: 0, row: 1)])
        // One real change beside it is past a threshold of 0.
        let changed = B(sections: [rvS(0, [rvN(1, 1), rvX(2)])])
        #expect(try StagedChangeset(source: withX, target: changed, options: zero).reloadsEverything)
    }

    /// A Bento screen rendered again unchanged: every row and the header
    /// are incomparable on both sides, so the diff re-binds them all (the
    /// rows reconfigured, the section reloaded), yet none counts toward
    /// `reloadThreshold` (it reloaded the whole view on every render of a
    /// screen with more rows than the threshold: a form lost its keyboard
    /// on each keystroke). Real changes beside them still count.
    @Test func rebindsDoNotCountTowardTheReloadThreshold() throws {
        func screen(_ ids: [Int], header: Bool = true) -> B {
            B(sections: [
                rvS(0, ids.map { rvX($0) }, header: header ? Component(incomparable: NSObject()) : nil),
                rvS(1, [1, 2, 3, 4, 5].map { rvX($0 + 100) }),
            ])
        }
        let shown = screen([1, 2, 3, 4, 5])
        for base in Self.grid {
            for threshold in [0, 3] {
                var options = base
                options.reloadThreshold = threshold
                let rebuilt = screen([1, 2, 3, 4, 5])
                let again = try StagedChangeset(source: shown, target: rebuilt, options: options)
                #expect(!again.reloadsEverything, "\(base) threshold \(threshold)")
                // The re-binds are made all the same (a reloaded section's
                // rows are not listed in one batch: the reload refreshes
                // them), and they are all the calls.
                #expect(again.changeCount >= 6, "\(base): \(again)")
                #expect(BoxRebinds.count(of: again, from: shown) == again.changeCount, "\(base)")
                expectReplays(again, from: shown, to: rebuilt)
            }
            // Four rows inserted (the header comparable, so that one batch
            // keeps the section): past 3, not past 4.
            let plain = screen([1, 2, 3, 4, 5], header: false)
            let grown = screen([1, 2, 3, 4, 5, 6, 7, 8, 9], header: false)
            var three = base
            three.reloadThreshold = 3
            #expect(try StagedChangeset(source: plain, target: grown, options: three).reloadsEverything, "\(base)")
            var four = base
            four.reloadThreshold = 4
            let kept = try StagedChangeset(source: plain, target: grown, options: four)
            #expect(!kept.reloadsEverything, "\(base)")
            expectReplays(kept, from: plain, to: grown)
            // A header made comparable is a real change.
            var zero = base
            zero.reloadThreshold = 0
            #expect(try StagedChangeset(source: shown, target: plain, options: zero).reloadsEverything, "\(base)")
        }
    }

    /// A re-bound section (incomparable header on both sides) behind a
    /// deleted section: its reload is an N index in staged mode (the last
    /// stage) and an O index in one batch, and either way it is recognised
    /// as a re-bind, so it does not count toward `reloadThreshold`. Read at
    /// the other index space, the reload named the deleted section (no
    /// re-bind), and a threshold of 1 reloaded the whole view for one
    /// deleted section.
    @Test func sectionRebindBehindADeletedSectionDoesNotCountTowardTheThreshold() throws {
        let header = Component(incomparable: NSObject())
        let old = B(sections: [rvS(0, rvRows([1, 2])), rvS(1, rvRows([3, 4]), header: header)])
        let new = B(sections: [rvS(1, rvRows([3, 4]), header: header)])
        for mode in BatchMode.allCases {
            var options = DiffOptions(mode: mode)
            options.reloadThreshold = 1
            let changeset = try StagedChangeset(source: old, target: new, options: options)
            #expect(!changeset.reloadsEverything, "\(mode): \(changeset)")
            // The section delete and the re-binding reload, nothing else.
            #expect(changeset.changeCount == 2, "\(mode): \(changeset)")
            #expect(BoxRebinds.count(of: changeset, from: old) == 1, "\(mode)")
            expectReplays(changeset, from: old, to: new)
            // A threshold of 0 is still passed by the real change.
            options.reloadThreshold = 0
            #expect(try StagedChangeset(source: old, target: new, options: options).reloadsEverything, "\(mode)")
        }
    }

    /// A row whose component changes type (a Bento row going from a
    /// spinner component to its text, same id) is never reconfigured:
    /// UIKit's reconfigure hands the data source the cell it shows, and a
    /// data source that dequeues by component type, as Bento's does,
    /// raises an exception on iOS 15 and later ("must dequeue the same
    /// type of cell"). Re-bound rows (incomparable on both sides, in any
    /// update style) and, with `.reconfigure`, changed rows are deleted
    /// and inserted instead when their type changes; rows of one type are
    /// still re-bound. Found by review (2026-11-29, sixth session).
    @Test func rowsChangingComponentTypeAreNotReconfigured() throws {
        final class Spinner {}
        final class Label {
            let text: String
            init(_ text: String) { self.text = text }
        }
        func node(_ id: Int, _ value: Any) -> Node<Int> { Node(id: id, component: Component(incomparable: value)) }
        let old = B(sections: [
            rvS(0, [node(1, Spinner()), node(2, Label("b")), rvN(3), node(4, Spinner())]),
            rvS(1, [node(5, Label("e")), Node(id: 6, component: Component("title"))]),
        ])
        let new = B(sections: [
            rvS(1, [node(5, Label("e'")), Node(id: 6, component: Component(42)), node(4, Label("d"))]),
            rvS(0, [node(2, Label("b'")), node(1, Label("a")), rvN(3, 1)]),
        ])
        for options in Self.grid {
            let changeset = try StagedChangeset(source: old, target: new, options: options)
            expectReplays(changeset, from: old, to: new, "\(options)")
            guard !changeset.reloadsEverything else { continue }
            // Reconfigured rows, by id, read off each stage's data.
            var reconfigured: [Int] = []
            for stage in changeset {
                for path in stage.elementReconfigured {
                    reconfigured.append(stage.data.sections[path.section].rows[path.row].id)
                }
            }
            #expect(!reconfigured.contains(1) && !reconfigured.contains(4), "\(options): \(reconfigured)")
            if options.updateStyle == .reconfigure {
                #expect(!reconfigured.contains(6), "\(options): \(reconfigured)")
            }
        }
        // The same Boxes with every type kept: rows 1 and 4 re-bound.
        let kept = B(sections: [
            rvS(0, [node(1, Spinner()), node(2, Label("b'")), rvN(3), node(4, Spinner())])
        ])
        let rebound = try StagedChangeset(source: B(sections: [old.sections[0]]), target: kept)
        #expect(rebound.flatMap(\.elementReconfigured).count == 3, "\(rebound)")
        #expect(rebound.flatMap(\.elementInserted).isEmpty)
        // One section in one batch (the flat layout's case): the spinner
        // that became a label is deleted and inserted at its path.
        let spinner = B(sections: [rvS(0, [rvN(0), node(1, Spinner()), rvN(2)])])
        let label = B(sections: [rvS(0, [rvN(0), node(1, Label("a")), rvN(2)])])
        for mode in BatchMode.allCases {
            let single = try StagedChangeset(source: spinner, target: label, options: DiffOptions(mode: mode))
            expectReplays(single, from: spinner, to: label)
            #expect(single.flatMap(\.elementReconfigured).isEmpty, "\(single)")
            #expect(single.flatMap(\.elementDeleted) == [ElementPath(section: 0, row: 1)], "\(single)")
            #expect(single.flatMap(\.elementInserted) == [ElementPath(section: 0, row: 1)], "\(single)")
        }
    }

    /// With `.reload` a changed row whose component changes type stays
    /// paired and is reloaded: a reload dequeues a new cell, so only a
    /// reconfigure (the same cell) needs the type kept.
    @Test func reloadedRowMayChangeComponentType() throws {
        let old = B(sections: [rvS(0, [rvN(1), Node(id: 2, component: Component("title")), rvN(3)])])
        let new = B(sections: [rvS(0, [rvN(1), Node(id: 2, component: Component(42)), rvN(3)])])
        for mode in BatchMode.allCases {
            let changeset = try StagedChangeset(source: old, target: new, options: DiffOptions(mode: mode))
            expectReplays(changeset, from: old, to: new)
            #expect(changeset.flatMap(\.elementUpdated) == [ElementPath(section: 0, row: 1)], "\(changeset)")
            #expect(changeset.flatMap(\.elementDeleted).isEmpty, "\(changeset)")
            #expect(changeset.flatMap(\.elementInserted).isEmpty, "\(changeset)")
        }
    }

    @Test func duplicateIDsPairedInOrder() throws {
        let old = B(sections: [rvS(0, rvRows([1, 1, 2])), rvS(0, rvRows([1, 3])), rvS(1, rvRows([2]))])
        for (label, new) in [
            (
                "duplicate sections swapped",
                B(sections: [rvS(0, rvRows([1, 3])), rvS(0, rvRows([1, 1, 2])), rvS(1, rvRows([2]))])
            ),
            (
                "dup rows across",
                B(sections: [rvS(1, rvRows([1, 2])), rvS(0, rvRows([2, 1])), rvS(0, [rvN(1, 1), rvN(3)])])
            ),
            ("one dup section gone", B(sections: [rvS(0, rvRows([3, 1, 1, 2, 1])), rvS(1, rvRows([2]))])),
            (
                "dup section added",
                B(sections: [rvS(1, []), rvS(0, rvRows([1])), rvS(0, rvRows([2])), rvS(0, rvRows([1, 3]))])
            ),
        ] {
            try Self.expectCorrect(old, new, label)
        }
    }

    @Test func incomparableComponentsEverywhere() throws {
        let h = Component(incomparable: "header")
        let old = B(sections: [
            rvS(0, [rvX(1), rvN(2), rvX(3)], header: h), rvS(1, [rvX(4)], footer: h), rvS(2, [rvN(5)]),
        ])
        for (label, new) in [
            ("same", old),
            (
                "sections swapped",
                B(sections: [
                    rvS(1, [rvX(4)], footer: h), rvS(0, [rvX(1), rvN(2), rvX(3)], header: h), rvS(2, [rvN(5)]),
                ])
            ),
            (
                "rows across",
                B(sections: [
                    rvS(0, [rvN(2), rvX(4)], header: h), rvS(1, [rvX(3), rvX(1)], footer: h), rvS(2, [rvN(5)]),
                ])
            ),
            (
                "comparable now",
                B(sections: [rvS(0, [rvN(1), rvN(2), rvN(3)], header: "h"), rvS(1, [rvN(4)]), rvS(2, [rvX(5)])])
            ),
            ("section deleted", B(sections: [rvS(2, [rvX(1), rvN(5)]), rvS(1, [rvX(4), rvX(3)], footer: h)])),
        ] {
            try Self.expectCorrect(old, new, label)
        }
    }

    @Test func emptyBoxesAndEmptySections() throws {
        let empty = B()
        let blanks = B(sections: [rvS(0, []), rvS(1, [])])
        let some = B(sections: [rvS(0, rvRows([1, 2])), rvS(1, [rvX(3)], header: "h")])
        for (a, b, label) in [
            (empty, some, "empty to some"), (some, empty, "some to empty"), (blanks, some, "blank sections filled"),
            (some, blanks, "sections emptied"), (empty, blanks, "blank sections inserted"),
            (blanks, B(sections: blanks.sections.reversed()), "blank sections swapped"),
            (
                some, B(sections: [rvS(1, [rvX(3), rvN(1), rvN(2)], header: "h"), rvS(0, [])]),
                "all rows into one, swapped"
            ),
        ] {
            try Self.expectCorrect(a, b, label)
        }
    }

    /// The library's own generator with many incomparable rows (40%, and
    /// duplicates every fourth pair), also checked with the stale-marker
    /// replay.
    @Test func generatedIncomparableRowsAreAllRefreshed() throws {
        var found: [String] = []
        for seed in UInt64(0)..<150 {
            var rng = SeededGenerator(seed: seed &* 7919)
            let shape = BoxPairShape(
                maxSections: Int(seed % 9), maxRowsPerSection: Int(seed % 11), duplicates: seed % 4 == 0,
                editRate: 0.3, incomparableRate: 0.4)
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            let p = try Self.problems(old, new, "seed \(seed)", grid: OptionGrids.all)
            if !p.isEmpty { found.append(p.prefix(2).joined(separator: "\n") + "\nold \(old)\nnew \(new)") }
            if found.count >= 3 { break }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n\n"))")
    }

    /// One workspace through diffs of very different shapes (long, short,
    /// many sections, none), in every mode and style: the same calls as
    /// with a fresh workspace each time.
    @Test func oneWorkspaceThroughDifferentShapes() throws {
        let workspace = try DiffWorkspace()
        var pairs: [(B, B)] = []
        for seed in UInt64(0)..<40 { pairs.append(Self.sectionHeavyPair(seed: seed + 10_000)) }
        let long = B(sections: (0..<3).map { t in rvS(t, (0..<400).map { rvN(t * 400 + $0) }) })
        var longNew = long.sections
        longNew[0].rows.reverse()
        longNew[2].rows.insert(longNew[1].rows.removeFirst(), at: 7)
        pairs.insert((long, B(sections: longNew.reversed())), at: 5)
        pairs.insert((B(sections: longNew), long), at: 20)
        pairs.insert((B(), long), at: 30)
        for (k, (old, new)) in pairs.enumerated() {
            for options in Self.grid {
                let reused = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
                let fresh = try StagedChangeset(source: old, target: new, options: options)
                #expect(reused.map(\.batchUpdate) == fresh.map(\.batchUpdate), "pair \(k) \(options)")
                let p = replayProblems(reused, from: old, to: new)
                #expect(p.isEmpty, "pair \(k) \(options): \(p.prefix(3))")
            }
        }
    }

    /// Every row of a long section reversed, and sections of a few
    /// hundred rows with rows dealt round-robin across them.
    @Test func longSectionsReversedAndDealt() throws {
        let old = B(sections: (0..<3).map { t in rvS(t, (0..<300).map { rvN(t * 300 + $0) }) })
        let reversed = B(sections: old.sections.map { rvS($0.id, $0.rows.reversed()) })
        let all = old.sections.flatMap(\.rows)
        let dealt = B(
            sections: (0..<3).reversed().map { t in
                rvS(
                    t,
                    all.enumerated().filter { $0.offset % 3 == t }.map {
                        $0.offset % 7 == 0 ? rvN($0.element.id, 1) : $0.element
                    })
            })
        let grid = Self.grid.filter { $0.algorithm == .heckel || $0.lcsCostBound == 1 }
        var found = try Self.problems(old, reversed, "reversed", grid: grid)
        found += try Self.problems(old, dealt, "dealt", grid: grid)
        #expect(found.isEmpty, "\(found.prefix(3).joined(separator: "\n"))")
    }

    /// The stale-marker replay has teeth: a plan that drops the re-bind of
    /// an incomparable row or the reload of a section with an incomparable
    /// header is caught by it (as by the validator's missed-update check,
    /// which it backs up independently).
    @Test func staleCheckCatchesADroppedRefresh() throws {
        let box = B(sections: [rvS(0, [rvN(1), rvX(2)]), rvS(1, [rvN(3)], header: Component(incomparable: "h"))])
        let real = try StagedChangeset(source: box, target: box)
        #expect(Self.staleProblems(real, from: box, to: box).isEmpty)
        #expect(
            real.map(\.batchUpdate) == [
                BatchUpdate(sectionUpdated: [1], elementReconfigured: [ElementPath(section: 0, row: 1)])
            ]
                || real.count == 2, "\(real.map(\.batchUpdate))")
        let noRebind = StagedChangeset([Changeset(data: box, batchUpdate: BatchUpdate(sectionUpdated: [1]))])
        #expect(!BoxReplay.problems(noRebind, from: box, to: box).isEmpty)
        #expect(!Self.staleProblems(noRebind, from: box, to: box).isEmpty)
        let noReload = StagedChangeset(
            [Changeset(data: box, batchUpdate: BatchUpdate(elementReconfigured: [ElementPath(section: 0, row: 1)]))])
        #expect(!Self.staleProblems(noReload, from: box, to: box).isEmpty)
        #expect(!BoxReplay.problems(noReload, from: box, to: box).isEmpty)
    }

    // MARK: - Random, section-heavy

    /// Random pairs that permute sections heavily (shuffled, reversed, one
    /// moved), move rows across sections, delete and insert sections,
    /// change headers, update rows, some incomparable, some duplicates,
    /// sometimes past 32 sections.
    static func sectionHeavyPair(seed: UInt64) -> (B, B) {
        var rng = SeededGenerator(seed: seed)
        func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
        let many = chance(0.25)
        let count = Int.random(in: 0...(many ? 45 : 8), using: &rng)
        let maxRows = many ? 3 : 6
        let dups = chance(0.2)
        var nextRow = 0
        var old: [Section<Int, Int>] = []
        for t in 0..<count {
            let id = dups && chance(0.2) ? Int.random(in: 0...max(0, t), using: &rng) : t
            var rs: [Node<Int>] = []
            for _ in 0..<Int.random(in: 0...maxRows, using: &rng) {
                let rid = dups && nextRow > 0 && chance(0.15) ? Int.random(in: 0..<nextRow, using: &rng) : nextRow
                nextRow += 1
                rs.append(chance(0.1) ? rvX(rid) : rvN(rid))
            }
            old.append(
                rvS(
                    id, rs,
                    header: chance(0.5) ? Component("h\(id)") : (chance(0.1) ? Component(incomparable: "ih") : nil)))
        }
        var new = old
        var homeless: [Node<Int>] = []
        new.removeAll { sec in
            guard chance(0.15) else { return false }
            homeless += sec.rows.filter { _ in chance(0.6) }
            return true
        }
        for k in new.indices {
            new[k].rows.removeAll { row in
                if chance(0.1) { return true }
                if chance(0.2) {
                    homeless.append(row)
                    return true
                }
                return false
            }
            if chance(0.2) { new[k].rows.shuffle(using: &rng) }
            if chance(0.2) { new[k].header = Component("h\(new[k].id) changed") }
            for r in new[k].rows.indices where chance(0.15) {
                let id = new[k].rows[r].id
                new[k].rows[r] = chance(0.2) ? rvX(id, 1) : rvN(id, 1)
            }
        }
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            let id = 1_000 + Int.random(in: 0..<20, using: &rng)
            new.insert(
                rvS(
                    id,
                    rvRows(
                        (0..<Int.random(in: 0...2, using: &rng)).map { _ in 5_000 + Int.random(in: 0..<500, using: &rng)
                        })),
                at: Int.random(in: 0...new.count, using: &rng))
        }
        if !new.isEmpty {
            for row in homeless where chance(0.9) {
                let k = Int.random(in: 0..<new.count, using: &rng)
                new[k].rows.insert(
                    chance(0.3) ? rvN(row.id, 2) : row, at: Int.random(in: 0...new[k].rows.count, using: &rng))
            }
        }
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: new.shuffle(using: &rng)
        case 1: new.reverse()
        case 2:
            if new.count > 1 {
                new.insert(
                    new.remove(at: Int.random(in: 0..<new.count, using: &rng)),
                    at: Int.random(in: 0..<new.count, using: &rng))
            }
        default: break
        }
        return (B(sections: old), B(sections: new))
    }

    @Test func sectionHeavyRandomPairs() throws {
        var found: [String] = []
        for seed in UInt64(0)..<250 {
            let (old, new) = Self.sectionHeavyPair(seed: seed)
            let p = try Self.problems(old, new, "seed \(seed)")
            if !p.isEmpty { found.append(p.prefix(2).joined(separator: "\n") + "\nold \(old)\nnew \(new)") }
            if found.count >= 3 { break }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n\n"))")
    }
}
