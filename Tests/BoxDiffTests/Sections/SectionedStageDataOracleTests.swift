import BoxDiffTestSupport
import PropertyBased
import Testing

@testable import BoxDiff

/// The sectioned diff's staged data as it was built until 2026-12-03: the
/// Box diff of the sectioned Boxes, every stage's intermediate Box mapped
/// back to sections (headers to their sections, row ids' indices to
/// elements; an unchanged pair, recorded as it was compared, shows its
/// target value). The library now builds the stages' data from the
/// matching and the plan directly (`SectionedBox.stages`); this oracle
/// keeps the old route, so the two can be compared on every field,
/// including those `isContentEqual(to:)` ignores.
private func boxRouteChangeset<Data: RangeReplaceableCollection>(
    source: Data, target: Data, options: DiffOptions
) throws -> StagedChangeset<Data> where Data.Element: DifferentiableSection {
    typealias Element = Data.Element.Collection.Element
    let content = Component(0 as UInt64)
    let old = SectionedBox.box(source, isNew: false, content: content)
    let new = SectionedBox.box(target, isNew: true, content: content)
    var unchanged = [Int](repeating: -1, count: old.elements.count)
    let boxed = try unchanged.withUnsafeMutableBufferPointer { (buffer) throws(DiffError) in
        let marks = buffer
        return try StagedChangeset<SectionedBox.BoxOf<Data>>(
            source: old.box, target: new.box, options: options, workspace: nil,
            rowContentChanged: { i, j in
                let changed = !new.elements[j].isContentEqual(to: old.elements[i])
                if !changed { marks[i] = j }
                return changed
            })
    }
    var stages: [Changeset<Data>] = []
    for (k, stage) in boxed.stages.enumerated() {
        if k == boxed.count - 1 {
            stages.append(Changeset(data: target, batchUpdate: stage.batchUpdate))
            continue
        }
        var data = Data()
        for section in stage.data.sections {
            let model = section.header!.value(as: Data.Element.self)!
            let elements: [Element] = section.rows.map { row in
                let index = row.id.index
                if index < 0 { return new.elements[~index] }
                return unchanged[index] >= 0 ? new.elements[unchanged[index]] : old.elements[index]
            }
            data.append(Data.Element(source: model, elements: elements))
        }
        stages.append(Changeset(data: data, batchUpdate: stage.batchUpdate))
    }
    return StagedChangeset(stages, reloadsEverything: boxed.reloadsEverything, isMinimal: boxed.isMinimal)
}

/// Where the library's staged sectioned changeset differs from the old
/// route's: stage count, calls, or any stage's data (every field).
private func stageDataProblems(_ oldBox: BoxGenerators.TestBox, _ newBox: BoxGenerators.TestBox, seed: UInt64) throws
    -> [String]
{
    var rng = SeededGenerator(seed: seed ^ 0x0AC1E)
    let old = SectionTestMapping.sections(oldBox, using: &rng)
    let new = SectionTestMapping.sections(newBox, using: &rng)
    var problems: [String] = []
    let workspace = try DiffWorkspace()
    for options in OptionGrids.withThreshold {
        let direct = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
        let oracle = try boxRouteChangeset(source: old, target: new, options: options)
        guard direct.count == oracle.count, direct.reloadsEverything == oracle.reloadsEverything else {
            problems.append("seed \(seed) \(options): \(direct.count) stages against \(oracle.count)")
            continue
        }
        for k in 0..<direct.count {
            if direct[k].batchUpdate != oracle[k].batchUpdate {
                problems.append("seed \(seed) \(options) stage \(k): calls \(direct[k]) against \(oracle[k])")
            }
            if direct[k].data != oracle[k].data {
                problems.append(
                    "seed \(seed) \(options) stage \(k): data \(direct[k].data) against \(oracle[k].data)")
            }
        }
    }
    return problems
}

@Suite("Sectioned diff: stage data against the Box route")
struct SectionedStageDataOracleTests {
    /// Unique ids, under every option set: the same stages, calls and data
    /// (noise fields included) as the Box route.
    @Test func stagesMatchTheBoxRoute() async {
        await expectNoProblems(
            count: 300, sections: 0...10, rows: 0...12,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, editRate: 0.3) }, stageDataProblems)
    }

    /// Duplicate section and element ids (paired in order), heavy edits.
    @Test func stagesMatchTheBoxRouteWithDuplicates() async {
        await expectNoProblems(
            count: 300, sections: 0...8, rows: 0...12,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, duplicates: true, editRate: 0.5) },
            stageDataProblems)
    }

    /// A generic `DifferentiableSection` (not an `ArraySection`), whose
    /// sections all compare equal: its stages' data matches too.
    @Test func shelvesMatchTheBoxRoute() throws {
        let old = [
            Shelf(name: "a", elements: [Contact(id: 1, name: "x"), Contact(id: 2, name: "y")]),
            Shelf(name: "b", elements: [Contact(id: 3, name: "z"), Contact(id: 4, name: "w", lastSeen: 1)]),
            Shelf(name: "c", elements: [Contact(id: 5, name: "v")]),
        ]
        let new = [
            Shelf(name: "b", elements: [Contact(id: 4, name: "w", lastSeen: 2), Contact(id: 1, name: "x2")]),
            Shelf(name: "d", elements: [Contact(id: 5, name: "v"), Contact(id: 6, name: "u")]),
            Shelf(name: "a", elements: [Contact(id: 2, name: "y", lastSeen: 3), Contact(id: 7, name: "t")]),
        ]
        for options in OptionGrids.withThreshold {
            let direct = try StagedChangeset(source: old, target: new, options: options)
            let oracle = try boxRouteChangeset(source: old, target: new, options: options)
            #expect(direct.stages.map(\.batchUpdate) == oracle.stages.map(\.batchUpdate), "\(options)")
            #expect(direct.stages.map(\.data) == oracle.stages.map(\.data), "\(options)")
            #expect(direct.count > 1 || options.mode == .singleBatch || direct.reloadsEverything, "\(options)")
        }
    }
}
