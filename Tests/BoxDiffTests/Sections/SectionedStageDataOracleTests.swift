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
/// in its side's flat list (`~index` on the new side); a duplicate is
/// named as the id itself.
private struct PlacedID<ID: Hashable>: Hashable, CustomDebugStringConvertible {
    let id: ID
    let index: Int
    static func == (lhs: PlacedID, rhs: PlacedID) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
    var debugDescription: String { String(reflecting: id) }
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

/// Every option set of the property tests, and each of them again with
/// duplicates rejected (the errors are compared then).
private let oracleOptions: [DiffOptions] =
    OptionGrids.withThreshold
    + OptionGrids.withThreshold.map {
        var options = $0
        options.duplicates = .reject
        return options
    }

/// Where the library's sectioned changeset differs from the old route's:
/// the error thrown, stage count, `reloadsEverything`, `isMinimal`, calls,
/// or any stage's data (every field).
private func stageDataProblems(_ oldBox: BoxGenerators.TestBox, _ newBox: BoxGenerators.TestBox, seed: UInt64) throws
    -> [String]
{
    var rng = SeededGenerator(seed: seed ^ 0x0AC1E)
    let old = SectionTestMapping.sections(oldBox, using: &rng)
    let new = SectionTestMapping.sections(newBox, using: &rng)
    var problems: [String] = []
    let workspace = try DiffWorkspace()
    for options in oracleOptions {
        let direct: StagedChangeset<[ContactSection]>
        let oracle: StagedChangeset<[ContactSection]>
        do {
            oracle = try boxRouteChangeset(source: old, target: new, options: options)
        } catch {
            // Duplicates under `.reject`: the same error, or a problem.
            do {
                _ = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
                problems.append("seed \(seed) \(options): no error, the Box route threw \(error)")
            } catch let directError {
                if directError != error as? DiffError {
                    problems.append("seed \(seed) \(options): threw \(directError), the Box route \(error)")
                }
            }
            continue
        }
        direct = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
        guard direct.count == oracle.count, direct.reloadsEverything == oracle.reloadsEverything,
            direct.isMinimal == oracle.isMinimal
        else {
            problems.append(
                "seed \(seed) \(options): \(direct.count) stages against \(oracle.count), or reloadsEverything "
                    + "or isMinimal differ")
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
    /// threshold, duplicates paired or rejected): the same stages, calls
    /// and data (noise fields included) as the Box route.
    @Test func stagesMatchTheBoxRoute() async {
        await expectNoProblems(
            count: 300, sections: 0...10, rows: 0...12,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, editRate: 0.3) }, stageDataProblems)
    }

    /// Duplicate section and element ids (paired in order, or rejected:
    /// the same error), heavy edits.
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

/// An id whose every value hashes alike: every pairing of such ids meets a
/// collision and falls back to the exact numbering.
private struct AllAlikeID: Hashable, Sendable, CustomStringConvertible {
    let value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
    var description: String { "#\(value)" }
}

/// A section model or an element with a colliding id and a content.
private struct AllAlike: Differentiable, Equatable, Sendable {
    let id: Int
    var content: Int
    var differenceIdentifier: AllAlikeID { AllAlikeID(value: id) }
    func isContentEqual(to source: AllAlike) -> Bool { content == source.content }
}

extension SectionedStageDataOracleTests {
    /// Section and element ids that all share one hash: the direct route
    /// confirms the core's pairs by `==`, finds them wrong and pairs again
    /// exactly, as the Box route does; stages, calls and data agree, and a
    /// rejected duplicate is named alike.
    @Test func collidingIDsMatchTheBoxRoute() throws {
        var rng = SeededGenerator(seed: 0xC011_1DE)
        for round in 0..<60 {
            func side() -> [ArraySection<AllAlike, AllAlike>] {
                let sectionIDs = Array(0..<6).shuffled(using: &rng).prefix(Int.random(in: 0...5, using: &rng))
                var elementIDs = Array(0..<30).shuffled(using: &rng)[...]
                return sectionIDs.map { s in
                    let count = min(elementIDs.count, Int.random(in: 0...6, using: &rng))
                    let ids = elementIDs.prefix(count)
                    elementIDs = elementIDs.dropFirst(count)
                    return ArraySection(
                        model: AllAlike(id: s, content: Int.random(in: 0...1, using: &rng)),
                        elements: ids.map { AllAlike(id: $0, content: Int.random(in: 0...1, using: &rng)) })
                }
            }
            let old = side()
            let new = side()
            for options in OptionGrids.withThreshold {
                let direct = try StagedChangeset(source: old, target: new, options: options)
                let oracle = try boxRouteChangeset(source: old, target: new, options: options)
                #expect(direct.stages.map(\.batchUpdate) == oracle.stages.map(\.batchUpdate), "round \(round)")
                #expect(direct.stages.map(\.data) == oracle.stages.map(\.data), "round \(round)")
                #expect(direct.reloadsEverything == oracle.reloadsEverything, "round \(round)")
                #expect(direct.isMinimal == oracle.isMinimal, "round \(round)")
            }
        }
        // A repeated element id under `.reject`: the same error both ways.
        let old = [ArraySection(model: AllAlike(id: 0, content: 0), elements: [AllAlike(id: 1, content: 0)])]
        let new = [
            ArraySection(
                model: AllAlike(id: 0, content: 0),
                elements: [AllAlike(id: 2, content: 0), AllAlike(id: 2, content: 1)])
        ]
        var options = DiffOptions()
        options.duplicates = .reject
        var directError: DiffError?
        var oracleError: DiffError?
        do { _ = try StagedChangeset(source: old, target: new, options: options) } catch { directError = error }
        do { _ = try boxRouteChangeset(source: old, target: new, options: options) } catch {
            oracleError = error as? DiffError
        }
        #expect(directError != nil)
        #expect(directError == oracleError)
    }
}

/// A section whose `elements` answers differently on every read: one
/// element, then 2,000, and so on.
private final class ShiftyReads: @unchecked Sendable {
    var reads = 0
}

private struct ShiftySection: DifferentiableSection, Equatable {
    let name: String
    let reads: ShiftyReads
    var elements: [Contact] {
        reads.reads += 1
        return (0..<(reads.reads % 2 == 1 ? 1 : 2_000)).map { Contact(id: $0, name: "c\($0)") }
    }
    init(name: String) {
        self.name = name
        reads = ShiftyReads()
    }
    init<C: Swift.Collection>(source: ShiftySection, elements: C) where C.Element == Contact { self = source }
    var differenceIdentifier: String { name }
    func isContentEqual(to source: ShiftySection) -> Bool { true }
    static func == (lhs: ShiftySection, rhs: ShiftySection) -> Bool { lhs.name == rhs.name }
}

extension SectionedStageDataOracleTests {
    /// Sections whose `elements` gives another count on each read: the
    /// diff reads each section's elements once for its table and its
    /// list, so they cannot disagree. The table was sized from one read
    /// and written from another, and wrote past its buffer (a heap
    /// overflow; found by review, 2026-12-03): under AddressSanitizer
    /// this test stopped there, in a plain build it could corrupt the heap.
    @Test func elementsReadDifferentlyEachTimeStayInBounds() throws {
        for options in OptionGrids.withThreshold {
            let old = [ShiftySection(name: "a"), ShiftySection(name: "b")]
            let new = [ShiftySection(name: "b"), ShiftySection(name: "a")]
            let changeset = try StagedChangeset(source: old, target: new, options: options)
            #expect(changeset.last?.data == new, "\(options)")
        }
    }
}
