import BoxDiffTestSupport
import BoxDiffValidation
import PropertyBased
import Testing

@testable import BoxDiff

/// The single-batch Box plan, rewritten for speed (one pass per level on
/// the raw maps, workspace buffers), must make exactly the calls of its
/// first, straightforward implementation (``ReferenceSingleBatchPlan``):
/// the same lists, in the same order.
@Suite("Box diff: single-batch plan")
struct SingleBatchPlanTests {
    /// Both plans' calls for `old` → `new` under every algorithm and
    /// update style; the differences found, described.
    static func differences(_ old: BoxGenerators.TestBox, _ new: BoxGenerators.TestBox, seed: UInt64) throws
        -> [String]
    {
        var found: [String] = []
        let workspace = try DiffWorkspace()
        for algorithm in [DiffAlgorithm.heckel, .lcs] {
            for style in [UpdateStyle.reload, .reconfigure] {
                let m = try BoxMatching(
                    source: old, target: new, options: DiffOptions(algorithm: algorithm), workspace: workspace)
                let fast = try BoxSingleBatchPlan(m, style: style, workspace: workspace).update
                let reference = try ReferenceSingleBatchPlan(m, style: style, workspace: workspace).update
                if fast != reference {
                    found.append("seed \(seed) \(algorithm) \(style):\n  fast      \(fast)\n  reference \(reference)")
                }
            }
        }
        return found
    }

    /// `box`'s rows, in order, in one section (id 7, no header).
    static func oneSection(_ box: BoxGenerators.TestBox) -> BoxGenerators.TestBox {
        Box(sections: [Section(id: 7, rows: box.sections.flatMap(\.rows))])
    }

    /// The pair's rows, each side's in one section, diffed in one batch
    /// by the public API: it must take the one-section layout
    /// (``BoxSingleBatchPlan/flatLayoutUpdate(_:style:workspace:)``, the flat
    /// API's layout of the rows), pass the batch-update validator (UIKit's
    /// rules, and the replay: the rows end as the target's, each changed
    /// row refreshed once), and move no more rows than the fewest moves
    /// (the paired rows off one longest run). Its calls may differ from
    /// the general plan's: both move the rows off a longest run, and the
    /// core breaks ties its own way (with reloads, which rows move decides
    /// which updated rows become a delete and an insert; over 40,000
    /// random pairs the layout made more calls than the general plan in
    /// 898 and fewer in 910, the same calls in 30,909).
    static func oneSectionProblems(_ old: BoxGenerators.TestBox, _ new: BoxGenerators.TestBox, seed: UInt64)
        throws -> [String]
    {
        try layoutProblems(oneSection(old), oneSection(new), seed: seed, requireFlat: true)
    }

    /// `new`'s rows under `old`'s sections (ids, headers and footers, in
    /// order), each row that `old` has in the first old section holding
    /// its id, each new row where it was in `new` (its section index
    /// wrapped), so that no row changes section (with duplicate ids,
    /// pairing may still cross sections).
    static func inOrder(_ old: BoxGenerators.TestBox, _ new: BoxGenerators.TestBox) -> BoxGenerators.TestBox {
        guard !old.sections.isEmpty else { return old }
        var home: [Int: Int] = [:]
        for (s, section) in old.sections.enumerated() {
            for row in section.rows where home[row.id] == nil { home[row.id] = s }
        }
        var sections = old.sections.map { section in
            var copy = section
            copy.rows = []
            return copy
        }
        for (t, section) in new.sections.enumerated() {
            for row in section.rows { sections[home[row.id] ?? t % sections.count].rows.append(row) }
        }
        return Box(sections: sections)
    }

    /// The pair's new rows under the old sections, in order (``inOrder(_:_:)``),
    /// diffed in one batch by the public API: with `requireFlat` (no
    /// duplicate ids, comparable headers) it must take the flat layout
    /// (``BoxSingleBatchPlan/flatLayoutUpdate(_:style:workspace:)``, paths
    /// mapped to their sections); either way, it must pass the
    /// batch-update validator and move no more rows than the fewest moves.
    static func inOrderProblems(
        _ old: BoxGenerators.TestBox, _ new: BoxGenerators.TestBox, seed: UInt64, requireFlat: Bool
    ) throws -> [String] {
        try layoutProblems(old, inOrder(old, new), seed: seed, requireFlat: requireFlat)
    }

    /// `old` → `new` diffed in one batch by the public API under every
    /// algorithm and update style: with `requireFlat` it must take the
    /// flat layout (and make its calls); either way it must pass the
    /// batch-update validator and move no more rows than the fewest moves.
    static func layoutProblems(
        _ old: BoxGenerators.TestBox, _ new: BoxGenerators.TestBox, seed: UInt64, requireFlat: Bool
    ) throws -> [String] {
        var found: [String] = []
        let workspace = try DiffWorkspace()
        for algorithm in [DiffAlgorithm.heckel, .lcs] {
            for style in [UpdateStyle.reload, .reconfigure] {
                var options = DiffOptions(algorithm: algorithm)
                options.mode = .singleBatch
                options.updateStyle = style
                let label = "seed \(seed) \(algorithm) \(style)"
                let m = try BoxMatching(source: old, target: new, options: options, workspace: workspace)
                let flat = BoxSingleBatchPlan.hasFlatLayout(m)
                if !flat && requireFlat {
                    found.append("\(label): the flat layout was not taken")
                }
                let changeset = try StagedChangeset(source: old, target: new, options: options)
                let calls = changeset.first?.batchUpdate ?? BatchUpdate()
                if flat {
                    let layout = BoxSingleBatchPlan.flatLayoutUpdate(m, style: style, workspace: workspace)
                    if calls != layout {
                        found.append(
                            "\(label): the diff's calls are not the layout's\n  diff   \(calls)\n  layout \(layout)")
                    }
                }
                let violations = changeset.violations(from: old)
                if !violations.isEmpty {
                    found.append("\(label): \(violations.count) violations, first: \(violations[0])\n  \(calls)")
                }
                let kept = try m.rowsKeptInPlace(workspace: workspace).reduce(0) { $0 + Int($1) }
                if calls.elementMoved.count > m.pairedRowCount - kept {
                    found.append(
                        "\(label): \(calls.elementMoved.count) moves, \(m.pairedRowCount - kept) at most\n  \(calls)")
                }
            }
        }
        return found
    }

    /// Several sections kept in order, rows edited within them: the flat
    /// layout, paths in their sections.
    @Test func sectionsInOrderTakeTheFlatLayout() async {
        await expectNoProblems(
            count: 600, sections: 2...6, rows: 0...10,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, editRate: 0.25) },
            { try Self.inOrderProblems($0, $1, seed: $2, requireFlat: true) })
    }

    /// More sections than the matching compares directly (32): the core
    /// pairs them, each with the one at its index, and the rows take the
    /// flat layout all the same.
    @Test func manySectionsInOrderTakeTheFlatLayout() async {
        await expectNoProblems(
            count: 120, sections: 33...45, rows: 0...4,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, editRate: 0.25) },
            { try Self.inOrderProblems($0, $1, seed: $2, requireFlat: true) })
    }

    /// The same with incomparable components (re-bound rows) and duplicate
    /// ids (whose pairing may cross sections: then the general plan).
    @Test func sectionsInOrderWithIncomparableRowsAndDuplicatesAreValid() async {
        await expectNoProblems(
            count: 500, sections: 2...6, rows: 0...12,
            shape: {
                BoxPairShape(
                    maxSections: $0, maxRowsPerSection: $1, duplicates: $1 % 2 == 0, editRate: 0.3,
                    incomparableRate: 0.25)
            }, { try Self.inOrderProblems($0, $1, seed: $2, requireFlat: false) })
    }

    /// A row that changes section, the sections in order: the general plan
    /// (the flat layout would leave the row where it was), valid.
    @Test func aRowChangingSectionTakesTheGeneralPlan() throws {
        func box(_ rows: [[Int]]) -> BoxGenerators.TestBox {
            Box(
                sections: rows.enumerated().map { s, ids in
                    Section(id: s, rows: ids.map { Node(id: $0, component: $0) })
                })
        }
        let old = box([[1, 2, 3], [4, 5]])
        let new = box([[1, 2], [3, 4, 5]])
        var options = DiffOptions()
        options.mode = .singleBatch
        let workspace = try DiffWorkspace()
        let m = try BoxMatching(source: old, target: new, options: options, workspace: workspace)
        #expect(m.rowsHaveLayout)
        #expect(!BoxSingleBatchPlan.hasFlatLayout(m))
        let changeset = try StagedChangeset(source: old, target: new, options: options)
        #expect(
            changeset.first?.elementMoved == [
                Move(source: ElementPath(section: 0, row: 2), destination: ElementPath(section: 1, row: 0))
            ])
        #expect(changeset.violations(from: old).isEmpty)
        // Row 3 back in section 0, after an insert there: the flat layout,
        // in section paths.
        let back = box([[1, 2, 9, 3], [5, 4]])
        let n = try BoxMatching(source: old, target: back, options: options, workspace: workspace)
        #expect(BoxSingleBatchPlan.hasFlatLayout(n))
        let calls = try StagedChangeset(source: old, target: back, options: options)
        #expect(calls.first?.elementInserted == [ElementPath(section: 0, row: 2)])
        #expect(calls.first?.elementMoved.count == 1)
        #expect(calls.first?.elementMoved.allSatisfy { $0.source.section == 1 && $0.destination.section == 1 } == true)
        #expect(calls.violations(from: old).isEmpty)
    }

    /// One section: every kind of row edit, moves off the core's own run.
    @Test func oneSectionLayoutIsValid() async {
        await expectNoProblems(
            count: 600, sections: 0...6, rows: 0...12,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, editRate: 0.25) },
            Self.oneSectionProblems)
    }

    /// One section with incomparable components (re-bound rows, reloaded
    /// or reconfigured) and duplicate ids.
    @Test func oneSectionLayoutWithIncomparableRowsAndDuplicatesIsValid() async {
        await expectNoProblems(
            count: 500, sections: 0...6, rows: 0...15,
            shape: {
                BoxPairShape(
                    maxSections: $0, maxRowsPerSection: $1, duplicates: $1 % 2 == 0, editRate: 0.3,
                    incomparableRate: 0.25)
            }, Self.oneSectionProblems)
    }

    /// One longer section, where many reloads meet deletes and inserts.
    @Test func longerOneSectionLayoutIsValid() async {
        await expectNoProblems(
            count: 80, sections: 1...8, rows: 0...60,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, editRate: 0.2, incomparableRate: 0.1) },
            Self.oneSectionProblems)
    }

    /// Small Boxes with every kind of edit, sections re-headed and moved.
    @Test func smallBoxesMatchTheReference() async {
        await expectNoProblems(
            count: 800, sections: 0...10, rows: 0...12,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, editRate: 0.25) }, Self.differences)
    }

    /// Duplicate section and row ids, paired in order.
    @Test func duplicatesMatchTheReference() async {
        await expectNoProblems(
            count: 500, sections: 0...8, rows: 0...15,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, duplicates: true, editRate: 0.3) },
            Self.differences)
    }

    /// Incomparable components (re-bound rows, always-updated sections).
    @Test func incomparableComponentsMatchTheReference() async {
        await expectNoProblems(
            count: 400, sections: 0...8, rows: 0...10,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, editRate: 0.2, incomparableRate: 0.25) },
            Self.differences)
    }

    /// Larger Boxes, where many reloads meet deletes and inserts in one
    /// section (reloads that land and reloads turned into delete + insert
    /// under rule 11, side by side).
    @Test func largerBoxesMatchTheReference() async {
        await expectNoProblems(
            count: 80, sections: 1...20, rows: 0...120,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, duplicates: $1 % 3 == 0, editRate: 0.2) },
            Self.differences)
    }

    /// The usual render of one section: a few updates among deletes and
    /// inserts, whose reloads stay reloads where `r'` is the new path.
    @Test func updatesAmongDeletesAndInsertsStayReloads() throws {
        let rows = (0..<20).map { Node(id: $0, component: Component("row \($0)")) }
        var newRows = rows
        newRows.remove(at: 3)  // delete before the update
        newRows[8] = Node(id: 9, component: Component("row 9 changed"))  // old row 9, new row 8
        newRows.insert(Node(id: 100, component: Component("new")), at: 15)  // insert after it
        let old = Box<Int, Int>(sections: [Section(id: 0, rows: rows)])
        let new = Box<Int, Int>(sections: [Section(id: 0, rows: newRows)])
        var options = DiffOptions()
        options.mode = .singleBatch
        let changeset = try StagedChangeset(source: old, target: new, options: options)
        #expect(changeset.count == 1)
        let calls = try #require(changeset.first).batchUpdate
        #expect(calls.elementDeleted == [ElementPath(section: 0, row: 3)])
        #expect(calls.elementInserted == [ElementPath(section: 0, row: 15)])
        #expect(calls.elementUpdated == [ElementPath(section: 0, row: 9)])
        #expect(changeset.violations(from: old).isEmpty)
    }
}
