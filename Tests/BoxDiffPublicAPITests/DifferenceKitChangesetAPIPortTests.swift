import BoxDiff
import Testing

/// DifferenceKit's `Changeset` and `StagedChangeset` API, called as
/// DifferenceKit's own tests and Carbon-style updaters call it.
@Suite("DifferenceKit changeset API, ported")
struct DifferenceKitChangesetAPIPortTests {
    /// DifferenceKit's `Changeset` has `hasSectionChanges` and
    /// `hasElementChanges` beside `hasChanges`; an updater that skips the
    /// section calls of a stage without any reads them off the stage.
    @Test func stagesTellSectionAndElementChangesApart() throws {
        let sectionsOnly = Changeset(data: [0], sectionDeleted: [0, 1])
        #expect(sectionsOnly.hasSectionChanges && !sectionsOnly.hasElementChanges)
        let elementsOnly = Changeset(data: [0], elementUpdated: [ElementPath(element: 0, section: 0)])
        #expect(!elementsOnly.hasSectionChanges && elementsOnly.hasElementChanges)
        let none = Changeset(data: [0])
        #expect(!none.hasSectionChanges && !none.hasElementChanges && !none.hasChanges)
        let reconfigureOnly = Changeset(data: [0], elementReconfigured: [ElementPath(element: 0, section: 0)])
        #expect(reconfigureOnly.hasElementChanges)

        let old = [ArraySection(model: "A", elements: [1, 2]), ArraySection(model: "B", elements: [3])]
        let new = [ArraySection(model: "B", elements: [3, 1])]
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(changeset.map(\.hasSectionChanges) == changeset.map { $0.sectionChangeCount > 0 })
        #expect(changeset.map(\.hasElementChanges) == changeset.map { $0.elementChangeCount > 0 })
        #expect(changeset.contains { $0.hasSectionChanges } && changeset.contains { $0.hasElementChanges })
    }

    /// DifferenceKit's `StagedChangeset` is a `RangeReplaceableCollection`
    /// of stages: `StagedChangeset()` is the empty changeset (DifferenceKit's
    /// algorithm returns it for two empty collections), stages are appended,
    /// inserted and removed, `filter` keeps the type (so the result still
    /// goes to `reload(using:)`), and any collection of stages makes one.
    @Test func stagedChangesetIsRangeReplaceable() throws {
        let empty = StagedChangeset<[Int]>()
        #expect(empty.isEmpty && empty == [] && !empty.reloadsEverything)
        #expect(try StagedChangeset(source: [Int](), target: []) == StagedChangeset())

        let changeset = try StagedChangeset(source: [1, 2, 3, 4], target: [5, 4, 1, 3])
        #expect(changeset.count == 2)
        var rebuilt = StagedChangeset<[Int]>()
        for stage in changeset { rebuilt.append(stage) }
        #expect(rebuilt == changeset)
        rebuilt.removeLast()
        #expect(Array(rebuilt) == [changeset[0]])
        rebuilt.append(contentsOf: changeset.dropFirst())
        #expect(rebuilt == changeset)
        rebuilt.insert(Changeset(data: [1, 2, 3, 4], elementUpdated: [ElementPath(element: 0, section: 0)]), at: 0)
        #expect(rebuilt.count == 3 && rebuilt.first?.elementUpdated == [ElementPath(element: 0, section: 0)])

        let moves: StagedChangeset<[Int]> = changeset.filter { !$0.elementMoved.isEmpty }
        #expect(moves.count == 1 && moves[0].data == [5, 4, 1, 3])
        #expect(StagedChangeset(changeset.prefix(1)) == [changeset[0]])
        #expect(StagedChangeset(ContiguousArray(changeset)) == changeset)

        // Replacing stages keeps the flags; making a changeset anew does not.
        var plan = StagedChangeset([Changeset(data: [1])], reloadsEverything: true)
        plan.append(Changeset(data: [2]))
        #expect(plan.reloadsEverything && plan.count == 2)
        #expect(!plan.filter { _ in true }.reloadsEverything)
        // removeAll is a replacement too, with or without the capacity kept.
        var cut = StagedChangeset([Changeset(data: [1])], reloadsEverything: true, isMinimal: false)
        var cutKeepingCapacity = cut
        cut.removeAll()
        cutKeepingCapacity.removeAll(keepingCapacity: true)
        #expect(cut.isEmpty && cut.reloadsEverything && !cut.isMinimal)
        #expect(cut == cutKeepingCapacity)
        #expect(StagedChangeset(changeset.prefix(1)) + changeset.suffix(1) == changeset)
    }

    /// The migration guide says to delete `extension Int: Differentiable {}`
    /// and its like because BoxDiff already conforms "the integer types":
    /// every one of them diffs with no conformance of the caller's own.
    @Test func everyIntegerTypeIsDifferentiable() throws {
        func moves<T: Differentiable>(_ source: [T], _ target: [T]) throws -> [Move<ElementPath>] {
            try StagedChangeset(source: source, target: target).flatMap(\.elementMoved)
        }
        let expected = [Move(source: ElementPath(element: 2, section: 0), target: ElementPath(element: 0, section: 0))]
        #expect(try moves([Int8(1), 2, -3], [-3, 1, 2]) == expected)
        #expect(try moves([Int16(1), 2, -3], [-3, 1, 2]) == expected)
        #expect(try moves([Int32(1), 2, -3], [-3, 1, 2]) == expected)
        #expect(try moves([Int64(1), 2, -3], [-3, 1, 2]) == expected)
        #expect(try moves([1, 2, -3], [-3, 1, 2]) == expected)
        #expect(try moves([UInt8(1), 2, 255], [255, 1, 2]) == expected)
        #expect(try moves([UInt16(1), 2, 3], [3, 1, 2]) == expected)
        #expect(try moves([UInt32(1), 2, 3], [3, 1, 2]) == expected)
        #expect(try moves([UInt64(1), 2, 3], [3, 1, 2]) == expected)
        #expect(try moves([UInt(1), 2, 3], [3, 1, 2]) == expected)
    }

    /// DifferenceKit's `ElementPath` and `StagedChangeset` are
    /// `CustomDebugStringConvertible`, as its `Changeset` is: logging code
    /// reads `.debugDescription` off each. A path keeps its `[section, row]`
    /// form (so lists of paths print as before); a staged changeset lists
    /// its stages' labelled forms.
    @Test func pathsAndStagedChangesetsHaveDebugDescriptions() throws {
        let path = ElementPath(element: 3, section: 1)
        #expect(path.debugDescription == "[1, 3]")
        #expect(String(reflecting: [path]) == "[[1, 3]]")
        let changeset = try StagedChangeset(source: [1, 2, 3], target: [3, 1])
        #expect(
            changeset.debugDescription
                == "StagedChangeset([Changeset(elementDeleted: [[0, 1]]), "
                + "Changeset(elementMoved: [[0, 1] -> [0, 0]])])")
        #expect(StagedChangeset<[Int]>().debugDescription == "StagedChangeset([])")
        let reload = StagedChangeset([Changeset(data: [1])], reloadsEverything: true)
        #expect(reload.debugDescription == "StagedChangeset([Changeset()], reloadsEverything: true)")
    }
}

// DifferenceKit's extensions on its types name the generic parameter
// `Collection`; BoxDiff's is `Data` (the migration guide's mapping).
extension StagedChangeset where Data == [Int] {
    fileprivate var finalInts: [Int]? { last?.data }
}

extension Changeset where Data: Collection, Data.Element == Int {
    fileprivate var intCount: Int { data.count }
}

@Test func extensionsNameTheGenericParameterData() throws {
    let changeset = try StagedChangeset(source: [1, 2, 3], target: [3, 1])
    #expect(changeset.finalInts == [3, 1])
    #expect(changeset.map(\.intCount) == [2, 2])
}

/// A DifferenceKit-style generic helper: `C: Collection` is implied by
/// DifferenceKit's `StagedChangeset<Collection: Swift.Collection>` and
/// written out here.
private func stageSizes<C>(_ changeset: StagedChangeset<C>) -> [Int] where C: Collection {
    changeset.map { $0.data.count }
}

@Test func genericHelpersConstrainTheDataToCollection() throws {
    #expect(stageSizes(try StagedChangeset(source: [1, 2, 3], target: [3, 1])) == [2, 2])
}
