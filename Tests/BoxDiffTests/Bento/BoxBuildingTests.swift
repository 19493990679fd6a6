import Foundation
import Testing

@testable import BoxDiff

/// Building a Box one row at a time is linear: the operators append in
/// place to a Box or section nobody else holds, and a Box alone with its
/// identity-table cache empties it in place instead of allocating one per
/// row. The cache is still filled once, shared by copies, and safe to
/// fill from many threads at once.
@Suite("Bento porting: building in place, lazy identity-table cache")
struct BoxBuildingTests {
    typealias B = Box<String, Int>

    /// The rows' buffer address, to tell an append in place from a copy.
    private func rowsAddress<S, R>(_ section: Section<S, R>) -> UnsafeRawPointer? {
        section.rows.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func operatorsAppendInPlaceAndKeepTheCacheObject() {
        var box = B.empty |-+ Section(id: "a")
        box.sections[0].rows.reserveCapacity(200)
        let rows = rowsAddress(box.sections[0])
        weak let cache = box.cache.storage  // weak: does not make it shared
        for i in 0..<100 {
            box = (consume box) |---+ i <> "row \(i)"
        }
        #expect(box.rowCount == 100)
        #expect(rowsAddress(box.sections[0]) == rows, "no copy of the rows")
        #expect(cache != nil && cache === box.cache.storage, "no new cache per append")
        box.append(node: 100 <> "more")
        box = (consume box) |---* [101 <> "x", 102 <> "y"] |---? .iff(true) { 103 <> "z" }
        #expect(rowsAddress(box.sections[0]) == rows)
        #expect(cache === box.cache.storage)
    }

    @Test func sectionOperatorsAppendInPlace() {
        var section = Section<String, Int>(id: "s")
        section.rows.reserveCapacity(50)
        let rows = rowsAddress(section)
        for i in 0..<50 { section = (consume section) |---+ i <> i }
        #expect(rowsAddress(section) == rows)
        #expect(section.rows.map(\.id) == Array(0..<50))
    }

    @Test func aChainOfOperatorsMakesOneCache() {
        let box =
            B.empty |-+ Section(id: "a") |---+ 1 <> "one" |---+ 2 <> "two" |-+ Section(id: "b")
            |---+ 3 <> "three"
        #expect(!box.hasCachedIdentityTable)
        #expect(box.identityTable.rowIDs == [1, 2, 3])
        #expect(box.hasCachedIdentityTable)
    }

    @Test func mutatingAUniqueBoxEmptiesItsCacheInPlace() {
        var box = B.empty |-+ Section(id: "a") |---+ 1 <> "one"
        _ = box.identityTable
        weak let cache = box.cache.storage
        #expect(box.hasCachedIdentityTable)
        box.append(node: 2 <> "two")
        #expect(!box.hasCachedIdentityTable, "the table is dropped")
        #expect(cache === box.cache.storage, "the object is reused")
        #expect(box.identityTable.rowIDs == [1, 2])
    }

    @Test func mutatingASharedBoxLeavesTheCopysCache() {
        var box = B.empty |-+ Section(id: "a") |---+ 1 <> "one"
        let before = box  // shares the (empty) cache
        #expect(box.cache.isShared(with: before.cache))
        box.append(node: 2 <> "two")
        #expect(!box.cache.isShared(with: before.cache))
        // Filling one does not fill the other with the wrong table.
        #expect(box.identityTable.rowIDs == [1, 2])
        #expect(!before.hasCachedIdentityTable)
        #expect(before.identityTable.rowIDs == [1])
        #expect(box.identityTable.rowIDs == [1, 2])
    }

    /// A changeset's intermediate Boxes carry no cache object: their table
    /// is computed on request and not kept; mutated, such a Box takes a
    /// cache of its own, filled and kept as any Box's.
    @Test func intermediateBoxesKeepNoTableUntilMutated() throws {
        let old = B.empty |-+ Section(id: "a") |---+ 1 <> "one" |---+ 2 <> "two" |---+ 3 <> "three"
        let new = B.empty |-+ Section(id: "a") |---+ 3 <> "three" |---+ 1 <> "uno" |---+ 4 <> "four"
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(changeset.count >= 3)
        for stage in changeset.dropLast() {
            var box = stage.data
            #expect(box.cache.storage == nil)
            #expect(box.identityTable == IdentityTable(box))
            #expect(!box.hasCachedIdentityTable, "computed, not kept")
            box.append(node: 9 <> "nine")
            #expect(box.cache.storage != nil)
            #expect(box.identityTable == IdentityTable(box))
            #expect(box.hasCachedIdentityTable)
        }
        #expect(changeset.last?.data.cache.isShared(with: new.cache) == true, "the last stage's data is the target")
    }

    /// Many tasks ask for the table of one Box (and its copies) at once:
    /// all get the same table, and one is kept (run under
    /// `--sanitize=thread` by scripts/sanitize.sh).
    @Test func tableFilledFromManyThreadsAtOnce() async {
        for round in 0..<20 {
            var box = B.empty |-+ Section(id: "a")
            for i in 0..<(200 + round) { box.append(node: i <> "row \(i)") }
            let shared = box
            let tables = await withTaskGroup(of: IdentityTable.self) { group in
                for _ in 0..<8 { group.addTask { shared.identityTable } }
                var all: [IdentityTable] = []
                for await table in group { all.append(table) }
                return all
            }
            let expected = IdentityTable(box)
            #expect(tables.allSatisfy { $0 == expected })
            #expect(box.hasCachedIdentityTable)
            #expect(box.identityTable == expected)
        }
    }
}

/// Building 30,000 rows one `|---+` at a time; runs only with
/// BOXDIFF_TIMING=1 (a rough debug figure; the real measurement is a release
/// build).
@Suite("Bento porting: build timing", .enabled(if: ProcessInfo.processInfo.environment["BOXDIFF_TIMING"] == "1"))
struct BoxBuildTimingTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)  // ContinuousClock
    @Test func thirtyThousandRowsOneAtATime() {
        let clock = ContinuousClock()
        var box = Box<Int, Int>.empty |-+ Section(id: 0)
        let boxTime = clock.measure {
            for i in 0..<30_000 { box = box |---+ i <> "row \(i)" }
        }
        var section = Section<Int, Int>(id: 0)
        let sectionTime = clock.measure {
            for i in 0..<30_000 { section.append(node: i <> "row \(i)") }
        }
        #expect(box.rowCount == 30_000 && section.rows.count == 30_000)
        print("30,000 rows: box = box |---+ id <> c: \(boxTime); section.append(node:): \(sectionTime)")
    }
}
