import BoxDiffTestSupport
import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// A random change between two states and the single batch that performs
/// it the way UIKit wants it: section deletes and inserts, at most one
/// section move (with no row operation in it), row deletes, inserts and
/// moves between the other surviving sections, and content changes as
/// reconfigures in N space.
struct GeneratedBatchChange {
    var before = ReplayTestState()
    var after = ReplayTestState()
    var update = BatchUpdate()

    private enum RowOrigin {
        /// Not moved: keeps its order among the other stayers.
        case stay(ElementPath)
        /// Moved, within its section or from another one.
        case moved(ElementPath)
        /// Inserted.
        case new(String)
    }

    private enum SectionOrigin {
        case old(Int)
        case new
    }

    init(using rng: inout SeededGenerator) {
        var nextID = 0
        func newID() -> String {
            nextID += 1
            return "r\(nextID)"
        }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

        for index in 0..<Int.random(in: 0...4, using: &rng) {
            let rows = (0..<Int.random(in: 0...5, using: &rng)).map { _ in ReplayTestState.Row(id: newID(), content: 0)
            }
            before.sections.append(ReplayTestState.Section(id: "s\(index)", content: 0, rows: rows))
        }
        let old = before.sections

        // Section fates.
        let deleted = old.indices.filter { _ in chance(20) }
        let survivors = old.indices.filter { !deleted.contains($0) }
        let movedSection: Int? = survivors.count >= 2 && chance(40) ? survivors.randomElement(using: &rng) : nil
        let plain = survivors.filter { $0 != movedSection }

        // Row fates in the plain survivors: stay, delete, or move to a plain survivor.
        var newRows: [Int: [RowOrigin]] = [:]
        var incoming: [Int: [RowOrigin]] = [:]
        for section in plain {
            newRows[section] = []
            for row in old[section].rows.indices {
                let path = ElementPath(section: section, row: row)
                if chance(20) {
                    update.elementDeleted.append(path)
                } else if chance(25), let destination = plain.randomElement(using: &rng) {
                    incoming[destination, default: []].append(.moved(path))
                } else {
                    newRows[section]?.append(.stay(path))
                }
            }
        }
        for section in plain {
            var rows = newRows[section] ?? []
            var extra = incoming[section] ?? []
            extra += (0..<Int.random(in: 0...2, using: &rng)).map { _ in RowOrigin.new(newID()) }
            for item in extra { rows.insert(item, at: Int.random(in: 0...rows.count, using: &rng)) }
            newRows[section] = rows
        }

        // Section order: plain survivors in order, the moved and new ones anywhere.
        var order: [SectionOrigin] = plain.map { .old($0) }
        if let movedSection { order.insert(.old(movedSection), at: Int.random(in: 0...order.count, using: &rng)) }
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            order.insert(.new, at: Int.random(in: 0...order.count, using: &rng))
        }

        update.sectionDeleted = deleted
        for (newIndex, origin) in order.enumerated() {
            switch origin {
            case .new:
                update.sectionInserted.append(newIndex)
                let rows = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    ReplayTestState.Row(id: newID(), content: 0)
                }
                after.sections.append(ReplayTestState.Section(id: "n\(newIndex)-\(newID())", content: 0, rows: rows))
            case .old(let oldIndex):
                if oldIndex == movedSection {
                    update.sectionMoved.append(Move(source: oldIndex, destination: newIndex))
                }
                let origins =
                    newRows[oldIndex]
                    ?? old[oldIndex].rows.indices.map { .stay(ElementPath(section: oldIndex, row: $0)) }
                var rows: [ReplayTestState.Row] = []
                for (row, origin) in origins.enumerated() {
                    let newPath = ElementPath(section: newIndex, row: row)
                    switch origin {
                    case .new(let id):
                        update.elementInserted.append(newPath)
                        rows.append(ReplayTestState.Row(id: id, content: 0))
                    case .stay(let oldPath), .moved(let oldPath):
                        var value = old[oldPath.section].rows[oldPath.row]
                        if case .moved = origin {
                            update.elementMoved.append(Move(source: oldPath, destination: newPath))
                        }
                        if chance(20) {
                            value.content += 1
                            update.elementReconfigured.append(newPath)
                        }
                        rows.append(value)
                    }
                }
                after.sections.append(ReplayTestState.Section(id: old[oldIndex].id, content: 0, rows: rows))
            }
        }
    }
}

/// Random batches: every well-formed batch is accepted and replays to its
/// target; breaking one is noticed; garbage never crashes the validator.
@Suite("Batch validation: generated batches")
struct GeneratedBatchTests {
    let validator = BatchUpdateValidator()

    @Test(arguments: 0..<8)
    func wellFormedBatchesAreAcceptedAndReplay(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<150 {
            let change = GeneratedBatchChange(using: &rng)
            let step = BatchReplayStep(update: change.update, afterState: change.after)
            let violations = validator.violations(from: change.before, to: change.after, steps: [step])
            #expect(violations.isEmpty, "\(change.update) from \(change.before.shape) to \(change.after.shape)")
            let shapesOnly = validator.replayViolations(
                from: change.before, to: change.after,
                steps: [BatchStep(update: change.update, after: change.after.shape)])
            #expect(shapesOnly.isEmpty)
        }
    }

    @Test(arguments: 0..<4)
    func droppingADeleteOrInsertBreaksTheCounts(seed: UInt64) {
        var rng = SeededGenerator(seed: 100 + seed)
        var checked = 0
        for _ in 0..<200 {
            let change = GeneratedBatchChange(using: &rng)
            let before = change.before.shape
            let after = change.after.shape
            if !change.update.elementDeleted.isEmpty {
                var broken = change.update
                broken.elementDeleted.removeLast()
                #expect(validator.validate(before: before, update: broken, after: after).rules.contains(.rowCount))
                checked += 1
            }
            if !change.update.elementInserted.isEmpty {
                var broken = change.update
                broken.elementInserted.removeFirst()
                #expect(validator.validate(before: before, update: broken, after: after).rules.contains(.rowCount))
                checked += 1
            }
            if !change.update.sectionDeleted.isEmpty {
                var broken = change.update
                broken.sectionDeleted.removeFirst()
                #expect(validator.validate(before: before, update: broken, after: after).rules.contains(.sectionCount))
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test(arguments: 0..<4)
    func droppingAReconfigureIsAMissedUpdate(seed: UInt64) {
        var rng = SeededGenerator(seed: 200 + seed)
        var checked = 0
        for _ in 0..<200 {
            let change = GeneratedBatchChange(using: &rng)
            guard !change.update.elementReconfigured.isEmpty else { continue }
            var broken = change.update
            let dropped = broken.elementReconfigured.removeLast()
            let step = BatchReplayStep(update: broken, afterState: change.after)
            let violations = validator.violations(from: change.before, to: change.after, steps: [step])
            #expect(violations.rules == [.missedUpdate])
            #expect(violations.map(\.path) == [dropped])
            checked += 1
        }
        #expect(checked > 50)
    }

    @Test(arguments: 0..<4)
    func garbageNeverCrashes(seed: UInt64) {
        var rng = SeededGenerator(seed: 300 + seed)
        let extremes = [Int.min, -1, 0, 1, 2, 3, Int.max]
        func index() -> Int {
            Int.random(in: 0..<10, using: &rng) == 0
                ? extremes.randomElement(using: &rng)! : Int.random(in: -2...5, using: &rng)
        }
        func shape() -> [Int] { (0..<Int.random(in: 0...4, using: &rng)).map { _ in index() } }
        func paths() -> [ElementPath] {
            (0..<Int.random(in: 0...4, using: &rng)).map { _ in ElementPath(section: index(), row: index()) }
        }
        func ints() -> [Int] { (0..<Int.random(in: 0...3, using: &rng)).map { _ in index() } }
        func update() -> BatchUpdate {
            BatchUpdate(
                sectionDeleted: ints(),
                sectionInserted: ints(),
                sectionUpdated: ints(),
                sectionMoved: ints().map { Move(source: $0, destination: index()) },
                elementDeleted: paths(),
                elementInserted: paths(),
                elementUpdated: paths(),
                elementMoved: paths().map {
                    Move(source: $0, destination: ElementPath(section: index(), row: index()))
                },
                elementReconfigured: paths())
        }
        func randomState() -> ReplayTestState {
            ReplayTestState(
                sections: (0..<Int.random(in: 0...3, using: &rng)).map { s in
                    ReplayTestState.Section(
                        id: "s\(s % 2)", content: 0,
                        rows: (0..<Int.random(in: 0...4, using: &rng)).map {
                            ReplayTestState.Row(id: "r\($0 % 3)", content: Int.random(in: 0...1, using: &rng))
                        })
                })
        }
        for _ in 0..<300 {
            let steps = (0..<Int.random(in: 0...3, using: &rng)).map { _ in BatchStep(update: update(), after: shape())
            }
            let violations = validator.validate(before: shape(), steps: steps)
            #expect(violations.allSatisfy { $0.batchIndex.map { steps.indices.contains($0) } ?? true })
            // Duplicate ids and shapes that disagree with the states on purpose.
            let replay = validator.replayViolations(from: randomState(), to: randomState(), steps: steps)
            #expect(replay.allSatisfy { $0.batchIndex.map { steps.indices.contains($0) } ?? true })
        }
    }

    @Test func hugeCountsDoNotAllocateOrOverflow() {
        let update = BatchUpdate(
            sectionInserted: [1], elementInserted: [ElementPath(section: 0, row: Int.max - 1)],
            elementUpdated: [ElementPath(section: 0, row: Int.max - 2)])
        let violations = validator.validate(before: [Int.max - 1], update: update, after: [Int.max, Int.max])
        #expect(violations.isEmpty)
        let wrong = validator.validate(before: [Int.max], update: BatchUpdate(), after: [0])
        #expect(wrong.rules == [.rowCount])
        // An unknown inserted section claiming more rows than both states hold.
        let before = replayState(replaySection("A", ["a"]))
        let target = replayState(replaySection("A", ["a"]))
        let steps = [
            BatchStep(update: BatchUpdate(sectionInserted: [1]), after: [1, Int.max]),
            BatchStep(update: BatchUpdate(sectionDeleted: [1]), after: [1]),
        ]
        let replay = validator.replayViolations(from: before, to: target, steps: steps)
        #expect(replay.rules == [.replayMismatch])
    }
}

/// UIKit's index mapping (spec step 3), against a literal transcription.
@Suite("Batch validation: index shift")
struct BatchIndexShiftTests {
    /// Step 3 as written: down by the removed indexes at or before `x`, then
    /// up by each inserted index at or before the running result, ascending.
    func reference(_ x: Int, removing removed: [Int], inserting inserted: [Int]) -> Int {
        var y = x - removed.filter { $0 <= x }.count
        for index in inserted.sorted() where index <= y { y += 1 }
        return y
    }

    @Test func examples() {
        #expect(BatchSimulation.shift(2, removing: [0], inserting: [0, 2]) == 3)
        #expect(BatchSimulation.shift(0, removing: [], inserting: [0, 1, 2]) == 3)
        #expect(BatchSimulation.shift(5, removing: [1, 2], inserting: [9]) == 3)
        #expect(BatchSimulation.shift(Int.max - 1, removing: [], inserting: [0, 1]) == Int.max)
    }

    @Test(arguments: 0..<4)
    func matchesTheLiteralRule(seed: UInt64) {
        var rng = SeededGenerator(seed: 400 + seed)
        for _ in 0..<2000 {
            let removed = BatchSimulation.distinctSorted(
                (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                    Int.random(in: 0...12, using: &rng)
                })
            let inserted = BatchSimulation.distinctSorted(
                (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                    Int.random(in: 0...12, using: &rng)
                })
            let x = Int.random(in: 0...12, using: &rng)
            guard !removed.contains(x) else { continue }
            #expect(
                BatchSimulation.shift(x, removing: removed, inserting: inserted)
                    == reference(x, removing: removed, inserting: inserted))
        }
    }
}
