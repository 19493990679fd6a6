import Testing

@testable import BoxDiff

/// The intermediate stages of a sectioned diff (DifferenceKit's call over
/// `ArraySection`s) hand a section whose elements are its target section's,
/// in order, the target's own array instead of a copy; a section with its
/// own changes gets its own elements, as before.
@Suite("Sectioned stages: elements shared with the target")
struct SectionedStageSharingTests {
    private struct Row: Differentiable, Equatable {
        var id: Int
        var text: String
        var differenceIdentifier: Int { id }
        func isContentEqual(to source: Row) -> Bool { text == source.text }
    }

    private typealias Sections = [ArraySection<String, Row>]

    /// Sections `a` to `e` of rows 0..<4, 4..<8, and so on; `change` edits
    /// the rows' ids (per section) and texts (by id).
    private func sections(changing change: (inout [[Int]], inout [Int: String]) -> Void = { _, _ in }) -> Sections {
        var rows = (0..<5).map { Array($0 * 4..<($0 + 1) * 4) }
        var text: [Int: String] = [:]
        change(&rows, &text)
        return zip(["a", "b", "c", "d", "e"], rows).map { model, ids in
            ArraySection(model: model, elements: ids.map { Row(id: $0, text: text[$0] ?? "row \($0)") })
        }
    }

    /// Whether two element arrays are one storage.
    private func sameStorage(_ a: [Row], _ b: [Row]) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    /// An update in `a`, a delete in `b`, an insert in `c`: in stages 1
    /// and 2 `a` (updated, reloaded), `d` and `e` (untouched) hold the
    /// target's arrays; `b` holds a copy showing its deleted row in stage
    /// 1 and the target's array in stage 2 (its survivors in order); `c`,
    /// whose insert comes in stage 4, holds a copy in both.
    @Test func untouchedAndReloadedSectionsShareTheTargetsElements() throws {
        let old = sections()
        let new = sections { rows, text in
            text[1] = "changed"
            rows[1].removeAll { $0 == 5 }
            rows[2].insert(99, at: 2)
        }
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(changeset.count == 3)
        for (index, stage) in changeset.dropLast().enumerated() {
            let data = stage.data
            #expect(data.map(\.model) == ["a", "b", "c", "d", "e"])
            for s in [0, 3, 4] {
                #expect(data[s].elements == new[s].elements, "stage \(index) section \(s)")
                #expect(sameStorage(data[s].elements, new[s].elements), "stage \(index) section \(s)")
            }
            #expect(sameStorage(data[1].elements, new[1].elements) == (index == 1), "stage \(index)")
            #expect(data[2].elements.map(\.id) == [8, 9, 10, 11])
            #expect(!sameStorage(data[2].elements, new[2].elements), "stage \(index)")
        }
        #expect(changeset[0].data[1].elements.map(\.id) == [4, 5, 6, 7])
        #expect(changeset.last?.data == new)
    }

    /// With reconfigures, an updated row shows its old value until its
    /// reconfigure: its section is a copy in the stages before, and the
    /// sections around it are still shared.
    @Test func reconfiguredRowsKeepTheirSectionsOwnCopy() throws {
        let old = sections()
        let new = sections { rows, text in
            text[13] = "changed"
            rows[0].removeAll { $0 == 2 }
            rows[4].swapAt(0, 3)
        }
        var options = DiffOptions()
        options.updateStyle = .reconfigure
        let changeset = try StagedChangeset(source: old, target: new, options: options)
        #expect(changeset.count == 3)
        for stage in changeset.dropLast() {
            let data = stage.data
            #expect(data[3].elements.map(\.text) == ["row 12", "row 13", "row 14", "row 15"])
            #expect(!sameStorage(data[3].elements, new[3].elements))
            #expect(sameStorage(data[1].elements, new[1].elements))
            #expect(sameStorage(data[2].elements, new[2].elements))
        }
        #expect(changeset.last?.data == new)
    }

    /// A section inserted with new rows only (and a row moved in `a`, so
    /// stage 3 is not the last): stage 3 holds the target's array of the
    /// new section; one that also takes a row moved from `b` gets a copy of
    /// its arriving rows only (the moved row comes in stage 4).
    @Test func insertedSectionSharesTheTargetsElements() throws {
        for takesMovedRow in [false, true] {
            let old = sections()
            var new = sections { rows, _ in
                rows[0].swapAt(0, 3)
                if takesMovedRow { rows[1].removeAll { $0 == 6 } }
            }
            new.append(
                ArraySection(
                    model: "f",
                    elements: (takesMovedRow ? [20, 6, 21] : [20, 21]).map { Row(id: $0, text: "row \($0)") }))
            let changeset = try StagedChangeset(source: old, target: new)
            let insert = try #require(changeset.first { !$0.sectionInserted.isEmpty })
            #expect(insert.sectionInserted == [5])
            let arrived = insert.data[5].elements
            #expect(arrived.map(\.id) == [20, 21])
            #expect(sameStorage(arrived, new[5].elements) == !takesMovedRow)
            #expect(changeset.last?.data == new)
        }
    }
}
