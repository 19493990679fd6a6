import BoxDiff
import BoxDiffValidation
import Testing

struct StageRow: Differentiable, Equatable, CustomStringConvertible {
    var id: String
    var v: Int = 0
    var differenceIdentifier: String { id }
    func isContentEqual(to source: StageRow) -> Bool { v == source.v }
    var description: String { v == 0 ? id : "\(id)'" }
}

private func p(_ element: Int, _ section: Int) -> ElementPath { ElementPath(element: element, section: section) }

@Suite struct DifferenceKitStageDataTests {
    /// Section delete + insert + move + update, a row moving across
    /// sections and updated, a swap inside a moved section.
    /// DifferenceKit (Sources/Algorithm.swift, sectioned init) gives:
    /// 1 elementUpdated [(0,2)]; 2 sectionDeleted [1]; 3 sectionInserted
    /// [2], sectionMoved [1->0]; 4 elementMoved [(1,2)->(0,1), (1,1)->(1,0)];
    /// 5 sectionUpdated [0] (target index).
    @Test func trickySectioned() throws {
        let source = [
            ArraySection(
                model: StageRow(id: "A"), elements: [StageRow(id: "a1"), StageRow(id: "a2"), StageRow(id: "a3")]),
            ArraySection(model: StageRow(id: "B"), elements: [StageRow(id: "b1"), StageRow(id: "b2")]),
            ArraySection(model: StageRow(id: "C"), elements: [StageRow(id: "c1")]),
        ]
        let target = [
            ArraySection(model: StageRow(id: "C", v: 1), elements: [StageRow(id: "c1"), StageRow(id: "a3", v: 1)]),
            ArraySection(model: StageRow(id: "A"), elements: [StageRow(id: "a2"), StageRow(id: "a1")]),
            ArraySection(model: StageRow(id: "D"), elements: [StageRow(id: "d1")]),
        ]
        let changeset = try StagedChangeset(source: source, target: target)
        for (k, stage) in changeset.enumerated() {
            print("stage \(k): \(stage.batchUpdate) data \(stage.data.map { "\($0.model):\($0.elements)" })")
        }
        #expect(changeset.map(\.elementUpdated) == [[p(2, 0)], [], [], [], []])
        #expect(changeset.map(\.sectionDeleted) == [[], [1], [], [], []])
        #expect(changeset.map(\.sectionInserted) == [[], [], [2], [], []])
        #expect(changeset.map(\.sectionUpdated) == [[], [], [], [], [0]])
        #expect(changeset.last?.data == target)
    }
}

/// DifferenceKit's flat algorithm (Sources/Algorithm.swift, flat init and
/// `diff(source:target:...)`), restated without its moves: stage kinds,
/// updated (source indexes), deleted, inserted and each stage's data.
private struct DKFlat {
    struct Stage: Equatable {
        var kind: String
        var paths: [Int]
        var data: [StageRow]
    }
    var stages: [Stage] = []

    init(_ source: [StageRow], _ target: [StageRow]) {
        if source.isEmpty && target.isEmpty { return }
        if target.isEmpty {
            stages = [Stage(kind: "delete", paths: Array(source.indices), data: target)]
            return
        }
        if source.isEmpty {
            stages = [Stage(kind: "insertmove", paths: Array(target.indices), data: target)]
            return
        }
        var queue: [String: [Int]] = [:]
        for (i, s) in source.enumerated() { queue[s.id, default: []].append(i) }
        var sourceRef = [Int?](repeating: nil, count: source.count)
        var targetRef = [Int?](repeating: nil, count: target.count)
        for (j, t) in target.enumerated() {
            guard var q = queue[t.id], !q.isEmpty else { continue }
            let i = q.removeFirst()
            queue[t.id] = q
            sourceRef[i] = j
            targetRef[j] = i
        }
        var first: [StageRow] = []
        var second: [StageRow] = []
        var deleted: [Int] = []
        for i in source.indices {
            if let j = sourceRef[i] {
                first.append(target[j])
                second.append(target[j])
            } else {
                deleted.append(i)
                first.append(source[i])
            }
        }
        var updated: [Int] = []
        var inserted: [Int] = []
        for j in target.indices {
            if let i = targetRef[j] {
                if !target[j].isContentEqual(to: source[i]) { updated.append(i) }
            } else {
                inserted.append(j)
            }
        }
        if !updated.isEmpty { stages.append(Stage(kind: "update", paths: updated.sorted(), data: first)) }
        if !deleted.isEmpty { stages.append(Stage(kind: "delete", paths: deleted, data: second)) }
        // Inserts and moves: the moves are left out (BoxDiff's are minimal),
        // so a stage of moves alone is compared by its kind.
        stages.append(Stage(kind: "insertmove", paths: inserted, data: target))
        stages[stages.count - 1].data = target
    }
}

extension DifferenceKitStageDataTests {
    private static func boxDiffStages(_ source: [StageRow], _ target: [StageRow]) throws -> [DKFlat.Stage] {
        try StagedChangeset(source: source, target: target).map { stage in
            if !stage.elementUpdated.isEmpty {
                return DKFlat.Stage(kind: "update", paths: stage.elementUpdated.map(\.element), data: stage.data)
            }
            if !stage.elementDeleted.isEmpty {
                return DKFlat.Stage(kind: "delete", paths: stage.elementDeleted.map(\.element), data: stage.data)
            }
            return DKFlat.Stage(kind: "insertmove", paths: stage.elementInserted.map(\.element), data: stage.data)
        }
    }

    /// Random flat arrays with duplicates: BoxDiff's stages against
    /// DifferenceKit's (moves aside); short lists, and long ones (from 32
    /// elements the stage data is written in place rather than appended).
    @Test(arguments: [(rounds: 3000, maxCount: 8), (rounds: 300, maxCount: 160)])
    func flatStagesMatchDifferenceKit(rounds: Int, maxCount: Int) throws {
        var state = UInt64(99 + maxCount - 8)
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        var failures = 0
        for round in 0..<rounds {
            let alphabet = 1 + next(maxCount * 3 / 4)
            let source = (0..<next(maxCount)).map { _ in StageRow(id: "k\(next(alphabet))", v: next(2)) }
            let target = (0..<next(maxCount)).map { _ in StageRow(id: "k\(next(alphabet))", v: next(2)) }
            var dk = DKFlat(source, target).stages
            var box = try Self.boxDiffStages(source, target)
            // A DifferenceKit stage of moves alone with nothing to move in
            // BoxDiff's minimal set: drop the empty insert/move stage.
            let boxHasMoveStage = try StagedChangeset(source: source, target: target)
                .contains { !$0.elementMoved.isEmpty || !$0.elementInserted.isEmpty }
            if !boxHasMoveStage, let last = dk.last, last.kind == "insertmove", last.paths.isEmpty {
                dk.removeLast()
                if !dk.isEmpty { dk[dk.count - 1].data = target }
            }
            if box.last?.kind == "insertmove" && dk.last?.kind != "insertmove" { box.removeLast() }
            if box != dk {
                failures += 1
                if failures <= 4 { Issue.record("round \(round) \(source) -> \(target):\n box \(box)\n dk  \(dk)") }
            }
        }
        #expect(failures == 0)
    }
}

extension DifferenceKitStageDataTests {
    /// Repeated section ids and repeated row ids across sections: DifferenceKit
    /// pairs both in order of occurrence (its `diff` for sections, the
    /// flattened occurrence table for rows).
    @Test func duplicateSectionAndRowIDs() throws {
        let source = [
            ArraySection(model: StageRow(id: "S"), elements: [StageRow(id: "x"), StageRow(id: "y")]),
            ArraySection(model: StageRow(id: "S"), elements: [StageRow(id: "x")]),
        ]
        let target = [
            ArraySection(model: StageRow(id: "S"), elements: [StageRow(id: "x", v: 1)]),
            ArraySection(model: StageRow(id: "S"), elements: [StageRow(id: "x"), StageRow(id: "y")]),
        ]
        let changeset = try StagedChangeset(source: source, target: target)
        for (k, stage) in changeset.enumerated() {
            print("dup stage \(k): \(stage.batchUpdate) data \(stage.data.map { "\($0.model):\($0.elements)" })")
        }
        #expect(changeset.last?.data == target)
    }
}

/// A row whose `isContentEqual(to:)` leaves out a field (a tap handler's
/// captured state, a "last seen" stamp): DifferenceKit's intermediate
/// stages hold the *target* value of every paired element (Algorithm.swift:
/// `updatedElementsPointer` / `notDeletedElementsPointer` append
/// `target[targetIndex]` for each paired source index).
struct TaggedRow: Differentiable, Equatable, CustomStringConvertible {
    var id: String
    var tag: Int
    var differenceIdentifier: String { id }
    func isContentEqual(to source: TaggedRow) -> Bool { true }
    var description: String { "\(id)#\(tag)" }
}

extension DifferenceKitStageDataTests {
    /// A cell dequeued during the delete stage (a row scrolled into view as
    /// the rows above it go) reads the stage's data, and no later stage
    /// refreshes it: with BoxDiff it shows the source's tag for good.
    @Test func intermediateStagesHoldTargetValuesAsDifferenceKit() throws {
        let source = [TaggedRow(id: "a", tag: 0), TaggedRow(id: "b", tag: 0), TaggedRow(id: "c", tag: 0)]
        let target = [TaggedRow(id: "b", tag: 1), TaggedRow(id: "c", tag: 1), TaggedRow(id: "x", tag: 1)]
        let changeset = try StagedChangeset(source: source, target: target)
        #expect(changeset.count == 2)
        // DifferenceKit: stage 1 (delete a) data [b#1, c#1].
        #expect(changeset.first?.data == [target[0], target[1]])

        let sections = [ArraySection(model: "S", elements: source)]
        let sections2 = [ArraySection(model: "S", elements: target)]
        let sectioned = try StagedChangeset(source: sections, target: sections2)
        #expect(sectioned.count == 2)
        #expect(sectioned.first?.data.first?.elements == [target[0], target[1]])
    }
}

extension DifferenceKitStageDataTests {
    /// With `.reconfigure` an updated element keeps its old value until its
    /// reconfigure stage; the unchanged ones show their target values.
    @Test func reconfigureKeepsUpdatedOldUntilItsStage() throws {
        let source = [StageRow(id: "a"), StageRow(id: "b"), StageRow(id: "c")]
        let target = [StageRow(id: "b", v: 1), StageRow(id: "c"), StageRow(id: "x")]
        var options = DiffOptions()
        options.updateStyle = .reconfigure
        let changeset = try StagedChangeset(source: source, target: target, options: options)
        #expect(changeset.map(\.data) == [[source[1], source[2]], [source[1], source[2], target[2]], target])
        let sectioned = try StagedChangeset(
            source: [ArraySection(model: "S", elements: source)], target: [ArraySection(model: "S", elements: target)],
            options: options)
        #expect(
            sectioned.map { $0.data[0].elements } == [
                [source[1], source[2]], [source[1], source[2], target[2]], target,
            ])
    }
}

/// A row with content (`v`) and a field `isContentEqual(to:)` leaves out.
private struct StampedRow: Differentiable, Equatable, CustomStringConvertible {
    var id: Int
    var v: Int
    var stamp: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: StampedRow) -> Bool { v == source.v }
    var description: String { "\(id)/\(v)#\(stamp)" }
}

extension DifferenceKitStageDataTests {
    /// Long lists (written in place from 32 elements), both update styles:
    /// the update stage holds every source element in old order, paired
    /// ones at their target value; the delete stage drops the deleted
    /// ones; under `.reconfigure` the updated ones keep their source value
    /// until their stage.
    @Test(arguments: [UpdateStyle.reload, .reconfigure], [31, 32, 200])
    func longListStageData(style: UpdateStyle, count: Int) throws {
        var state = UInt64(count)
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        var options = DiffOptions()
        options.updateStyle = style
        for _ in 0..<20 {
            let source = (0..<count).map { StampedRow(id: $0, v: 0, stamp: 0) }
            // Every fifth row deleted, every seventh updated, new rows
            // inserted, a few swapped: every target value has stamp 1.
            var target = source.filter { $0.id % 5 != next(5) }.map { row in
                StampedRow(id: row.id, v: row.id % 7 == next(7) ? 1 : 0, stamp: 1)
            }
            for k in 0..<count / 10 {
                target.insert(StampedRow(id: count + k, v: 0, stamp: 1), at: next(target.count + 1))
            }
            if target.count > 4 { target.swapAt(next(target.count), next(target.count)) }

            let changeset = try StagedChangeset(source: source, target: target, options: options)
            let newByID = Dictionary(uniqueKeysWithValues: target.map { ($0.id, $0) })
            let updated = Set(source.filter { newByID[$0.id].map { $0.v != 0 } ?? false }.map(\.id))
            let pending = style == .reconfigure ? updated : []
            func inOldOrder(keepingDeleted: Bool) -> [StampedRow] {
                source.compactMap { row in
                    guard let new = newByID[row.id] else { return keepingDeleted ? row : nil }
                    return pending.contains(row.id) ? row : new
                }
            }
            for stage in changeset.dropLast() {
                if !stage.elementUpdated.isEmpty {
                    #expect(stage.data == inOldOrder(keepingDeleted: true))
                } else if !stage.elementDeleted.isEmpty {
                    #expect(stage.data == inOldOrder(keepingDeleted: false))
                }
            }
            #expect(changeset.contains { !$0.elementDeleted.isEmpty })
            #expect(changeset.last?.data == target)
        }
    }
}
