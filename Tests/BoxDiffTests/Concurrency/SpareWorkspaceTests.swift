import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

// Diffs given no workspace run on a spare one (`SparePool`): the process
// keeps at most one idle, after a diff of at most `DiffWorkspace.spareLimit`
// ids, and each diff holds the one it took alone. The pool's policy is
// checked on pools of the tests' own (the process's pool is shared with
// every test running in parallel); the diffs on the process's pool are
// checked by their results, nested, after a throw, and from many threads
// (run under `--sanitize=thread` by scripts/sanitize.sh).

/// A flat element whose `isContentEqual(to:)` runs a hook once.
private struct HookedItem: Differentiable, Hashable, Sendable {
    let id: Int
    let n: Int
    var differenceIdentifier: Int { id }
    nonisolated(unsafe) static var hook: (() -> Void)?
    func isContentEqual(to source: HookedItem) -> Bool {
        if let hook = Self.hook {
            Self.hook = nil
            hook()
        }
        return n == source.n
    }
}

/// One section of Int rows with the given ids (components: the ids).
private func intBox(_ ids: [Int], section: Int = 0) -> Box<Int, Int> {
    Box(sections: [Section(id: section, rows: ids.map { Node(id: $0, component: $0) })])
}

@Suite("Spare workspaces for diffs given none", .serialized)
struct SpareWorkspaceTests {
    @Test func aPoolKeepsOneWorkspaceOfASmallDiff() throws {
        let pool = SparePool()
        let a = try pool.take()
        #expect(a.isSpare)
        pool.give(back: a, after: 40)
        #expect(pool.holds(a))
        // Taken again, it is no longer idle; the next taker gets a new one.
        let again = try pool.take()
        #expect(again === a)
        #expect(!pool.holds(a))
        let b = try pool.take()
        #expect(b !== a)
        #expect(b.isSpare)
        // One idle at most: the second one given back is not kept.
        pool.give(back: b, after: DiffWorkspace.spareLimit)
        pool.give(back: a, after: 1)
        #expect(pool.holds(b))
        #expect(!pool.holds(a))
    }

    /// A pool and its idle workspace are freed together (the workspace
    /// holds its pool weakly: a cycle leaked both, found by LeakSanitizer).
    @Test func aPoolIsFreedWithItsIdleWorkspace() throws {
        weak var freedPool: SparePool?
        weak var freedWorkspace: DiffWorkspace?
        do {
            let pool = SparePool()
            freedPool = pool
            let a = try pool.take()
            freedWorkspace = a
            pool.give(back: a, after: 1)
            #expect(pool.holds(a))
        }
        #expect(freedPool == nil)
        #expect(freedWorkspace == nil)
    }

    @Test func aPoolFreesTheWorkspaceOfALargeDiff() throws {
        let pool = SparePool()
        weak var freed: DiffWorkspace?
        do {
            let a = try pool.take()
            freed = a
            pool.give(back: a, after: DiffWorkspace.spareLimit + 1)
            #expect(!pool.holds(a))
        }
        #expect(freed == nil, "the workspace of a diff past the limit is still held")
        // And one given back after an unknown size (a diff that threw
        // before it knew its size).
        do {
            let a = try pool.take()
            freed = a
            pool.give(back: a, after: Int.max)
        }
        #expect(freed == nil)
    }

    /// The sizes the diffs give their workspace back with: a spare of a
    /// pool of the test's own, given to a diff as its workspace, goes back
    /// to that pool after a small flat, Box or sectioned diff, and not
    /// after one past the limit (a Box of many empty sections too), nor
    /// after a Box diff that threw before it knew its size.
    @Test func diffsGiveTheirSpareBackAfterSmallDiffsOnly() throws {
        let pool = SparePool()
        func expectKept(_ kept: Bool, _ label: String, _ diff: (DiffWorkspace) throws -> Void) throws {
            let ws = try pool.take()
            try diff(ws)
            #expect(pool.holds(ws) == kept, "\(label)")
            _ = try pool.take()  // the pool empty again
        }
        let few = Array(0..<40)
        let many = Array(0..<3_000)
        try expectKept(true, "flat, 80 ids") {
            _ = try StagedChangeset(source: few, target: Array(few.reversed()), workspace: $0)
        }
        try expectKept(false, "flat, 6,000 ids") {
            _ = try StagedChangeset(source: many, target: Array(many.reversed()), workspace: $0)
        }
        try expectKept(true, "Box, 82 ids") {
            _ = try StagedChangeset(source: intBox(few), target: intBox(few.reversed()), workspace: $0)
        }
        try expectKept(false, "Box, 6,002 ids") {
            _ = try StagedChangeset(source: intBox(many), target: intBox(many.reversed()), workspace: $0)
        }
        let empty = { (ids: [Int]) in Box<Int, Int>(sections: ids.map { Section(id: $0, rows: []) }) }
        try expectKept(false, "Box of 6,000 empty sections") {
            _ = try StagedChangeset(source: empty(many), target: empty(many.reversed()), workspace: $0)
        }
        try expectKept(true, "sections, 82 ids") {
            _ = try StagedChangeset(
                source: [ArraySection(model: 0, elements: few)],
                target: [ArraySection(model: 0, elements: Array(few.reversed()))], workspace: $0)
        }
        try expectKept(false, "sections, 6,002 ids") {
            _ = try StagedChangeset(
                source: [ArraySection(model: 0, elements: many)],
                target: [ArraySection(model: 0, elements: Array(many.reversed()))], workspace: $0)
        }
        try expectKept(false, "Box diff that threw") {
            let rejected = try? StagedChangeset(
                source: intBox([1, 1]), target: intBox([1]), options: DiffOptions(duplicates: .reject), workspace: $0)
            #expect(rejected == nil)
        }
    }

    /// A diff runs on the caller's workspace when it is free, and on a
    /// spare one when it is given none or its workspace is busy (a nested
    /// diff); the caller's workspace never goes to the pool.
    @Test func diffsRunOnTheCallersWorkspaceOrASpare() throws {
        let mine = try DiffWorkspace()
        #expect(!mine.isSpare)
        let used = try DiffWorkspace.forDiff(mine) { 10 }
        #expect(used === mine)
        let nested = try DiffWorkspace.forDiff(mine) { 10 }
        #expect(nested !== mine)
        #expect(nested.isSpare)
        let none = try DiffWorkspace.forDiff(nil) { 10 }
        #expect(none.isSpare)
        #expect(none !== nested)
        // Past the limit: a workspace of the diff's own, not a spare.
        let large = try DiffWorkspace.forDiff(nil) { DiffWorkspace.spareLimit + 1 }
        #expect(!large.isSpare)
        // The caller's free workspace whatever the size.
        let mineLarge = try DiffWorkspace.forDiff(try DiffWorkspace()) { Int.max }
        #expect(!mineLarge.isSpare)
        mineLarge.finishDiff(elements: Int.max)
        large.finishDiff(elements: DiffWorkspace.spareLimit + 1)
        none.finishDiff(elements: 10)
        nested.finishDiff(elements: 10)
        used.finishDiff(elements: 10)
        #expect(!mine.isBusy && !nested.isBusy && !none.isBusy && !large.isBusy)
        #expect(!SparePool.shared.holds(mine))
        #expect(!SparePool.shared.holds(large))
    }

    /// A pool lets go of its idle workspace on request (a memory
    /// warning: `DiffWorkspace.releaseSpare()`), which is freed, and makes
    /// a new one for the next diff; diffs given no workspace still work
    /// after the process's spare is released.
    @Test func aPoolReleasesItsIdleWorkspace() throws {
        let pool = SparePool()
        weak var freed: DiffWorkspace?
        do {
            let a = try pool.take()
            freed = a
            pool.give(back: a, after: 40)
            #expect(pool.holds(a))
        }
        pool.releaseIdle()
        #expect(freed == nil, "the released idle workspace is still held")
        let b = try pool.take()
        #expect(b.isSpare)
        pool.releaseIdle()  // none idle: nothing to do
        DiffWorkspace.releaseSpare()
        let changeset = try StagedChangeset(source: [1, 2, 3], target: [3, 1, 4])
        #expect(
            changeset == (try StagedChangeset(source: [1, 2, 3], target: [3, 1, 4], workspace: try DiffWorkspace())))
    }

    /// A diff past the limit leaves the idle spare to the next small diff:
    /// it gets a workspace of its own, freed when it ends (it took the
    /// idle spare and freed it, so the next small diff made a new one).
    @Test func aLargeDiffLeavesTheIdleSpare() throws {
        let pool = SparePool()
        let spare = try pool.take(forElements: 40)
        #expect(spare.isSpare)
        pool.give(back: spare, after: 40)
        weak var freed: DiffWorkspace?
        do {
            let large = try pool.take(forElements: DiffWorkspace.spareLimit + 1)
            freed = large
            #expect(large !== spare)
            #expect(!large.isSpare)
            #expect(pool.holds(spare), "a large diff took the idle spare")
            large.finishDiff(elements: DiffWorkspace.spareLimit + 1)
        }
        #expect(freed == nil, "the large diff's workspace is still held")
        #expect(pool.holds(spare))
        // At the limit, still the spare.
        #expect(try pool.take(forElements: DiffWorkspace.spareLimit) === spare)
    }

    /// A flat diff is measured as it takes the spare and as it gives it
    /// back: by its ids past the common prefix. It was given back by the
    /// capacity of its hash lists, which hold the prefix too, so a one-row
    /// append to a 3,000-row list took the process's idle spare as a
    /// 1-id diff and freed it as a 6,001-id one (found by review,
    /// 2026-12-03). In a process of its own, where no other test uses the
    /// process's pool.
    @Test func aFlatDiffPastALongPrefixKeepsTheProcessSpare() async {
        await #expect(processExitsWith: .success) {
            let long = Array(0..<3_000)
            _ = try StagedChangeset(source: [1, 2], target: [2, 1])
            let spare = try SparePool.shared.take()
            SparePool.shared.give(back: spare, after: 0)
            _ = try StagedChangeset(source: long, target: long + [3_000])
            guard SparePool.shared.holds(spare) else { fatalError("an append freed the spare") }
            // Kept without the core's maps of the whole lists (found by
            // review, 2026-12-03: 8 MB held after a 1,000,000-id append).
            guard spare.result.oldToNew.isEmpty && spare.result.raw.storage_ == nil else {
                fatalError("the kept spare holds maps of \(spare.result.oldToNew.count) ids")
            }
            _ = try StagedChangeset(source: long, target: long)
            guard SparePool.shared.holds(spare) else { fatalError("equal lists freed the spare") }
            // A small diff after it runs as before.
            let small = try StagedChangeset(source: [1, 2, 3], target: [3, 1, 2])
            guard small.last?.data == [3, 1, 2], small.flatMap(\.elementMoved).count == 1, SparePool.shared.holds(spare)
            else {
                fatalError("a small diff after the maps were freed")
            }
            // A diff of at most the limit, prefix included, keeps them.
            _ = try StagedChangeset(source: Array(long.prefix(1_000)), target: Array(long.prefix(1_001)))
            guard spare.result.oldToNew.count == 1_000 else { fatalError("a small diff's maps were freed") }
            // A large diff runs on a workspace of its own and leaves it too.
            _ = try StagedChangeset(source: long, target: long.reversed())
            guard SparePool.shared.holds(spare) else { fatalError("a large diff freed the spare") }
        }
    }

    /// A flat diff given no workspace, whose `isContentEqual(to:)` diffs
    /// again with none: the inner diff takes another spare (the outer one
    /// holds its own), and the outer changeset is the plain one.
    @Test(arguments: [4, 5_000])
    func flatDiffReenteredWithoutAWorkspace(innerCount: Int) throws {
        let source = (0..<4).map { HookedItem(id: $0, n: $0) }
        let target = [0, 1, 2, 3, 99].map { HookedItem(id: $0, n: $0) }
        let expected = try StagedChangeset(source: source, target: target, workspace: try DiffWorkspace())
        var inner: StagedChangeset<[HookedItem]>?
        HookedItem.hook = {
            let x = (0..<innerCount).map { HookedItem(id: 10 + $0, n: 0) }
            inner = try? StagedChangeset(source: x, target: Array(x.reversed()))
        }
        let changeset = try StagedChangeset(source: source, target: target)
        HookedItem.hook = nil
        #expect(changeset == expected)
        #expect(inner != nil)
        #expect(inner?.flatMap(\.elementMoved).count == innerCount - 1)
    }

    /// The Box API the same way: a component's `==` diffing other Boxes
    /// without a workspace, of a few rows (the inner spare kept) and of
    /// more than the limit (freed).
    @Test(arguments: [4, 5_000])
    func boxDiffReenteredWithoutAWorkspace(innerRows: Int) throws {
        struct Hooked: Hashable, Sendable {
            let n: Int
            nonisolated(unsafe) static var hook: (() -> Void)?
            static func == (lhs: Hooked, rhs: Hooked) -> Bool {
                if let hook {
                    Self.hook = nil
                    hook()
                }
                return lhs.n == rhs.n
            }
            func hash(into hasher: inout Hasher) {}
        }
        func hooked() -> Box<Int, Int> {
            Box(sections: [Section(id: 0, rows: (0..<4).map { Node(id: $0, component: Hooked(n: $0)) })])
        }
        let old = hooked()
        let new = hooked()
        let expected = try StagedChangeset(source: old, target: new, workspace: try DiffWorkspace())
        let ids = Array(100..<(100 + innerRows))
        var inner: StagedChangeset<Box<Int, Int>>?
        Hooked.hook = { inner = try? StagedChangeset(source: intBox(ids), target: intBox(ids.reversed())) }
        let changeset = try StagedChangeset(source: old, target: new)
        Hooked.hook = nil
        #expect(changeset == expected)
        #expect(changeset.isEmpty)
        #expect(inner?.flatMap(\.elementMoved).count == innerRows - 1)
    }

    /// A diff that throws (a duplicate id under `.reject`: a flat diff
    /// gives its spare back, a Box diff, whose size is not known yet,
    /// frees it); the next diffs are right.
    @Test func diffsAfterAThrowingDiffWithoutAWorkspace() throws {
        let options = DiffOptions(duplicates: .reject)
        #expect(throws: DiffError.self) { try StagedChangeset(source: [1, 2, 2], target: [1, 2], options: options) }
        #expect(throws: DiffError.self) {
            try StagedChangeset(source: intBox([1, 2, 2]), target: intBox([1, 2]), options: options)
        }
        for seed in 0..<20 {
            let (old, new) = randomPair(seed: UInt64(seed), size: 60, pool: 40)
            let changeset = try StagedChangeset(source: old, target: new)
            #expect(FlatReplay.same(try FlatReplay.replay(changeset, from: old), new))
            let boxes = (intBox(old.map(\.id)), intBox(new.map(\.id)))
            let boxChangeset = try StagedChangeset(source: boxes.0, target: boxes.1)
            #expect(
                boxChangeset == (try StagedChangeset(source: boxes.0, target: boxes.1, workspace: try DiffWorkspace())))
        }
    }

    /// Box and sectioned diffs without a workspace from many threads at
    /// once, small (spares kept and handed from thread to thread) and past
    /// the limit (freed): each changeset is the one a workspace of its own
    /// gives.
    @Test func boxDiffsWithoutAWorkspaceFromManyThreads() async throws {
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let own = try DiffWorkspace()
                    var ok = true
                    for round in 0..<30 {
                        let size = round % 10 == 9 ? 3_000 : 40
                        let (old, new) = randomPair(seed: UInt64(task * 1_000 + round), size: size, pool: size * 2 / 3)
                        let a = intBox(old.map(\.id), section: task)
                        let b = intBox(new.map(\.id), section: task)
                        let shared = try StagedChangeset(source: a, target: b)
                        let alone = try StagedChangeset(source: a, target: b, workspace: own)
                        ok = ok && shared == alone
                        let x = [ArraySection(model: task, elements: old)]
                        let y = [ArraySection(model: task, elements: new)]
                        let sectioned = try StagedChangeset(source: x, target: y)
                        let sectionedAlone = try StagedChangeset(source: x, target: y, workspace: own)
                        ok = ok && sectioned == sectionedAlone
                    }
                    return ok
                }
            }
            var all: [Bool] = []
            for try await ok in group { all.append(ok) }
            return all
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}
