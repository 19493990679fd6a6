import BoxDiffTestSupport
import BoxDiffValidation
import Testing

@testable import BoxDiff

typealias TBox = Box<String, Int>

func box(_ sections: (String, [Int])...) -> TBox {
    TBox(
        sections: sections.map {
            Section(id: $0.0, header: Component("h \($0.0)"), rows: $0.1.map { Node(id: $0, component: "r\($0)") })
        })
}

/// Diffs `old` to `new` and checks the changeset against UIKit's batch
/// rules (a fatal error naming the broken rule when it is invalid).
func validatedDiff<S, R>(
    _ old: Box<S, R>, _ new: Box<S, R>, _ options: DiffOptions = DiffOptions()
) throws -> StagedChangeset<Box<S, R>> {
    try StagedChangeset(source: old, target: new, options: options).validatedOrTrap(from: old)
}

@Suite("Box diff: known answers")
struct BoxKnownAnswerTests {
    @Test func identicalBoxesHaveNoStages() throws {
        let a = box(("a", [1, 2]), ("b", [3]))
        let c = try validatedDiff(a, a)
        #expect(c.isEmpty)
        #expect(!c.reloadsEverything)
    }

    @Test func oneRowMovedAcrossSectionsIsOneMove() throws {
        let old = box(("a", [1, 2, 3]), ("b", [4]))
        let new = box(("a", [1, 3]), ("b", [2, 4]))
        let c = try validatedDiff(old, new)
        #expect(c.count == 1)
        #expect(
            c[0].elementMoved == [
                Move(source: ElementPath(section: 0, row: 1), destination: ElementPath(section: 1, row: 0))
            ])
        #expect(c[0].elementInserted.isEmpty && c[0].elementDeleted.isEmpty)
        expectReplays(c, from: old, to: new)
    }

    @Test func lastToFirstIsOneMove() throws {
        let old = box(("a", Array(0..<10)))
        let new = box(("a", [9] + Array(0..<9)))
        let c = try validatedDiff(old, new)
        #expect(c.count == 1 && c[0].elementMoved.count == 1)
        let sections = try validatedDiff(
            box(("a", []), ("b", []), ("c", [])), box(("c", []), ("a", []), ("b", [])))
        #expect(sections.count == 1 && sections[0].sectionMoved == [Move(source: 2, destination: 0)])
    }

    @Test func fiveStagesInOrder() throws {
        var old = box(("a", [1, 2, 3]), ("gone", [4, 5]), ("b", [6]))
        var new = box(("b", [6, 4, 2]), ("new", [7, 5]), ("a", [3, 1, 8]))
        old.sections[0].rows[0].component = "old"  // row 1 updated
        new.sections[2].header = "A!"  // section a re-headed
        let c = try validatedDiff(old, new)
        try #require(c.count == 5)
        #expect(c[0].elementUpdated == [ElementPath(section: 0, row: 0)])
        #expect(c[1].sectionDeleted == [1])
        #expect(c[1].elementDeleted.isEmpty, "row 4 goes with its section, rows 2 and 3 are carried")
        #expect(c[2].sectionInserted == [1])
        #expect(
            c[2].data.sections[1].rows.map(\.id) == [7, 5],
            "the new section arrives with its rows not carried from a surviving section")
        #expect(c[2].sectionMoved.count == 1)
        #expect(Set(c[3].elementInserted) == [ElementPath(section: 0, row: 1), ElementPath(section: 2, row: 2)])
        #expect(c[3].elementMoved.count == 2, "row 2 across, one of 1 and 3 within")
        #expect(c[4].sectionUpdated == [2])
        #expect(c[4].data == new)
        expectReplays(c, from: old, to: new)
    }

    @Test func singleBatchRewrites() throws {
        var old = box(("b", [6]), ("gone", [4, 5]), ("a", [1, 2, 3]))
        var new = box(("b", [6, 4]), ("new", [7, 5]), ("a", [3, 1, 8]))
        old.sections[2].rows[0].component = "old"
        new.sections[2].header = "A!"
        var options = DiffOptions()
        options.mode = .singleBatch
        let c = try validatedDiff(old, new, options)
        try #require(c.count == 1)
        #expect(c[0].data == new)
        expectReplays(c, from: old, to: new)
        // Section "a" is re-headed and has row changes: deleted and inserted.
        #expect(c[0].sectionDeleted == [1, 2] && c[0].sectionInserted == [1, 2])
        // Row 4 moves out of a deleted section: an insert; nothing else is listed.
        #expect(c[0].elementInserted == [ElementPath(section: 0, row: 1)])
        #expect(c[0].elementMoved.isEmpty && c[0].elementDeleted.isEmpty && c[0].elementUpdated.isEmpty)
    }

    @Test func movedAndUpdatedRowInSingleBatch() throws {
        let old = box(("a", [1, 2, 3]))
        var new = box(("a", [3, 1, 2]))
        new.sections[0].rows[0].component = "changed"
        var options = DiffOptions()
        options.mode = .singleBatch
        let c = try validatedDiff(old, new, options)
        #expect(c[0].elementDeleted == [ElementPath(section: 0, row: 2)])
        #expect(c[0].elementInserted == [ElementPath(section: 0, row: 0)])
        #expect(c[0].elementMoved.isEmpty)
        options.updateStyle = .reconfigure
        let r = try validatedDiff(old, new, options)
        #expect(r[0].elementMoved.count == 1)
        #expect(r[0].elementReconfigured == [ElementPath(section: 0, row: 0)])
        expectReplays(r, from: old, to: new)
    }

    @Test func reconfigureComesAfterTheStructuralStages() throws {
        var old = box(("a", [1, 2, 3]), ("b", [4]))
        let new = box(("b", [4, 2]), ("a", [3, 1]))
        old.sections[0].rows[1].component = "old"
        var options = DiffOptions()
        options.updateStyle = .reconfigure
        let c = try validatedDiff(old, new, options)
        #expect(c.allSatisfy { $0.elementUpdated.isEmpty })
        let last = try #require(c.last)
        #expect(last.elementReconfigured == [ElementPath(section: 0, row: 1)])
        #expect(!last.batchUpdate.hasStructuralChanges)
        expectReplays(c, from: old, to: new)
    }

    @Test func reloadThreshold() throws {
        let old = box(("a", Array(0..<10)))
        let new = box(("a", Array(5..<20)))
        var options = DiffOptions()
        options.reloadThreshold = 5
        let c = try validatedDiff(old, new, options)
        #expect(c.reloadsEverything)
        #expect(c.count == 1 && !c[0].hasChanges && c[0].data == new)
        #expect(c.applied(to: old) == new)
        #expect(c.batchSteps().isEmpty)
        options.reloadThreshold = 1000
        #expect(try !validatedDiff(old, new, options).reloadsEverything)
    }

    @Test func incomparableComponentsAlwaysUpdate() throws {
        let make = {
            TBox(sections: [
                Section(
                    id: "a", header: Component(incomparable: 1),
                    rows: [Node(id: 1, component: Component(incomparable: 2)), Node(id: 2, component: "x")])
            ])
        }
        let old = make()
        let new = make()
        let c = try validatedDiff(old, new)
        // The row is re-bound (reconfigured), the section reloaded.
        #expect(c.count == 2)
        #expect(c[0].elementReconfigured == [ElementPath(section: 0, row: 0)])
        #expect(c.flatMap(\.elementUpdated).isEmpty)
        #expect(c[1].sectionUpdated == [0])
        expectReplays(c, from: old, to: new)
    }

    @Test func rejectPolicyNamesTheDuplicate() throws {
        var options = DiffOptions()
        options.duplicates = .reject
        let ok = box(("a", [1]))
        #expect(
            throws: DiffError.duplicateIdentifier(
                "3", side: .new, location: .row(ElementPath(section: 2, row: 0)),
                firstLocation: .row(ElementPath(section: 0, row: 1)))
        ) {
            try StagedChangeset(source: ok, target: box(("a", [1, 3]), ("b", []), ("c", [3])), options: options)
        }
        #expect(
            throws: DiffError.duplicateIdentifier(
                "\"a\"", side: .old, location: .section(2), firstLocation: .section(0))
        ) {
            try StagedChangeset(source: box(("a", []), ("b", []), ("a", [])), target: ok, options: options)
        }
    }

    @Test func duplicatesPairInOrder() throws {
        let old = box(("a", [1, 1, 2]), ("a", [1]))
        let new = box(("a", [1, 2]), ("a", [1, 1]))
        for mode in BatchMode.allCases {
            var options = DiffOptions()
            options.mode = mode
            expectReplays(try StagedChangeset(source: old, target: new, options: options), from: old, to: new)
        }
    }

    @Test func collidingHashesNeverPairDifferentIDs() throws {
        // Two different ids with the same `hashValue`.
        struct Colliding: Hashable, Sendable {
            var value: Int
            func hash(into hasher: inout Hasher) { hasher.combine(0) }
        }
        typealias CBox = Box<Int, Colliding>
        let old = CBox(sections: [Section(id: 0, rows: [Node(id: Colliding(value: 1), component: 1)])])
        let new = CBox(sections: [Section(id: 0, rows: [Node(id: Colliding(value: 2), component: 1)])])
        let c = try validatedDiff(old, new)
        #expect(c.count == 2)
        #expect(c.applied(to: old) == new)
        // Several new sections (each old section's ids compared in place
        // with its partner section's).
        let old2 = CBox(sections: [
            Section(id: 0, rows: [Node(id: Colliding(value: 1), component: 1)]),
            Section(id: 1, rows: [Node(id: Colliding(value: 3), component: 1)]),
        ])
        let new2 = CBox(sections: [
            Section(id: 0, rows: [Node(id: Colliding(value: 3), component: 1)]),
            Section(id: 1, rows: [Node(id: Colliding(value: 2), component: 1)]),
        ])
        let c2 = try validatedDiff(old2, new2)
        #expect(c2.applied(to: old2) == new2)
        #expect(c2.flatMap(\.elementMoved).count == 1)
        #expect(c2.flatMap(\.elementDeleted).count == 1 && c2.flatMap(\.elementInserted).count == 1)
        // A colliding partner in another new section than the rest of its
        // old section's (read by its path, not with the section in place):
        // 20 and 21 share a hash, the other ids do not.
        struct Grouped: Hashable, Sendable {
            var value: Int
            func hash(into hasher: inout Hasher) { hasher.combine(value / 10) }
        }
        typealias GBox = Box<Int, Grouped>
        func node(_ value: Int) -> Node<Grouped> { Node(id: Grouped(value: value), component: 1) }
        let old3 = GBox(sections: [Section(id: 0, rows: [node(1), node(20)]), Section(id: 1, rows: [node(30)])])
        let new3 = GBox(sections: [Section(id: 0, rows: [node(1)]), Section(id: 1, rows: [node(30), node(21)])])
        let c3 = try validatedDiff(old3, new3)
        #expect(c3.applied(to: old3) == new3)
        #expect(c3.flatMap(\.elementMoved).isEmpty)
        #expect(c3.flatMap(\.elementDeleted) == [ElementPath(section: 0, row: 1)])
        #expect(c3.flatMap(\.elementInserted) == [ElementPath(section: 1, row: 1)])
    }

    @Test func cachedTablesGiveTheSameChangeset() throws {
        let old = box(("a", [1, 2, 3]), ("b", [4, 5]))
        let new = box(("b", [5, 4, 1]), ("c", [9]), ("a", [3]))
        let fresh = try StagedChangeset(source: TBox(sections: old.sections), target: TBox(sections: new.sections))
        _ = old.identityTable
        _ = new.identityTable
        let cached = try StagedChangeset(source: old, target: new)
        #expect(cached == fresh)
    }
}
