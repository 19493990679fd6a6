import BoxDiffTestSupport
import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// Issue #5: a mutation test of the batch-update validator.
///
/// The batches BoxDiff emits for random Box pairs (both algorithms, both
/// modes) are valid; corrupting one call of one stage must make the
/// validator (shape checks and identity replay together,
/// `violations(from:to:steps:)`) report an error. Five corruptions: drop an
/// insert, shift a delete onto its neighbour, swap a move's ends, add a
/// reload of a moved row, move a row into an inserted section.
///
/// A corruption that yields a batch UIKit accepts and that shows the same
/// thing (see `Skip`) is no corruption: such a candidate is set aside,
/// never counted as applied, and another one is picked; the validator must
/// accept it like the emitted batch.
///
/// Totals over 4 configurations × 400 seeds, applied = rejected for every
/// kind (per configuration heckel/staged, heckel/single batch, lcs/staged,
/// lcs/single batch):
///
/// | Corruption                          | Applied = rejected          |
/// |-------------------------------------|-----------------------------|
/// | drop an insert                      | 1317 (310, 348, 311, 348)   |
/// | shift a delete                      | 1268 (317, 317, 317, 317)   |
/// | swap a move's ends                  | 681 (241, 101, 236, 103)    |
/// | reload a moved row                  | 660 (232, 100, 228, 100)    |
/// | move a row into an inserted section | 703 (152, 198, 156, 197)    |
/// | all                                 | 4629                        |
///
/// Set aside: 221 swapped moves giving the same layout, 53 no-op moves, 23
/// deletes shifted onto a twin row (all accepted, as they must be), and 5
/// deletes shifted onto a duplicate refreshed later (not decided).
@Suite("Batch validation: corrupted emitted batches are rejected")
struct BatchMutationTests {
    typealias State = BatchReplayState<Int, Int>
    typealias Step = BatchReplayStep<Int, Int>

    enum Mutation: String, CaseIterable, Sendable {
        case dropInsert = "drop an insert"
        case shiftDelete = "shift a delete"
        case swapMoveEnds = "swap a move's ends"
        case reloadMovedRow = "reload a moved row"
        case moveIntoInsertedSection = "move a row into an inserted section"
    }

    struct Configuration: Sendable, CustomTestStringConvertible {
        var algorithm: DiffAlgorithm
        var mode: BatchMode
        var testDescription: String { "\(algorithm), \(mode)" }
    }

    static let configurations: [Configuration] = DiffAlgorithm.allCases.flatMap { algorithm in
        BatchMode.allCases.map { Configuration(algorithm: algorithm, mode: $0) }
    }

    static let seeds: Range<UInt64> = 0..<400

    /// Why a candidate corruption is set aside rather than applied.
    enum Skip: String, CaseIterable, Sendable {
        /// A dropped row insert inside a section the same batch inserts:
        /// UIKit drops such an insert anyway (spec step 4).
        case rowInsertInInsertedSection = "row insert inside an inserted section"
        /// A shifted row delete inside a section the same batch deletes or
        /// reloads: UIKit drops it wherever it points (spec step 4).
        case rowDeleteInDeletedSection = "row delete inside a deleted section"
        /// A delete shifted onto a duplicate neighbour (same id and content;
        /// for a section, same header and rows) that no other call touches,
        /// the view showing both alike: the same rows or sections are left.
        case twinRow = "delete shifted onto a duplicate row"
        case twinSection = "delete shifted onto a duplicate section"
        /// A move whose ends are equal is its own swap.
        case noOpMove = "no-op move"
        /// The swapped move lays the rows (or sections) out exactly as the
        /// emitted one and clashes with no other call: e.g. two neighbours
        /// exchanged, where moving either one past the other is the same
        /// exchange.
        case sameLayout = "swapped move gives the same layout"
        /// A delete shifted onto a duplicate of the same id whose content
        /// the view may show differently (one of the two was reloaded in an
        /// earlier stage), when a later stage refreshes content (section
        /// reloads, row reloads or reconfigures): whether the kept duplicate
        /// ends up stale depends on whether that refresh covers it (a reload
        /// of its whole section does), and identities cannot tell the two
        /// apart. Not decided here: neither applied nor asserted.
        case duplicateRefreshedLater = "delete shifted onto a duplicate refreshed later"

        /// Whether the corrupted batch is known to be accepted by UIKit and
        /// to show the same thing: then the validator must accept it too.
        var isEquivalent: Bool { self != .duplicateRefreshedLater }
    }

    /// A corrupted batch, and why it is set aside, if it is.
    struct Corruption {
        var update: BatchUpdate
        var skip: Skip?

        init(_ update: BatchUpdate, _ skip: Skip? = nil) {
            self.update = update
            self.skip = skip
        }
    }

    /// One corrupted batch: the stage it replaces and its calls.
    struct Candidate {
        var stage: Int
        var update: BatchUpdate
        var skip: Skip?
    }

    /// The emitted batches of one changeset and the states around them.
    struct Emitted {
        let before: State
        let target: State
        let steps: [Step]

        /// The data the view shows before stage `k` (its O state).
        func old(_ k: Int) -> State { k == 0 ? before : steps[k - 1].afterState! }
        /// The data after stage `k` (its N state).
        func new(_ k: Int) -> State { steps[k].afterState! }
    }

    @Test(
        "Every corrupted emitted batch is rejected (4 × 400 changesets: 4629 corruptions applied, 4629 rejected)",
        arguments: configurations)
    func corruptedBatchesAreRejected(configuration: Configuration) throws {
        let validator = BatchUpdateValidator()
        var applied: [Mutation: Int] = [:]
        var rejected: [Mutation: Int] = [:]
        var skipped: [Skip: Int] = [:]
        for seed in Self.seeds {
            var rng = SeededGenerator(seed: seed)
            let shape = BoxPairShape(
                maxSections: 6, maxRowsPerSection: 8, duplicates: seed % 3 == 0, editRate: 0.3,
                incomparableRate: seed % 5 == 0 ? 0.2 : 0)
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            var options = DiffOptions(algorithm: configuration.algorithm)
            options.mode = configuration.mode
            options.updateStyle = seed % 4 == 1 ? .reconfigure : .reload
            let changeset = try StagedChangeset(source: old, target: new, options: options)
            guard !changeset.reloadsEverything, let last = changeset.stages.last else { continue }
            let emitted = Emitted(
                before: old.replayState(incomparableContent: ReplayMarkers.source),
                target: last.data.replayState(incomparableContent: ReplayMarkers.target),
                steps: changeset.replaySteps())

            // The unmodified batches pass.
            let baseline = validator.violations(from: emitted.before, to: emitted.target, steps: emitted.steps)
            #expect(baseline.errors.isEmpty, "seed \(seed): emitted batches rejected: \(baseline)")
            guard baseline.errors.isEmpty else { continue }

            func errors(_ candidate: Candidate) -> [BatchViolation] {
                var steps = emitted.steps
                steps[candidate.stage] = Step(update: candidate.update, afterState: emitted.new(candidate.stage))
                return validator.violations(from: emitted.before, to: emitted.target, steps: steps).errors
            }
            func describe(_ mutation: Mutation, _ candidate: Candidate) -> String {
                """
                seed \(seed), \(mutation.rawValue), stage \(candidate.stage): \
                \(emitted.steps[candidate.stage].update) became \(candidate.update)
                """
            }

            for mutation in Mutation.allCases {
                let all = Self.candidates(mutation, emitted)
                // The skipped ones are never picked; those known to be
                // equivalent must be accepted like the emitted batch.
                for candidate in all {
                    guard let skip = candidate.skip else { continue }
                    skipped[skip, default: 0] += 1
                    guard skip.isEquivalent else { continue }
                    let found = errors(candidate)
                    #expect(found.isEmpty, "\(skip.rawValue) rejected: \(describe(mutation, candidate)): \(found)")
                }
                guard let pick = all.filter({ $0.skip == nil }).randomElement(using: &rng) else { continue }
                let errors = errors(pick)
                applied[mutation, default: 0] += 1
                let context = describe(mutation, pick)
                #expect(!errors.isEmpty, "accepted: \(context)")
                if !errors.isEmpty { rejected[mutation, default: 0] += 1 }
                // The two corruptions that break one rule by construction report it.
                switch mutation {
                case .reloadMovedRow:
                    #expect(errors.rules.contains(.deleteAndMoveFromSamePlace), "\(context): \(errors)")
                case .moveIntoInsertedSection:
                    #expect(errors.rules.contains(.rowMoveAcrossDeletedOrInsertedSection), "\(context): \(errors)")
                default: break
                }
            }
        }
        // Set-aside candidates stay few: the skips do not hollow the test out.
        let setAside = skipped.values.reduce(0, +)
        #expect(setAside * 5 < applied.values.reduce(0, +), "\(skipped)")
        for mutation in Mutation.allCases {
            #expect(
                applied[mutation, default: 0] >= 50, "\(mutation.rawValue) applied \(applied[mutation, default: 0])")
            #expect(rejected[mutation, default: 0] == applied[mutation, default: 0], "\(mutation.rawValue)")
        }
    }

    // MARK: Candidates

    /// Every way to apply `mutation` to one call of one stage, each with its
    /// `Skip` reason when it is no real corruption.
    static func candidates(_ mutation: Mutation, _ emitted: Emitted) -> [Candidate] {
        var result: [Candidate] = []
        for (k, step) in emitted.steps.enumerated() {
            let updates: [Corruption]
            switch mutation {
            case .dropInsert: updates = dropInsert(step.update)
            case .shiftDelete:
                let refreshedLater = emitted.steps[(k + 1)...].contains {
                    !$0.update.sectionUpdated.isEmpty || !$0.update.elementUpdated.isEmpty
                        || !$0.update.elementReconfigured.isEmpty
                }
                updates = shiftDelete(step.update, old: emitted.old(k), isFirst: k == 0, refreshedLater: refreshedLater)
            case .swapMoveEnds: updates = swapMoveEnds(step.update, old: emitted.old(k), new: emitted.new(k))
            case .reloadMovedRow: updates = reloadMovedRow(step.update)
            case .moveIntoInsertedSection:
                updates = moveIntoInsertedSection(step.update, old: emitted.old(k), new: emitted.new(k))
            }
            result += updates.map { Candidate(stage: k, update: $0.update, skip: $0.skip) }
        }
        return result
    }

    /// One section insert or row insert removed.
    static func dropInsert(_ update: BatchUpdate) -> [Corruption] {
        var result: [Corruption] = []
        for i in update.sectionInserted.indices {
            var broken = update
            broken.sectionInserted.remove(at: i)
            result.append(Corruption(broken))
        }
        for (i, path) in update.elementInserted.enumerated() {
            var broken = update
            broken.elementInserted.remove(at: i)
            // Skip: UIKit drops a row insert inside a section the same batch
            // inserts (spec step 4), so leaving it out changes nothing.
            let dropped = update.sectionInserted.contains(path.section)
            result.append(Corruption(broken, dropped ? .rowInsertInInsertedSection : nil))
        }
        return result
    }

    /// One section or row delete moved to the next or previous index of O.
    ///
    /// `old` is the data before the batch; the view shows the same
    /// identities, and the same contents except perhaps for incomparable
    /// ones (marked, and alike in the data whether refreshed in the view or
    /// not) after the first stage. `refreshedLater`: a later stage reloads
    /// or reconfigures something.
    static func shiftDelete(_ update: BatchUpdate, old: State, isFirst: Bool, refreshedLater: Bool) -> [Corruption] {
        var result: [Corruption] = []
        let markers: Set<Int> = [ReplayMarkers.source, ReplayMarkers.target]
        /// Whether the view shows the contents of these rows as the data says.
        func viewMatchesData(_ rows: [State.Row]) -> Bool {
            isFirst || !rows.contains { markers.contains($0.content) }
        }
        let rowCallSections = Set(
            (update.elementDeleted + update.elementUpdated + update.elementMoved.map(\.source)).map(\.section))
        let sectionCalls = Set(update.sectionDeleted + update.sectionUpdated + update.sectionMoved.map(\.source))
        for (i, section) in update.sectionDeleted.enumerated() {
            for shifted in [section - 1, section + 1] where old.sections.indices.contains(shifted) {
                let a = old.sections[section]
                let b = old.sections[shifted]
                let untouched =
                    !sectionCalls.contains(shifted) && !rowCallSections.contains(section)
                    && !rowCallSections.contains(shifted)
                var broken = update
                broken.sectionDeleted[i] = shifted
                if untouched, a == b, !markers.contains(a.content), viewMatchesData(a.rows) {
                    // Skip: deleting a twin instead leaves the same sections.
                    result.append(Corruption(broken, .twinSection))
                } else if untouched, a.id == b.id, a.rows.map(\.id) == b.rows.map(\.id), refreshedLater {
                    // Skip: only contents differ, and a later refresh may cover them.
                    result.append(Corruption(broken, .duplicateRefreshedLater))
                } else {
                    result.append(Corruption(broken))
                }
            }
        }
        let touchedRows = Set(update.elementDeleted + update.elementUpdated + update.elementMoved.map(\.source))
        let goneSections = Set(update.sectionDeleted + update.sectionUpdated)
        for (i, path) in update.elementDeleted.enumerated() {
            let rows = old.sections[path.section].rows
            for row in [path.row - 1, path.row + 1] where rows.indices.contains(row) {
                let shifted = ElementPath(section: path.section, row: row)
                var broken = update
                broken.elementDeleted[i] = shifted
                if goneSections.contains(path.section) {
                    // Skip: UIKit drops the delete wherever it points.
                    result.append(Corruption(broken, .rowDeleteInDeletedSection))
                } else if touchedRows.contains(shifted) || rows[row].id != rows[path.row].id {
                    result.append(Corruption(broken))
                } else if rows[row] == rows[path.row], viewMatchesData([rows[row]]) {
                    // Skip: deleting a twin instead leaves the same rows.
                    result.append(Corruption(broken, .twinRow))
                } else if refreshedLater {
                    // Skip: only contents differ, and a later refresh may cover them.
                    result.append(Corruption(broken, .duplicateRefreshedLater))
                } else {
                    result.append(Corruption(broken))
                }
            }
        }
        return result
    }

    /// One section or row move with source and destination exchanged.
    static func swapMoveEnds(_ update: BatchUpdate, old: State, new: State) -> [Corruption] {
        var result: [Corruption] = []
        for (i, move) in update.sectionMoved.enumerated() {
            var broken = update
            broken.sectionMoved[i] = Move(source: move.destination, destination: move.source)
            if move.source == move.destination {
                // Skip: a move S → S is its own swap.
                result.append(Corruption(broken, .noOpMove))
            } else if sameSectionLayout(update, broken, old: old, new: new) {
                // Skip: the swapped move lays the sections out the same way.
                result.append(Corruption(broken, .sameLayout))
            } else {
                result.append(Corruption(broken))
            }
        }
        for (i, move) in update.elementMoved.enumerated() {
            var broken = update
            broken.elementMoved[i] = Move(source: move.destination, destination: move.source)
            if move.source == move.destination {
                // Skip: a move P → P is its own swap.
                result.append(Corruption(broken, .noOpMove))
            } else if sameRowLayout(update, broken, moveIndex: i, old: old, new: new) {
                // Skip: the swapped move lays the rows out the same way.
                result.append(Corruption(broken, .sameLayout))
            } else {
                result.append(Corruption(broken))
            }
        }
        return result
    }

    /// A reload of a moved row added (at the move's source, O).
    static func reloadMovedRow(_ update: BatchUpdate) -> [Corruption] {
        update.elementMoved.map { move in
            var broken = update
            broken.elementUpdated.append(move.source)
            return Corruption(broken)
        }
    }

    /// A row moved into a section the same batch inserts: an existing move
    /// redirected there, or, in a batch without row moves, a move of a
    /// surviving row added.
    static func moveIntoInsertedSection(_ update: BatchUpdate, old: State, new: State) -> [Corruption] {
        var result: [Corruption] = []
        let targets = update.sectionInserted.filter { new.sections.indices.contains($0) }.flatMap { section in
            new.sections[section].rows.indices.map { ElementPath(section: section, row: $0) }
        }
        guard !targets.isEmpty else { return [] }
        if !update.elementMoved.isEmpty {
            for i in update.elementMoved.indices {
                for target in targets {
                    var broken = update
                    broken.elementMoved[i].destination = target
                    result.append(Corruption(broken))
                }
            }
            return result
        }
        let gone = Set(update.sectionDeleted + update.sectionUpdated + update.sectionMoved.map(\.source))
        let touched = Set(update.elementDeleted + update.elementUpdated)
        for section in old.sections.indices where !gone.contains(section) {
            for row in old.sections[section].rows.indices {
                let source = ElementPath(section: section, row: row)
                guard !touched.contains(source) else { continue }
                for target in targets {
                    var broken = update
                    broken.elementMoved.append(Move(source: source, destination: target))
                    result.append(Corruption(broken))
                }
            }
        }
        return result
    }

    // MARK: Equivalence of a swapped move

    /// What stands at an N position after a batch: a row of O (by value, so
    /// that duplicates compare equal) or a new one.
    enum Slot<Value: Hashable>: Hashable {
        case old(Value)
        case inserted
    }

    /// Places `fixed` values at their N indexes and `stayers` in order in
    /// the gaps, as UIKit lays out a list; `nil` when they do not fill
    /// exactly `count` slots.
    static func layout<Value: Hashable>(count: Int, fixed: [(Int, Slot<Value>)], stayers: [Value]) -> [Slot<Value>]? {
        var slots = [Slot<Value>?](repeating: nil, count: count)
        for (index, value) in fixed {
            guard slots.indices.contains(index), slots[index] == nil else { return nil }
            slots[index] = value
        }
        var next = stayers.makeIterator()
        for index in slots.indices where slots[index] == nil {
            guard let stayer = next.next() else { return nil }
            slots[index] = .old(stayer)
        }
        guard next.next() == nil else { return nil }
        return slots.map { $0! }
    }

    /// The O section each N section carries (`.inserted` for an inserted
    /// one), reloaded sections staying in the flow; `nil` when the section
    /// calls do not fit the counts.
    static func sectionOrigins(_ update: BatchUpdate, old: State, new: State) -> [Slot<Int>]? {
        let moved = Set(update.sectionMoved.map(\.source))
        let removed = Set(update.sectionDeleted).union(moved)
        let fixed =
            update.sectionInserted.map { ($0, Slot<Int>.inserted) }
            + update.sectionMoved.map { ($0.destination, Slot.old($0.source)) }
        return layout(
            count: new.sections.count, fixed: fixed, stayers: old.sections.indices.filter { !removed.contains($0) })
    }

    /// Whether two batches that differ in one section move only lay the
    /// sections out the same way. Only decided for batches without row
    /// calls or section reloads (the layout alone then says what the view
    /// shows); `false` otherwise.
    static func sameSectionLayout(_ a: BatchUpdate, _ b: BatchUpdate, old: State, new: State) -> Bool {
        guard a.elementDeleted.isEmpty, a.elementInserted.isEmpty, a.elementMoved.isEmpty, a.elementUpdated.isEmpty,
            a.sectionUpdated.isEmpty
        else { return false }
        func sections(_ update: BatchUpdate) -> [Slot<State.Section>]? {
            let moved = Set(update.sectionMoved.map(\.source))
            guard moved.count == update.sectionMoved.count,
                update.sectionMoved.allSatisfy({ old.sections.indices.contains($0.source) })
            else { return nil }
            let removed = Set(update.sectionDeleted).union(moved)
            let fixed =
                update.sectionInserted.map { ($0, Slot<State.Section>.inserted) }
                + update.sectionMoved.map { ($0.destination, Slot.old(old.sections[$0.source])) }
            let stayers = old.sections.indices.filter { !removed.contains($0) }.map { old.sections[$0] }
            return layout(count: new.sections.count, fixed: fixed, stayers: stayers)
        }
        guard let x = sections(a), let y = sections(b) else { return false }
        return x == y
    }

    /// Whether two batches that differ in row move `moveIndex` only lay the
    /// rows out the same way. Only decided for a move within one section
    /// that keeps its index (neither deleted, moved nor reloaded, and
    /// carried from O index S to N index S), when the swapped move clashes
    /// with no other call; `false` otherwise.
    static func sameRowLayout(_ a: BatchUpdate, _ b: BatchUpdate, moveIndex: Int, old: State, new: State) -> Bool {
        let move = b.elementMoved[moveIndex]
        let section = move.source.section
        guard move.destination.section == section, old.sections.indices.contains(section),
            new.sections.indices.contains(section), !a.sectionUpdated.contains(section),
            !a.sectionMoved.contains(where: { $0.source == section }),
            let map = sectionOrigins(a, old: old, new: new), map[section] == .old(section)
        else { return false }
        let others = b.elementMoved.enumerated().filter { $0.offset != moveIndex }.map(\.element)
        guard !b.elementDeleted.contains(move.source), !b.elementUpdated.contains(move.source),
            !others.contains(where: { $0.source == move.source }),
            !b.elementInserted.contains(move.destination),
            !others.contains(where: { $0.destination == move.destination })
        else { return false }
        func rows(_ update: BatchUpdate) -> [Slot<State.Row>]? {
            func oldRow(_ path: ElementPath) -> State.Row? {
                guard old.sections.indices.contains(path.section),
                    old.sections[path.section].rows.indices.contains(path.row)
                else { return nil }
                return old.sections[path.section].rows[path.row]
            }
            var fixed = update.elementInserted.filter { $0.section == section }
                .map { ($0.row, Slot<State.Row>.inserted) }
            for m in update.elementMoved where m.destination.section == section {
                guard let row = oldRow(m.source) else { return nil }
                fixed.append((m.destination.row, .old(row)))
            }
            let removed = Set(
                (update.elementDeleted.filter { $0.section == section }
                    + update.elementMoved.map(\.source).filter { $0.section == section }).map(\.row))
            let stayers = old.sections[section].rows.enumerated().filter { !removed.contains($0.offset) }.map(
                \.element)
            return layout(count: new.sections[section].rows.count, fixed: fixed, stayers: stayers)
        }
        guard let x = rows(a), let y = rows(b) else { return false }
        return x == y
    }
}
