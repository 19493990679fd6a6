import BoxDiffTestSupport
import PropertyBased
import Testing

@testable import BoxDiff

/// A section as a Box header: one hash for all, and `old == new` is
/// `new.isContentEqual(to: old)`, as the sectioned diff compares sections.
private struct ModelProxy<Model: Differentiable & Sendable>: Hashable, Sendable {
    let model: Model
    static func == (old: ModelProxy, new: ModelProxy) -> Bool { new.model.isContentEqual(to: old.model) }
    func hash(into hasher: inout Hasher) {}
}

/// An element's id (alone compared and hashed) with the element's place
/// in its side's flat list (`~index` on the new side).
private struct PlacedID<ID: Hashable>: Hashable {
    let id: ID
    let index: Int
    static func == (lhs: PlacedID, rhs: PlacedID) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The sectioned diff as it was built until 2026-12-03, kept as an oracle:
/// each side as a Box (section ids the sections' ids, each header a
/// proxy of its section, each row's id its element's id with the
/// element's place, every row one shared component), the Box diff with
/// the elements compared by `isContentEqual(to:)` (the engine's internal
/// hook), and every intermediate stage's Box mapped back to sections
/// (headers to their sections, row ids' places to elements; an unchanged
/// pair, recorded as it was compared, shows its target value). The
/// library now pairs the sections' flat form directly
/// (`SectionedSide`, `BoxMatching(sectioned:_:...)`) and builds the
/// stages' data from the plan (`SectionedDiff.stages`); the two must agree
/// on every field, including those `isContentEqual(to:)` ignores.
private func boxRouteChangeset<Data: RangeReplaceableCollection>(
    source: Data, target: Data, options: DiffOptions
) throws -> StagedChangeset<Data> where Data.Element: DifferentiableSection & Sendable {
    typealias Element = Data.Element.Collection.Element
    typealias RowID = PlacedID<Element.DifferenceIdentifier>
    typealias B = Box<Data.Element.DifferenceIdentifier, RowID>
    let content = Component(0 as UInt64)
    func box(_ data: Data, isNew: Bool) -> (box: B, elements: [Element]) {
        var elements: [Element] = []
        let sections = data.map { section in
            Section(
                id: section.differenceIdentifier, header: Component(ModelProxy(model: section)),
                rows: section.elements.map { element in
                    defer { elements.append(element) }
                    let k = elements.count
                    return Node(id: RowID(id: element.differenceIdentifier, index: isNew ? ~k : k), component: content)
                })
        }
        return (B(sections: sections), elements)
    }
    let old = box(source, isNew: false)
    let new = box(target, isNew: true)
    var unchanged = [Int](repeating: -1, count: old.elements.count)
    let boxed = try unchanged.withUnsafeMutableBufferPointer { (buffer) throws(DiffError) in
        let marks = buffer
        return try StagedChangeset<B>(
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
            let model = section.header!.value(as: ModelProxy<Data.Element>.self)!.model
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

@Suite("Sectioned diff: stages against the Box route")
struct SectionedStageDataOracleTests {
    /// Unique ids, under every option set (both modes, a reload
    /// threshold): the same stages, calls and data (noise fields
    /// included) as the Box route.
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
