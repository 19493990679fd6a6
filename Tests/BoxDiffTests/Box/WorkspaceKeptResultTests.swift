import BoxDiffTestSupport
import Testing

@testable import BoxDiff

/// An ordered, deep snapshot of a batch (each list as plain integers).
private func snapshot(_ u: BatchUpdate) -> [[Int]] {
    func p(_ list: [ElementPath]) -> [Int] { list.flatMap { [$0.section, $0.row] } }
    func m(_ list: [Move<ElementPath>]) -> [Int] {
        list.flatMap { [$0.source.section, $0.source.row, $0.destination.section, $0.destination.row] }
    }
    return [
        u.sectionDeleted, u.sectionInserted, u.sectionUpdated, u.sectionMoved.flatMap { [$0.source, $0.destination] },
        p(u.elementDeleted), p(u.elementInserted), p(u.elementUpdated), m(u.elementMoved), p(u.elementReconfigured),
    ]
}

private struct RItem: Hashable, Differentiable {
    let id: Int
    let value: Int
    var differenceIdentifier: Int { id }
}

private func flatPair(_ count: Int, using rng: inout SeededGenerator) -> ([RItem], [RItem]) {
    let old = (0..<count).map { RItem(id: $0, value: 0) }
    var new = old.filter { _ in Int.random(in: 0..<3, using: &rng) != 0 }
        .map { Int.random(in: 0..<3, using: &rng) == 0 ? RItem(id: $0.id, value: 1) : $0 }
    for k in 0..<Int.random(in: 0...(count / 3 + 1), using: &rng) { new.append(RItem(id: 1_000_000 + k, value: 0)) }
    for _ in 0..<min(new.count, 8) where new.count > 1 {
        new.swapAt(Int.random(in: 0..<new.count, using: &rng), Int.random(in: 0..<new.count, using: &rng))
    }
    return (old, new)
}

private func boxPair(_ count: Int, using rng: inout SeededGenerator) -> (Box<Int, Int>, Box<Int, Int>) {
    let (o, n) = flatPair(count, using: &rng)
    func box(_ items: [RItem]) -> Box<Int, Int> {
        let half = items.count / 2
        return Box(sections: [
            Section(id: 0, rows: items[..<half].map { Node(id: $0.id, component: $0.value) }),
            Section(id: 1, rows: items[half...].map { Node(id: $0.id, component: $0.value) }),
        ])
    }
    return (box(o), box(n))
}

/// Adversarial review (2026-11-29): kept results, ordered (a batch's `==`
/// ignores the order within a list), across later diffs on one workspace,
/// and reuse after failed diffs; flat and Box, staged and single-batch,
/// both update styles and algorithms, below and past the reuse capacity.
@Suite("Workspace: kept results and reuse after failures")
struct WorkspaceKeptResultTests {
    static let modes: [(BatchMode, UpdateStyle)] = [
        (.staged, .reload), (.staged, .reconfigure), (.singleBatch, .reload), (.singleBatch, .reconfigure),
    ]

    /// Default options with `mode` and `style`.
    static func options(_ mode: BatchMode, _ style: UpdateStyle) -> DiffOptions {
        var options = DiffOptions()
        options.mode = mode
        options.updateStyle = style
        return options
    }

    /// Kept changesets, stages, lists and slices never change in later
    /// diffs on the same workspace.
    @Test(arguments: [3, 40, 2_000, 4_090, 5_000, 9_000])
    func keptResultsNeverChange(size: Int) throws {
        var rng = SeededGenerator(seed: UInt64(size))
        let ws = try DiffWorkspace()
        var keptFlat: [(StagedChangeset<[RItem]>, [[[Int]]], [ElementPath], ArraySlice<ElementPath>, [Int])] = []
        var keptBox: [(StagedChangeset<Box<Int, Int>>, [[[Int]]], Changeset<Box<Int, Int>>?, [[Int]])] = []
        for round in 0..<12 {
            for (mode, style) in Self.modes {
                var options = WorkspaceKeptResultTests.options(mode, style)
                if round % 3 == 1 { options.algorithm = .lcs }
                let n = round % 2 == 0 ? size : Int.random(in: 0...size, using: &rng)
                let (o, t) = flatPair(n, using: &rng)
                let c = try StagedChangeset(source: o, target: t, options: options, workspace: ws)
                let del = c.stages.first?.elementDeleted ?? []
                keptFlat.append(
                    (
                        c, c.stages.map { snapshot($0.batchUpdate) }, del, del.prefix(5),
                        del.prefix(5).flatMap { [$0.section, $0.row] }
                    ))
                let (bo, bt) = boxPair(n, using: &rng)
                let b = try StagedChangeset(source: bo, target: bt, options: options, workspace: ws)
                keptBox.append(
                    (
                        b, b.stages.map { snapshot($0.batchUpdate) }, b.stages.first,
                        b.stages.first.map { snapshot($0.batchUpdate) } ?? []
                    ))
                #expect(b.applied(to: bo) == bt)
            }
        }
        for (k, (c, snap, del, slice, sliceSnap)) in keptFlat.enumerated() {
            #expect(c.stages.map { snapshot($0.batchUpdate) } == snap, "flat \(k)")
            #expect(del == (c.stages.first?.elementDeleted ?? []), "flat del \(k)")
            #expect(slice.flatMap { [$0.section, $0.row] } == sliceSnap, "flat slice \(k)")
        }
        for (k, (b, snap, first, firstSnap)) in keptBox.enumerated() {
            #expect(b.stages.map { snapshot($0.batchUpdate) } == snap, "box \(k)")
            #expect((first.map { snapshot($0.batchUpdate) } ?? []) == firstSnap, "box first \(k)")
        }
    }

    /// After failing diffs (duplicates rejected, too large), the workspace's
    /// next result equals a fresh workspace's, in every mode.
    @Test func failedDiffsThenReuse() throws {
        var rng = SeededGenerator(seed: 77)
        let ws = try DiffWorkspace()
        for round in 0..<40 {
            for (mode, style) in Self.modes {
                var options = WorkspaceKeptResultTests.options(mode, style)
                options.duplicates = .reject
                if round % 3 == 0 { options.algorithm = .lcs }
                // A failure at various points: duplicate in old / new, sections / rows.
                let n = Int.random(in: 2...300, using: &rng)
                var (o, t) = flatPair(n, using: &rng)
                if round % 2 == 0 {
                    o.append(o[0])
                } else if !t.isEmpty {
                    t.append(t[t.count - 1])
                } else {
                    t = [o[0], o[0]]
                }
                #expect(throws: DiffError.self) {
                    try StagedChangeset(source: o, target: t, options: options, workspace: ws)
                }
                var (bo, bt) = boxPair(n, using: &rng)
                switch round % 4 {
                case 0: bo.sections[1].rows.append(bo.sections[1].rows[0])
                case 1: bt.sections.append(Section(id: 0, rows: []))
                case 2:
                    bo.sections[0].rows.append(bo.sections[1].rows.first ?? Node(id: -1, component: 0))
                    bo.sections[0].rows.append(Node(id: -1, component: 0))
                    bo.sections[1].rows.append(Node(id: -1, component: 0))
                default:
                    bt.sections[0].rows.append(Node(id: 5_000_000, component: 0))
                    bt.sections[1].rows.append(Node(id: 5_000_000, component: 0))
                }
                #expect(throws: DiffError.self) {
                    try StagedChangeset(source: bo, target: bt, options: options, workspace: ws)
                }
                // Then good diffs: equal to fresh workspace results.
                options.duplicates = .pairInOrder
                let (go, gt) = flatPair(Int.random(in: 0...300, using: &rng), using: &rng)
                let a = try StagedChangeset(source: go, target: gt, options: options, workspace: ws)
                let f = try StagedChangeset(source: go, target: gt, options: options, workspace: DiffWorkspace())
                #expect(
                    a.stages.map { snapshot($0.batchUpdate) } == f.stages.map { snapshot($0.batchUpdate) },
                    "flat \(round)")
                let (gbo, gbt) = boxPair(Int.random(in: 0...300, using: &rng), using: &rng)
                let ba = try StagedChangeset(source: gbo, target: gbt, options: options, workspace: ws)
                let bf = try StagedChangeset(source: gbo, target: gbt, options: options, workspace: DiffWorkspace())
                #expect(
                    ba.stages.map { snapshot($0.batchUpdate) } == bf.stages.map { snapshot($0.batchUpdate) },
                    "box \(round)")
                // and with the duplicates of the failing inputs paired in order.
                let da = try StagedChangeset(source: bo, target: bt, options: options, workspace: ws)
                let df = try StagedChangeset(source: bo, target: bt, options: options, workspace: DiffWorkspace())
                #expect(
                    da.stages.map { snapshot($0.batchUpdate) } == df.stages.map { snapshot($0.batchUpdate) },
                    "dup box \(round)")
            }
        }
    }
}

/// An element whose `isContentEqual(to:)` and `hash(into:)` diff again
/// on the shared workspace, `depth` levels deep, the innermost failing.
private struct Nesting: Hashable, Differentiable {
    let id: Int
    let value: Int
    nonisolated(unsafe) static var workspace: DiffWorkspace?
    nonisolated(unsafe) static var depth = 0
    nonisolated(unsafe) static var maxDepth = 3
    nonisolated(unsafe) static var calls = 0
    /// The depths that reentered already in this outer diff (once each:
    /// otherwise the nested diffs multiply).
    nonisolated(unsafe) static var fired: Set<Int> = []
    var differenceIdentifier: Int { id }
    static func reenter() {
        guard let ws = workspace, depth < maxDepth, fired.insert(depth).inserted else { return }
        depth += 1
        defer { depth -= 1 }
        calls += 1
        let src = (0..<6).map { Nesting(id: $0, value: depth) }
        var dst = Array(src.reversed().dropFirst()) + [Nesting(id: 50, value: 0)]
        if depth == maxDepth { dst.append(dst[0]) }  // a duplicate: rejected below
        var options = DiffOptions()
        options.duplicates = .reject
        _ = try? StagedChangeset(source: src, target: dst, options: options, workspace: ws)
        let box = Box<Int, Nesting>(sections: [Section(id: 0, rows: src.map { Node(id: $0, component: $0) })])
        let box2 = Box<Int, Nesting>(sections: [Section(id: 0, rows: dst.map { Node(id: $0, component: $0) })])
        _ = try? StagedChangeset(source: box, target: box2, options: options, workspace: ws)
    }
    func isContentEqual(to source: Nesting) -> Bool {
        Self.reenter()
        return value == source.value
    }
    static func == (a: Nesting, b: Nesting) -> Bool {
        reenter()
        return a.id == b.id && a.value == b.value
    }
    func hash(into hasher: inout Hasher) {
        Self.reenter()
        hasher.combine(id)
        hasher.combine(value)
    }
}

/// Diffs reentered from `==`, `hash(into:)` and `isContentEqual(to:)`
/// on the outer diff's workspace, nested up to six levels, the innermost
/// one failing (a rejected duplicate, caught by the caller's code).
@Suite("Workspace: nested reentrant diffs", .serialized)
struct NestedReentrantDiffTests {
    @Test(arguments: [1, 3, 6])
    func nestedReentrantDiffsLeaveTheOuterResultIntact(maxDepth: Int) throws {
        var rng = SeededGenerator(seed: UInt64(maxDepth))
        let ws = try DiffWorkspace()
        for round in 0..<20 {
            for (mode, style) in WorkspaceKeptResultTests.modes {
                let options = WorkspaceKeptResultTests.options(mode, style)
                let n = Int.random(in: 0...60, using: &rng)
                let src = (0..<n).map { Nesting(id: $0, value: 0) }
                var dst = src.filter { _ in Bool.random(using: &rng) }.map {
                    Bool.random(using: &rng) ? Nesting(id: $0.id, value: 1) : $0
                }
                dst.shuffle(using: &rng)
                dst.append(Nesting(id: 999, value: 0))
                Nesting.workspace = nil
                let expected = try StagedChangeset(source: src, target: dst, options: options)
                let bs = Box<Int, Nesting>(sections: [Section(id: 0, rows: src.map { Node(id: $0, component: $0) })])
                let bd = Box<Int, Nesting>(sections: [Section(id: 0, rows: dst.map { Node(id: $0, component: $0) })])
                let expectedBox = try StagedChangeset(source: bs, target: bd, options: options)
                Nesting.workspace = ws
                Nesting.maxDepth = maxDepth
                Nesting.calls = 0
                Nesting.fired = []
                let got = try StagedChangeset(source: src, target: dst, options: options, workspace: ws)
                Nesting.fired = []
                let bs2 = Box<Int, Nesting>(sections: [Section(id: 0, rows: src.map { Node(id: $0, component: $0) })])
                let bd2 = Box<Int, Nesting>(sections: [Section(id: 0, rows: dst.map { Node(id: $0, component: $0) })])
                let gotBox = try StagedChangeset(source: bs2, target: bd2, options: options, workspace: ws)
                Nesting.workspace = nil
                #expect(Nesting.calls > 0 || n == 0)
                #expect(
                    got.stages.map { snapshot($0.batchUpdate) } == expected.stages.map { snapshot($0.batchUpdate) },
                    "\(round)")
                #expect((got.stages.last?.data ?? src) == dst)
                #expect(
                    gotBox.stages.map { snapshot($0.batchUpdate) }
                        == expectedBox.stages.map { snapshot($0.batchUpdate) }, "box \(round)")
                #expect(gotBox.applied(to: bs) == bd)
                #expect(ws.isBusy == false)
            }
        }
    }
}
