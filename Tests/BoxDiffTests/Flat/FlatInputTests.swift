import BoxDiff
import BoxDiffTestSupport
import BoxDiffValidation
import Foundation
import Testing

/// Identifiable only: `differenceIdentifier` comes from `id`.
struct IdentifiedRow: Identifiable, Differentiable {
    var id: Int
    var title: String
    func isContentEqual(to source: IdentifiedRow) -> Bool { title == source.title }
}

/// Hashable and Identifiable: `id` is the identity, `==` the content.
struct HashableIdentifiedRow: Hashable, Identifiable, Differentiable {
    var id: String
    var title: String
}

@Suite("Flat API: inputs")
struct FlatInputTests {
    /// A `ContiguousArray` diff keeps its type and gives the array diff's calls.
    @Test func contiguousArrayKeepsItsType() throws {
        let old: ContiguousArray = [Item(id: 1), Item(id: 2), Item(id: 3)]
        let new: ContiguousArray = [Item(id: 3), Item(id: 1, text: "x"), Item(id: 4)]
        let c = try StagedChangeset(source: old, target: new)
        #expect(type(of: c) == StagedChangeset<ContiguousArray<Item>>.self)
        let reference = try StagedChangeset(source: Array(old), target: Array(new))
        #expect(c.map(\.batchUpdate) == reference.map(\.batchUpdate))
        #expect(c.map { Array($0.data) } == reference.map(\.data))
        #expect(c.last?.data == new)
        #expect(c.violations(from: old).isEmpty)
        // Asked for as arrays, any collection gives arrays.
        let asArrays: StagedChangeset<[Item]> = try StagedChangeset(source: old, target: new)
        #expect(asArrays == reference)
    }

    /// An `ArraySlice` with indices not starting at 0: paths are offsets
    /// from the slice's start, and the stages' data are slices from 0.
    @Test func arraySliceCountsFromItsStart() throws {
        let all = (0..<20).map { Item(id: $0) }
        let old = all[5..<10]  // ids 5...9, indices 5..<10
        let new = all[7..<12]  // ids 7...11
        let c = try StagedChangeset(source: old, target: new).validated(from: old)
        #expect(type(of: c) == StagedChangeset<ArraySlice<Item>>.self)
        #expect(c.flatMap(\.elementDeleted) == [0, 1].map { ElementPath(section: 0, row: $0) })
        #expect(c.flatMap(\.elementInserted) == [3, 4].map { ElementPath(section: 0, row: $0) })
        #expect(c.last.map { Array($0.data) } == Array(new))
        #expect(c.last?.data.startIndex == 0)
        let replayed = try FlatReplay.replay(
            StagedChangeset(c.stages.map { Changeset(data: Array($0.data), batchUpdate: $0.batchUpdate) }),
            from: Array(old))
        #expect(replayed == Array(new))
    }

    /// Options pass through the collection initializers.
    @Test func collectionsHonourOptions() throws {
        var options = DiffOptions()
        options.mode = .singleBatch
        options.updateStyle = .reconfigure
        let old: ContiguousArray = [Item(id: 1), Item(id: 2)]
        let new: ContiguousArray = [Item(id: 2, text: "x"), Item(id: 1)]
        let c = try StagedChangeset(source: old, target: new, options: options).validated(from: old)
        #expect(c.count == 1)
        #expect(c[0].elementReconfigured == [ElementPath(section: 0, row: 0)])
    }

    /// A collection that cannot be rebuilt (a range) gives array data.
    @Test func rangesGiveArrays() throws {
        let c = try StagedChangeset(source: 0..<4, target: 1..<6)
        #expect(type(of: c) == StagedChangeset<[Int]>.self)
        #expect(c.flatMap(\.elementDeleted) == [ElementPath(section: 0, row: 0)])
        #expect(c.flatMap(\.elementInserted).map(\.row) == [3, 4])
        #expect(try FlatReplay.replay(c, from: Array(0..<4)) == Array(1..<6))
    }

    /// UUIDs are Differentiable: their own identity.
    @Test func uuidsDiff() throws {
        let ids = (0..<4).map { _ in UUID() }
        let uuid = ids[0]
        #expect(uuid.differenceIdentifier == uuid)
        #expect(uuid.isContentEqual(to: uuid))
        let new = [ids[3], ids[0], ids[2]]
        let c = try StagedChangeset(source: ids, target: new).validated(from: ids)
        #expect(try FlatReplay.replay(c, from: ids) == new)
        #expect(c.flatMap(\.elementDeleted) == [ElementPath(section: 0, row: 1)])
    }

    /// An Identifiable type's identity is its `id`.
    @Test func identifiableUsesID() throws {
        let row = IdentifiedRow(id: 7, title: "a")
        #expect(row.differenceIdentifier == 7)
        let old = [IdentifiedRow(id: 1, title: "a"), IdentifiedRow(id: 2, title: "b")]
        let new = [IdentifiedRow(id: 2, title: "b"), IdentifiedRow(id: 1, title: "A")]
        let c = try StagedChangeset(source: old, target: new).validated(from: old)
        #expect(c.flatMap(\.elementUpdated) == [ElementPath(section: 0, row: 0)])
        #expect(c.flatMap(\.elementDeleted).isEmpty && c.flatMap(\.elementInserted).isEmpty)
    }

    /// Hashable and Identifiable: `id` is the identity (not the whole
    /// value), so a changed title is an update, not a delete plus insert.
    @Test func hashableAndIdentifiableUsesID() throws {
        let row = HashableIdentifiedRow(id: "k", title: "a")
        let identifier: String = row.differenceIdentifier
        #expect(identifier == "k")
        #expect(!row.isContentEqual(to: HashableIdentifiedRow(id: "k", title: "b")))
        let old = [HashableIdentifiedRow(id: "a", title: "1"), HashableIdentifiedRow(id: "b", title: "2")]
        let new = [HashableIdentifiedRow(id: "a", title: "1"), HashableIdentifiedRow(id: "b", title: "two")]
        let c = try StagedChangeset(source: old, target: new).validated(from: old)
        #expect(c.count == 1)
        #expect(c[0].elementUpdated == [ElementPath(section: 0, row: 1)])
        #expect(c[0].elementDeleted.isEmpty && c[0].elementInserted.isEmpty)
    }
}
