import Testing

@testable import BoxDiff

/// The intermediate Boxes hold the target's rows, instead of a copy, for a
/// section whose surviving rows are the target's in order
/// (`BoxStagedPlan.survivorsAreTargetRows`), and the last stage's data is
/// the target itself; everywhere else they hold their own rows.
@Suite("Intermediate Boxes: rows shared with the target")
struct StageSharingTests {
    /// Sections `a`, `b`, `c` of rows 0..<5, 5..<10, 10..<15, each row's
    /// component its id.
    private func box(changing change: (inout [[Int]], inout [Int: String]) -> Void) -> Box<String, Int> {
        var rows = [Array(0..<5), Array(5..<10), Array(10..<15)]
        var text: [Int: String] = [:]
        change(&rows, &text)
        return Box(
            sections: zip(["a", "b", "c"], rows).map { id, rows in
                Section(id: id, rows: rows.map { Node(id: $0, component: Component(text[$0] ?? "row \($0)")) })
            })
    }

    /// Whether two row arrays are one storage.
    private func sameStorage(_ a: [Node<Int>], _ b: [Node<Int>]) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    /// The Box before the change.
    private var old: Box<String, Int> { box { _, _ in } }

    /// One update in `a`, one delete in `b`: stage 1 holds the target's
    /// rows of `a` (only updated there), and so does stage 2; `b` gets its
    /// own rows in stage 2, holding the deleted row in stage 1.
    @Test func updatedSectionHoldsTheTargetsRows() throws {
        let new = box { rows, text in
            text[2] = "changed"
            rows[1].removeAll { $0 == 7 }
        }
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(changeset.count == 2)
        let (updates, deletes) = (changeset[0].data, changeset[1].data)
        #expect(changeset[0].elementUpdated == [ElementPath(section: 0, row: 2)])
        #expect(updates.sections[0].rows == new.sections[0].rows)
        #expect(sameStorage(updates.sections[0].rows, new.sections[0].rows))
        #expect(updates.sections[1].rows == old.sections[1].rows)
        #expect(deletes == new)
    }

    /// A delete and an update in `b`, and an insert in `c`: stage 2's `b`
    /// is the target's `b` (its survivors in order), stage 1's `b` a
    /// patched copy; `c` (insert) is left to stage 4.
    @Test func sectionWithDeletesHoldsTheTargetsRowsAfterThem() throws {
        let new = box { rows, text in
            text[8] = "changed"
            rows[1].removeAll { $0 == 6 }
            rows[2].insert(99, at: 1)
        }
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(changeset.count == 3)
        let stage1 = changeset[0].data.sections[1].rows
        #expect(stage1.map(\.id) == Array(5..<10))
        #expect(stage1[3].component == Component("changed"))
        #expect(!sameStorage(stage1, new.sections[1].rows))
        let stage2 = changeset[1].data
        #expect(sameStorage(stage2.sections[1].rows, new.sections[1].rows))
        #expect(stage2.sections[2].rows == old.sections[2].rows)
        #expect(changeset[2].data == new)
    }

    /// A row moved within `a` and a row deleted from it: stage 2's `a` is
    /// its own copy, in the old order.
    @Test func movedRowsKeepTheirOwnCopy() throws {
        let new = box { rows, _ in
            rows[0] = [0, 3, 1, 2]
        }
        let changeset = try StagedChangeset(source: old, target: new)
        let deletes = try #require(changeset.first { !$0.elementDeleted.isEmpty })
        #expect(deletes.data.sections[0].rows.map(\.id) == [0, 1, 2, 3])
        #expect(!sameStorage(deletes.data.sections[0].rows, new.sections[0].rows))
    }

    /// With reconfigures, an updated row shows its old node until the
    /// reconfigure stage: the deletes' section is not the target's.
    @Test func reconfiguredRowsKeepTheirOldNode() throws {
        let new = box { rows, text in
            text[8] = "changed"
            rows[1].removeAll { $0 == 6 }
        }
        var options = DiffOptions()
        options.updateStyle = .reconfigure
        let changeset = try StagedChangeset(source: old, target: new, options: options)
        #expect(changeset.count == 2)
        let deletes = changeset[0].data.sections[1].rows
        #expect(deletes.map(\.id) == [5, 7, 8, 9])
        #expect(deletes[2].component == Component("row 8"))
        #expect(changeset[1].elementReconfigured == [ElementPath(section: 1, row: 2)])
        #expect(changeset[1].data == new)
    }

    /// A reconfigured row in a later section leaves an earlier section's
    /// deletes stage holding the target's rows: only a reconfigure in the
    /// section itself (its row shows the old node until stage 5) asks for
    /// a copy. (Found by mutation testing: `hasPath` reporting a path in
    /// any section at or after the one asked about passed every test.)
    @Test func reconfigureInALaterSectionLeavesTheRowsShared() throws {
        let new = box { rows, text in
            rows[0].removeAll { $0 == 1 }
            text[12] = "changed"
        }
        var options = DiffOptions()
        options.updateStyle = .reconfigure
        let changeset = try StagedChangeset(source: old, target: new, options: options)
        #expect(changeset.count == 2)
        let deletes = changeset[0].data
        #expect(changeset[0].elementDeleted == [ElementPath(section: 0, row: 1)])
        #expect(deletes.sections[0].rows == new.sections[0].rows)
        #expect(sameStorage(deletes.sections[0].rows, new.sections[0].rows))
        #expect(deletes.sections[2].rows[2].component == Component("row 12"))
        #expect(changeset[1].elementReconfigured == [ElementPath(section: 2, row: 2)])
        #expect(changeset[1].data == new)
    }

    /// A section inserted with new rows only (and a row inserted into `a`,
    /// so stage 3 is not the last): stage 3 holds the target's rows of the
    /// new section; one that also takes a row moved from `b` gets a copy
    /// of its arriving rows only (the moved row comes in stage 4).
    @Test func insertedSectionHoldsTheTargetsRows() throws {
        for takesMovedRow in [false, true] {
            var new = box { rows, _ in
                rows[0].append(50)
                if takesMovedRow { rows[1].removeAll { $0 == 7 } }
            }
            new.sections.append(
                Section(
                    id: "d",
                    rows: (takesMovedRow ? [20, 7, 21] : [20, 21]).map {
                        Node(id: $0, component: Component("row \($0)"))
                    }))
            let changeset = try StagedChangeset(source: old, target: new)
            let insert = try #require(changeset.first { !$0.sectionInserted.isEmpty })
            #expect(insert.sectionInserted == [3])
            let arrived = insert.data.sections[3].rows
            #expect(arrived.map(\.id) == [20, 21])
            #expect(sameStorage(arrived, new.sections[3].rows) == !takesMovedRow)
            #expect(changeset.last?.data == new)
        }
    }

    /// One change of one kind: a single stage whose data is the target.
    @Test func singleStageIsTheTarget() throws {
        let changes: [(inout [[Int]], inout [Int: String]) -> Void] = [
            { _, text in text[3] = "changed" },
            { rows, _ in rows[2].removeAll { $0 == 12 } },
            { rows, _ in rows[0].append(42) },
        ]
        for change in changes {
            let new = box(changing: change)
            let changeset = try StagedChangeset(source: old, target: new)
            #expect(changeset.count == 1)
            #expect(changeset[0].data == new)
            #expect(sameStorage(changeset[0].data.sections[0].rows, new.sections[0].rows))
        }
    }
}
