// Bad input (issue #7): what a diff does with duplicate ids, colliding
// hashes, empty lists and sections, rows all moving into one section,
// incomparable components, and sizes past the core's 32-bit indices.
// Every changeset produced here is replayed (FlatReplay / BoxReplay) and
// checked against UIKit's batch rules (`violations(from:)`). The C-level
// cases (NULL with a count, counts past UINT32_MAX, allocation failures)
// are in Tests/CTests/test_core.c.

import BoxDiffTestSupport
import BoxDiffValidation
import CBoxDiff
import Testing

@testable import BoxDiff

private typealias BBox = Box<String, Int>

/// A Box of sections `(id, [(row id, content)])`, each section headed by
/// its id.
private func bbox(_ sections: (String, [(Int, String)])...) -> BBox {
    BBox(
        sections: sections.map { s in
            Section(id: s.0, header: Component("h \(s.0)"), rows: s.1.map { Node(id: $0.0, component: $0.1) })
        })
}

/// A Box of sections `(id, [row id])`; a row's content is `r<id>`.
private func ids(_ sections: (String, [Int])...) -> BBox {
    BBox(
        sections: sections.map { s in
            Section(id: s.0, header: Component("h \(s.0)"), rows: s.1.map { Node(id: $0, component: "r\($0)") })
        })
}

/// Diffs `old` into `new` and checks the changeset: no batch-rule
/// violation, stage-by-stage replay gives each stage's data and the target.
@discardableResult
private func diffChecked<S, R>(
    _ old: Box<S, R>, _ new: Box<S, R>, _ options: DiffOptions = DiffOptions(),
    workspace: DiffWorkspace? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws -> StagedChangeset<Box<S, R>> {
    let c = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
    expectReplays(c, from: old, to: new, "\(options)", sourceLocation: sourceLocation)
    return c
}

/// Diffs two flat arrays and replays the changeset.
@discardableResult
private func flatChecked<E: Differentiable>(
    _ old: [E], _ new: [E], _ options: DiffOptions = DiffOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> StagedChangeset<[E]> {
    let c = try StagedChangeset(source: old, target: new, options: options)
    let replayed = try FlatReplay.replay(c, from: old)
    #expect(
        FlatReplay.same(replayed, new), "\(options): \(old) → \(new) replayed as \(replayed)",
        sourceLocation: sourceLocation)
    return c
}

private func paths(_ c: StagedChangeset<BBox>, _ key: KeyPath<Changeset<BBox>, [ElementPath]>) -> [ElementPath] {
    c.flatMap { $0[keyPath: key] }
}

private func p(_ section: Int, _ row: Int) -> ElementPath { ElementPath(section: section, row: row) }

/// The thrown error of `body`, or `nil` when it returned.
private func thrownError(_ body: () throws -> Void) -> DiffError? {
    do {
        try body()
        return nil
    } catch {
        return error as? DiffError
    }
}

/// A flat element with an integer id and a content string.
private struct Row: Differentiable, Hashable, CustomStringConvertible {
    var id: Int
    var text: String = ""
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Row) -> Bool { text == source.text }
    var description: String { "\(id):\(text)" }
}

/// An identifier whose hash is the same for every value (and equal
/// `IdentityHashing` hashes, since it is not a type hashed by its bits).
private struct Clash: Hashable, Sendable, CustomStringConvertible {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
    var description: String { "Clash(\(value))" }
}

private struct ClashRow: Differentiable, Hashable {
    var id: Clash
    var text: String = ""
    var differenceIdentifier: Clash { id }
    func isContentEqual(to source: ClashRow) -> Bool { text == source.text }
}

/// A flat element that cannot be compared: its content always differs.
private struct Opaque: Differentiable {
    var id: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Opaque) -> Bool { false }
}

/// Replays a changeset of `Opaque` elements by their ids (FlatReplay
/// compares contents, which never match here).
private func replayIDs(_ c: StagedChangeset<[Opaque]>, from source: [Opaque]) throws -> [Int] {
    let byID = StagedChangeset<[Int]>(
        c.stages.map {
            Changeset(
                data: $0.data.map(\.id), elementDeleted: $0.elementDeleted, elementInserted: $0.elementInserted,
                elementUpdated: $0.elementUpdated, elementMoved: $0.elementMoved)
        }, isMinimal: c.isMinimal)
    return try FlatReplay.replay(byID, from: source.map(\.id))
}

@Suite("Bad input")
struct BadInputTests {
    // MARK: 1. Duplicate row ids

    /// `.pairInOrder`: the k-th old occurrence of a row id pairs with the
    /// k-th new one over the whole Box (section after section); surplus
    /// occurrences are deleted or inserted. Within one section and across
    /// sections.
    @Test func duplicateRowIDsPairInOrder() throws {
        // Old a:[1 first, 1 second, 2], new a:[2, 1 first]: the first 1
        // keeps its content (no update), the second is deleted.
        let old = bbox(("a", [(1, "first"), (1, "second"), (2, "x")]))
        let new = bbox(("a", [(2, "x"), (1, "first")]))
        let c = try diffChecked(old, new)
        #expect(paths(c, \.elementDeleted) == [p(0, 1)])
        #expect(paths(c, \.elementUpdated).isEmpty, "first pairs with first: same content")
        #expect(c.flatMap(\.elementMoved).count == 1)

        // Across sections: old a:[7 p], b:[7 q]; new a:[], b:[7 p]. The
        // first 7 (in a) pairs with the only new 7 (in b): a move across
        // sections without an update; the 7 of b is deleted.
        let old2 = bbox(("a", [(7, "p")]), ("b", [(7, "q")]))
        let new2 = bbox(("a", []), ("b", [(7, "p")]))
        let c2 = try diffChecked(old2, new2)
        #expect(paths(c2, \.elementDeleted) == [p(1, 0)])
        #expect(paths(c2, \.elementUpdated).isEmpty)
        #expect(c2.flatMap(\.elementMoved).map(\.destination) == [p(1, 0)])

        // Surplus new occurrences are inserts.
        // (Section b is new: its row arrives with it, not listed.)
        let c3 = try diffChecked(ids(("a", [5])), ids(("a", [5, 5]), ("b", [5])))
        #expect(paths(c3, \.elementInserted) == [p(0, 1)])
        #expect(c3.flatMap(\.sectionInserted) == [1])
        let c4 = try diffChecked(ids(("a", [5]), ("b", [])), ids(("a", [5, 5]), ("b", [5])))
        #expect(paths(c4, \.elementInserted) == [p(0, 1), p(1, 0)])

        // Every algorithm, mode and style replays; a Box full of one id
        // against itself has no changes.
        let dupes = ids(("a", [1, 1, 2, 1]), ("b", [2, 2]), ("c", [1]))
        let shuffled = ids(("c", [2, 1, 1]), ("a", [1, 2]), ("b", [1, 2, 2, 2]))
        for options in boxOptionGrid {
            try diffChecked(dupes, shuffled, options)
            try diffChecked(shuffled, dupes, options)
            let same = ids(("a", [4, 4, 4]), ("b", [4, 4]))
            #expect(try diffChecked(same, same, options).isEmpty, "\(options)")
        }
    }

    /// `.reject`: a repeated row id throws `duplicateIdentifier` with the
    /// id, the side, the row path of the second occurrence and of the
    /// first; old side before new; within and across sections; both
    /// algorithms and modes.
    @Test func duplicateRowIDsRejected() throws {
        let ok = ids(("a", [1, 2]))
        let withinSection = ids(("a", [1, 2, 3, 2]))
        let acrossSections = ids(("a", [1, 9]), ("b", []), ("c", [4, 9]))
        for algorithm in DiffAlgorithm.allCases {
            for mode in BatchMode.allCases {
                var options = DiffOptions(algorithm: algorithm, duplicates: .reject)
                options.mode = mode
                #expect(
                    throws: DiffError.duplicateIdentifier(
                        "2", side: .old, location: .row(p(0, 3)), firstLocation: .row(p(0, 1)))
                ) { try StagedChangeset(source: withinSection, target: ok, options: options) }
                #expect(
                    throws: DiffError.duplicateIdentifier(
                        "9", side: .new, location: .row(p(2, 1)), firstLocation: .row(p(0, 1)))
                ) { try StagedChangeset(source: ok, target: acrossSections, options: options) }
                // Both sides bad: the old side is reported.
                #expect(
                    throws: DiffError.duplicateIdentifier(
                        "2", side: .old, location: .row(p(0, 3)), firstLocation: .row(p(0, 1)))
                ) { try StagedChangeset(source: withinSection, target: acrossSections, options: options) }
                // Without duplicates the same options diff normally.
                try diffChecked(ok, ids(("a", [2, 1, 3])), options)
            }
        }
        // The description names the id and both places.
        let error = thrownError {
            _ = try StagedChangeset(
                source: ok, target: acrossSections, options: DiffOptions(algorithm: .heckel, duplicates: .reject))
        }
        #expect(
            error?.description == "BoxDiff: duplicate identifier 9 in the new data at row [2, 1] (first at row [0, 1])")
        // A workspace that saw the rejection is still usable.
        let workspace = try DiffWorkspace()
        let options = DiffOptions(algorithm: .heckel, duplicates: .reject)
        #expect(throws: DiffError.self) {
            try StagedChangeset(source: withinSection, target: ok, options: options, workspace: workspace)
        }
        try diffChecked(ok, ids(("a", [2, 1])), options, workspace: workspace)
    }

    // MARK: 2. Duplicate section ids

    /// `.pairInOrder`: sections with the same id pair in order of
    /// occurrence; surplus sections are deleted or inserted; rows are
    /// paired over the whole Box regardless.
    @Test func duplicateSectionIDsPairInOrder() throws {
        // Old a(h1), a(h2); new a(h1): the first a survives unchanged, the
        // second is deleted.
        var old = ids(("a", [1]), ("a", [2]))
        old.sections[1].header = "second header"
        let new = ids(("a", [1]))
        let c = try diffChecked(old, new)
        #expect(c.flatMap(\.sectionDeleted) == [1])
        #expect(c.flatMap(\.sectionUpdated).isEmpty, "first a pairs with first a: same header")
        #expect(c.flatMap(\.sectionInserted).isEmpty)

        // a, b, a → a, a, b: sections paired in order, so the first a
        // stays first and b moves after the second a.
        let c2 = try diffChecked(ids(("a", [1]), ("b", [2]), ("a", [3])), ids(("a", [1]), ("a", [3]), ("b", [2])))
        #expect(c2.flatMap(\.sectionMoved).count == 1)
        #expect(c2.flatMap(\.sectionInserted).isEmpty && c2.flatMap(\.sectionDeleted).isEmpty)

        // A surplus new section is inserted.
        let c3 = try diffChecked(ids(("a", [1])), ids(("a", [1]), ("a", [2])))
        #expect(c3.flatMap(\.sectionInserted) == [1])

        let dupes = ids(("a", [1, 2]), ("b", [3]), ("a", []), ("a", [4]))
        let shuffled = ids(("a", [4]), ("a", [2, 1]), ("b", []), ("b", [3]), ("c", []))
        for options in boxOptionGrid {
            try diffChecked(dupes, shuffled, options)
            try diffChecked(shuffled, dupes, options)
            #expect(try diffChecked(dupes, dupes, options).isEmpty, "\(options)")
        }
    }

    /// `.reject`: a repeated section id throws with `.section` locations.
    /// Sections are paired before rows, so a section duplicate is reported
    /// even when the other side (or this one) also repeats a row id.
    @Test func duplicateSectionIDsRejected() throws {
        let ok = ids(("a", [1]), ("b", [2]))
        for algorithm in DiffAlgorithm.allCases {
            for mode in BatchMode.allCases {
                var options = DiffOptions(algorithm: algorithm, duplicates: .reject)
                options.mode = mode
                #expect(
                    throws: DiffError.duplicateIdentifier(
                        "\"b\"", side: .old, location: .section(3), firstLocation: .section(1))
                ) {
                    try StagedChangeset(
                        source: ids(("a", []), ("b", []), ("c", []), ("b", [])), target: ok, options: options)
                }
                #expect(
                    throws: DiffError.duplicateIdentifier(
                        "\"a\"", side: .new, location: .section(1), firstLocation: .section(0))
                ) { try StagedChangeset(source: ok, target: ids(("a", []), ("a", [])), options: options) }
                // Old repeats a row, new repeats a section: the section.
                #expect(
                    throws: DiffError.duplicateIdentifier(
                        "\"a\"", side: .new, location: .section(1), firstLocation: .section(0))
                ) {
                    try StagedChangeset(
                        source: ids(("a", [1, 1])), target: ids(("a", []), ("a", [])), options: options)
                }
                // Empty sections with the same id are duplicates too.
                #expect(throws: DiffError.self) {
                    try StagedChangeset(source: ids(("x", []), ("x", [])), target: .empty, options: options)
                }
            }
        }
        let error = thrownError {
            _ = try StagedChangeset(
                source: ok, target: ids(("a", []), ("a", [])),
                options: DiffOptions(algorithm: .heckel, duplicates: .reject))
        }
        #expect(
            error?.description
                == "BoxDiff: duplicate identifier \"a\" in the new data at section 1 (first at section 0)")
    }

    // MARK: 3. Colliding hashes

    /// Flat API: ids with equal 64-bit hashes but different values are
    /// never paired (and never reported as duplicates under `.reject`);
    /// true duplicates among colliding ids are still paired in order or
    /// rejected.
    @Test(arguments: DiffAlgorithm.allCases)
    func collidingHashesFlat(_ algorithm: DiffAlgorithm) throws {
        #expect(IdentityHashing.hash(Clash(value: 1)) == IdentityHashing.hash(Clash(value: 2)))
        let r = { ClashRow(id: Clash(value: $0)) }
        let old = [r(1), r(2), r(3), r(4)]
        let new = [r(4), r(5), r(1), r(3)]
        for duplicates in DuplicatePolicy.allCases {
            let c = try flatChecked(old, new, DiffOptions(algorithm: algorithm, duplicates: duplicates))
            #expect(c.flatMap(\.elementDeleted).map(\.row) == [1], "Clash(2) deleted, not paired with Clash(5)")
            #expect(c.flatMap(\.elementInserted).map(\.row) == [1], "Clash(5) inserted")
            #expect(c.flatMap(\.elementUpdated).isEmpty)
        }
        // All different, all colliding: nothing pairs.
        let disjoint = try flatChecked([r(1), r(2)], [r(3), r(4)], DiffOptions(algorithm: algorithm))
        #expect(disjoint.flatMap(\.elementDeleted).count == 2 && disjoint.flatMap(\.elementInserted).count == 2)
        // Real duplicates among colliding ids: paired in order...
        let dup = try flatChecked([r(1), r(2), r(1)], [r(1), r(1)], DiffOptions(algorithm: algorithm))
        #expect(dup.flatMap(\.elementDeleted).map(\.row) == [1])
        // ...or rejected at the real repeat (index 2), not at the first
        // collision (index 1).
        #expect(
            throws: DiffError.duplicateIdentifier(
                "Clash(1)", side: .old, location: .index(2), firstLocation: .index(0))
        ) {
            try StagedChangeset(
                source: [r(1), r(2), r(1)], target: new, options: DiffOptions(algorithm: algorithm, duplicates: .reject)
            )
        }
    }

    /// Box API: colliding row ids and colliding section ids are never
    /// paired or merged; real duplicates among them are still handled.
    @Test func collidingHashesBox() throws {
        typealias CBox = Box<Clash, Clash>
        let c = { Clash(value: $0) }
        func box(_ sections: (Int, [Int])...) -> CBox {
            CBox(
                sections: sections.map { s in
                    Section(
                        id: c(s.0), header: Component("h\(s.0)"), rows: s.1.map { Node(id: c($0), component: "r\($0)") }
                    )
                })
        }
        let old = box((1, [1, 2, 3]), (2, [4]))
        let new = box((3, [3]), (1, [5, 1]), (2, [4, 2]))
        for options in boxOptionGrid {
            let changeset = try diffChecked(old, new, options)
            guard options.mode == .staged else { continue }
            // Section 3 is new: inserted, not paired with 1 or 2.
            #expect(changeset.flatMap(\.sectionInserted) == [0], "\(options)")
            #expect(changeset.flatMap(\.sectionDeleted).isEmpty, "\(options)")
            // Row 5 is new, nothing deleted; no row updated.
            #expect(changeset.flatMap(\.elementInserted) == [p(1, 0)], "\(options)")
            #expect(changeset.flatMap(\.elementDeleted).isEmpty, "\(options)")
            #expect(changeset.flatMap(\.elementUpdated).isEmpty, "\(options)")
        }
        // Nothing in common: every section replaced.
        let swapped = try diffChecked(box((1, [1])), box((2, [2])))
        #expect(swapped.flatMap(\.sectionDeleted) == [0] && swapped.flatMap(\.sectionInserted) == [0])
        // Different colliding ids are not duplicates under `.reject`...
        let reject = DiffOptions(algorithm: .heckel, duplicates: .reject)
        try diffChecked(old, new, reject)
        // ...but a real repeat is, at its real place.
        let error = thrownError {
            _ = try StagedChangeset(source: old, target: box((1, []), (2, []), (1, [])), options: reject)
        }
        #expect(
            error == .duplicateIdentifier("Clash(1)", side: .new, location: .section(2), firstLocation: .section(0)))
        let rowError = thrownError {
            _ = try StagedChangeset(source: box((1, [1, 2, 3, 2])), target: new, options: reject)
        }
        #expect(
            rowError
                == .duplicateIdentifier("Clash(2)", side: .old, location: .row(p(0, 3)), firstLocation: .row(p(0, 1))))
    }

    // MARK: 4, 5. NULL with a count, counts past 32-bit indices

    /// The Swift layer never passes NULL with a non-zero count: an empty
    /// array may have no base address, and the core accepts NULL with 0.
    @Test func emptyBuffersReachTheCoreAsNullWithZero() throws {
        let result = CoreResult()
        let empty = UnsafeBufferPointer<UInt64>(start: nil, count: 0)
        try CCore.diff(
            oldIDs: empty, oldContents: nil, newIDs: empty, newContents: empty, algorithm: .heckel,
            rejectDuplicates: true, lcsCostBound: 0, workspace: nil, into: result)
        #expect(result.oldCount == 0 && result.newCount == 0 && result.matchedCount == 0)
        let keep = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
        #expect(try CCore.markLIS(UnsafeBufferPointer(start: nil, count: 0), keep: keep, workspace: nil) == 0)
    }

    /// A count past the core's limit (here past `UInt32.max`, so a 32-bit
    /// truncation would wrap to a small count) is refused with `tooLarge`
    /// before anything is read or allocated: the buffers below hold one
    /// element and claim 2^32 + 1. The Swift layer maps it to
    /// `DiffError.tooLarge`. (A real array that large cannot be built in
    /// a test; `Pairing.pair` checks the counts before calling the core.)
    @Test func countsPastUInt32AreTooLarge() throws {
        var one: [UInt64] = [42]
        var flags: [UInt8] = [0]
        let huge = Int(truncatingIfNeeded: UInt32.max) + 2  // 2^32 + 1 (a 64-bit host)
        #expect(huge > CCore.maxCount)
        let workspace = try CoreWorkspace()
        let result = CoreResult()
        try one.withUnsafeMutableBufferPointer { ids in
            let fake = UnsafeBufferPointer(start: ids.baseAddress, count: huge)
            let small = UnsafeBufferPointer(start: ids.baseAddress, count: 1)
            for algorithm in DiffAlgorithm.allCases {
                for (old, new) in [(fake, small), (small, fake), (fake, fake)] {
                    for ws in [workspace, nil] {
                        let kind = CoreFailure.Kind.tooLarge(count: huge, limit: CCore.maxCount)
                        #expect(throws: CoreFailure(kind: kind, message: "input too large for 32-bit indices")) {
                            try CCore.diff(
                                oldIDs: old, oldContents: nil, newIDs: new, newContents: nil, algorithm: algorithm,
                                rejectDuplicates: false, lcsCostBound: 0, workspace: ws, into: result)
                        }
                        #expect(result.oldCount == 0 && result.newCount == 0)
                    }
                }
            }
            flags.withUnsafeMutableBufferPointer { keep in
                let fakeKeep = UnsafeMutableBufferPointer(start: keep.baseAddress, count: huge)
                ids.withMemoryRebound(to: UInt32.self) { values in
                    let fakeValues = UnsafeBufferPointer(start: values.baseAddress, count: huge)
                    let kind = CoreFailure.Kind.tooLarge(count: huge, limit: CCore.maxCount)
                    #expect(throws: CoreFailure(kind: kind, message: "input too large for 32-bit indices")) {
                        _ = try CCore.markLIS(fakeValues, keep: fakeKeep, workspace: workspace)
                    }
                }
            }
            // The same workspace and result still work.
            try CCore.diff(
                oldIDs: small, oldContents: nil, newIDs: small, newContents: nil, algorithm: .heckel,
                rejectDuplicates: false, lcsCostBound: 0, workspace: workspace, into: result)
            #expect(result.matchedCount == 1)
        }
        #expect(flags == [0], "nothing was written through the fake keep buffer")
        let error = Pairing.error(CoreFailure(kind: .tooLarge(count: huge, limit: CCore.maxCount), message: ""))
        guard case .tooLarge(let count, let limit) = error else {
            Issue.record("expected tooLarge, got \(error)")
            return
        }
        #expect(count == huge && limit == 4_294_967_280)
        #expect(
            DiffError.tooLarge(count: huge, limit: limit).description
                == "BoxDiff: 4294967297 elements is more than the limit of 4294967280")
    }

    /// LCS numbers the distinct ids of both lists together in 32 bits: two
    /// lists each within the per-list limit but together past
    /// `BXD_MAX_LCS_TOTAL_COUNT` are refused before anything is read (the
    /// buffers below hold one element), and the error carries the real
    /// total, not 0.
    @Test func lcsTotalPastClassLimitIsTooLarge() throws {
        var one: [UInt64] = [42]
        let big = CCore.maxCount
        #expect(2 * big > CCore.maxLCSTotalCount)
        let result = CoreResult()
        try one.withUnsafeMutableBufferPointer { ids in
            let fake = UnsafeBufferPointer(start: ids.baseAddress, count: big)
            for ws in [try CoreWorkspace(), nil] {
                do throws(CoreFailure) {
                    try CCore.diff(
                        oldIDs: fake, oldContents: nil, newIDs: fake, newContents: nil, algorithm: .lcs,
                        rejectDuplicates: false, lcsCostBound: 0, workspace: ws, into: result)
                    Issue.record("expected tooLarge")
                } catch {
                    #expect(error.kind == .tooLarge(count: 2 * big, limit: CCore.maxLCSTotalCount))
                    #expect(
                        Pairing.error(error) == .tooLarge(count: 2 * big, limit: CCore.maxLCSTotalCount))
                }
            }
        }
    }

    // MARK: 6. Empty lists and sections

    @Test(arguments: DiffAlgorithm.allCases)
    func emptyFlatLists(_ algorithm: DiffAlgorithm) throws {
        let options = DiffOptions(algorithm: algorithm, duplicates: .reject)
        let none = try flatChecked([Row](), [], options)
        #expect(none.isEmpty && none.changeCount == 0)
        let rows = (0..<5).map { Row(id: $0) }
        let grow = try flatChecked([], rows, options)
        #expect(grow.count == 1 && grow[0].elementInserted.map(\.row) == Array(0..<5))
        let shrink = try flatChecked(rows, [], options)
        #expect(shrink.count == 1 && shrink[0].elementDeleted.map(\.row) == Array(0..<5))
        #expect(shrink[0].data.isEmpty)
    }

    @Test func emptyBoxesAndSections() throws {
        let full = ids(("a", [1, 2]), ("b", []), ("c", [3]))
        let emptied = ids(("a", []), ("b", []), ("c", []))
        let noRows = ids(("c", []), ("x", []), ("a", []))
        for options in boxOptionGrid {
            // Empty Box to empty Box: nothing.
            #expect(try diffChecked(BBox.empty, .empty, options).isEmpty)
            // Sections without rows, unchanged: nothing.
            #expect(try diffChecked(emptied, emptied, options).isEmpty)
            // Empty Box to a Box and back.
            try diffChecked(.empty, full, options)
            try diffChecked(full, .empty, options)
            // All sections emptied (sections kept) and refilled.
            try diffChecked(full, emptied, options)
            try diffChecked(emptied, full, options)
            // Only empty sections: moved, deleted, inserted.
            try diffChecked(emptied, noRows, options)
        }
        // Known answers (staged).
        let toEmpty = try diffChecked(full, .empty)
        #expect(toEmpty.count == 1 && toEmpty[0].sectionDeleted == [0, 1, 2])
        #expect(toEmpty[0].elementDeleted.isEmpty, "rows go with their sections")
        let fromEmpty = try diffChecked(.empty, full)
        #expect(fromEmpty.count == 1 && fromEmpty[0].sectionInserted == [0, 1, 2])
        #expect(fromEmpty[0].elementInserted.isEmpty, "rows arrive with their sections")
        let drained = try diffChecked(full, emptied)
        #expect(drained.count == 1 && paths(drained, \.elementDeleted) == [p(0, 0), p(0, 1), p(2, 0)])
        #expect(drained[0].sectionDeleted.isEmpty)
        let filled = try diffChecked(emptied, full)
        #expect(paths(filled, \.elementInserted) == [p(0, 0), p(0, 1), p(2, 0)])
        let reshaped = try diffChecked(emptied, noRows)
        #expect(reshaped.flatMap(\.sectionDeleted) == [1] && reshaped.flatMap(\.sectionInserted) == [1])
        #expect(reshaped.flatMap(\.sectionMoved).count == 1)
    }

    // MARK: 7. All rows move to one section

    @Test func allRowsMoveIntoOneSection() throws {
        let old = ids(("a", [1, 2]), ("b", [3, 4]), ("c", [5]))
        let intoB = ids(("a", []), ("b", [5, 3, 1, 4, 2]), ("c", []))
        // Into a section that is new, the old ones deleted.
        let intoNew = ids(("z", [2, 4, 1, 3, 5]))
        // Into the first section, the others deleted, with an update.
        var intoA = ids(("a", [5, 4, 3, 2, 1]))
        intoA.sections[0].rows[2].component = "changed"
        for options in boxOptionGrid {
            for new in [intoB, intoNew, intoA] {
                try diffChecked(old, new, options)
                try diffChecked(new, old, options)
            }
        }
        let c = try diffChecked(old, intoB)
        #expect(c.flatMap(\.sectionInserted).isEmpty && c.flatMap(\.sectionDeleted).isEmpty)
        #expect(paths(c, \.elementDeleted).isEmpty && paths(c, \.elementInserted).isEmpty)
        // 3 and 4 stay in b, in order: kept in place; 5, 1 and 2 move in.
        #expect(c.flatMap(\.elementMoved).count == 3)
        #expect(c.flatMap(\.elementMoved).allSatisfy { $0.destination.section == 1 })
    }

    // MARK: 8. Incomparable components

    /// An incomparable component counts as changed on every diff, even of
    /// a Box against itself: its section (for a header) is reloaded each
    /// time, and its row re-bound, as Bento does: reconfigured (new path,
    /// after the structural changes), never reloaded, whatever the update
    /// style; the changeset replays.
    @Test func incomparableComponentsUpdateOnEveryDiff() throws {
        var box = ids(("a", [1, 2, 3]), ("b", [4]))
        box.sections[0].rows[1].component = Component(incomparable: "view")
        box.sections[1].header = Component(incomparable: "header view")
        for options in boxOptionGrid {
            let workspace = try DiffWorkspace()
            for _ in 0..<3 {
                let c = try diffChecked(box, box, options, workspace: workspace)
                #expect(!c.isEmpty, "\(options)")
                switch (options.mode, options.updateStyle) {
                case (.staged, _):
                    #expect(paths(c, \.elementReconfigured) == [p(0, 1)])
                    #expect(paths(c, \.elementUpdated).isEmpty)
                    #expect(c.flatMap(\.sectionUpdated) == [1])
                case (.singleBatch, _):
                    #expect(c.count == 1)
                    // Section b is reloaded; row [0, 1] is re-bound.
                    #expect(c[0].sectionUpdated == [1] || (c[0].sectionDeleted == [1] && c[0].sectionInserted == [1]))
                    #expect(c[0].elementReconfigured == [p(0, 1)] && c[0].elementUpdated.isEmpty)
                }
            }
        }
        // Moved and incomparable: moved, then reconfigured at its new path.
        var moved = ids(("a", [3, 1, 2]), ("b", [4]))
        moved.sections[0].rows[2].component = Component(incomparable: "view")
        moved.sections[1].header = Component(incomparable: "header view")
        for options in boxOptionGrid {
            let c = try diffChecked(box, moved, options)
            #expect(c.changeCount >= 2, "\(options)")
        }
        let staged = try diffChecked(box, moved)
        #expect(paths(staged, \.elementUpdated).isEmpty)
        #expect(paths(staged, \.elementReconfigured) == [p(0, 2)])
        #expect(staged.flatMap(\.elementMoved).count == 1)
        var singleBatch = DiffOptions()
        singleBatch.mode = .singleBatch
        let single = try diffChecked(box, moved, singleBatch)
        #expect(single[0].elementUpdated.isEmpty && single[0].elementReconfigured == [p(0, 2)])
        // A row that turns comparable (or incomparable) changed: reloaded.
        var turned = box
        turned.sections[0].rows[1].component = "plain"
        #expect(paths(try diffChecked(box, turned), \.elementUpdated) == [p(0, 1)])
        #expect(paths(try diffChecked(turned, box), \.elementUpdated) == [p(0, 1)])
    }

    /// Flat API: an element whose `isContentEqual` is always false is
    /// updated on every diff, also against itself.
    @Test(arguments: DiffAlgorithm.allCases)
    func incomparableFlatElementsUpdateOnEveryDiff(_ algorithm: DiffAlgorithm) throws {
        let list = (0..<4).map { Opaque(id: $0) }
        for _ in 0..<3 {
            let c = try StagedChangeset(source: list, target: list, options: DiffOptions(algorithm: algorithm))
            #expect(c.count == 1 && c[0].elementUpdated.map(\.row) == [0, 1, 2, 3])
            #expect(try replayIDs(c, from: list) == list.map(\.id))
        }
        let reversed = Array(list.reversed())
        let c = try StagedChangeset(source: list, target: reversed, options: DiffOptions(algorithm: algorithm))
        #expect(c.flatMap(\.elementUpdated).count == 4 && c.flatMap(\.elementMoved).count == 3)
        #expect(try replayIDs(c, from: list) == reversed.map(\.id))
    }

    // MARK: Other odd options

    /// A zero or negative LCS cost bound means the default bound.
    @Test func nonPositiveLCSCostBoundIsTheDefault() throws {
        let old = Array(0..<300)
        let new = Array(old.reversed()) + [1000]
        for bound in [0, -1, Int.min] {
            var options = DiffOptions(algorithm: .lcs)
            options.lcsCostBound = bound
            let c = try flatChecked(old, new, options)
            let defaulted = try StagedChangeset(source: old, target: new, options: DiffOptions(algorithm: .lcs))
            #expect(c.stages.map(\.elementMoved) == defaulted.stages.map(\.elementMoved))
            #expect(c.isMinimal == defaulted.isMinimal)
        }
    }

    /// A negative reload threshold counts as 0: an unchanged list gives an
    /// empty changeset (it reloaded everything, a full `reloadData()` for
    /// no change), and one change reloads everything. Flat and Box, staged
    /// and in one batch.
    @Test(arguments: BatchMode.allCases)
    func negativeReloadThresholdIsZero(_ mode: BatchMode) throws {
        for threshold in [-1, -7, Int.min] {
            var options = DiffOptions()
            options.mode = mode
            options.reloadThreshold = threshold
            let list = Array(0..<5)
            let same = try StagedChangeset(source: list, target: list, options: options)
            #expect(same.isEmpty && !same.reloadsEverything, "\(options)")
            let changed = try StagedChangeset(source: list, target: list + [5], options: options)
            #expect(changed.reloadsEverything && changed.count == 1, "\(options)")
            let box = ids(("a", [1, 2]), ("b", [3]))
            let sameBox = try diffChecked(box, box, options)
            #expect(sameBox.isEmpty && !sameBox.reloadsEverything, "\(options)")
            let changedBox = try diffChecked(box, ids(("a", [1, 2]), ("b", [3, 4])), options)
            #expect(changedBox.reloadsEverything && changedBox.count == 1, "\(options)")
        }
    }

    /// Appending rows to a Box that has no section is a programming error:
    /// the process stops, not a thrown error, with a message in every
    /// build (a `precondition`'s, which -O drops, until 2026-12-03: found
    /// by review).
    @Test func appendingRowsToABoxWithoutSectionsTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Box<String, Int>.empty.appending(node: Node(id: 1, component: "x"))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("BoxDiff: appending rows to a Box without sections"), "\(message)")
        // The operators too, each documented with the precondition.
        await #expect(processExitsWith: .failure) { _ = Box<String, Int>.empty |---+ 1 <> "x" }
        await #expect(processExitsWith: .failure) { _ = Box<String, Int>.empty |---? .iff(true) { 1 <> "x" } }
        await #expect(processExitsWith: .failure) { _ = Box<String, Int>.empty |---* [1 <> "x"] }
        // Appending no rows is fine.
        #expect(Box<String, Int>.empty.appending(nodes: []) == .empty)
        #expect((Box<String, Int>.empty |---? .iff(false) { 1 <> "x" }) == .empty)
        #expect((Box<String, Int>.empty |---* []) == .empty)
    }
}
