import BoxDiff

/// Checks batch updates against UIKit's rules without UIKit
/// (<doc:BatchUpdateRules>).
///
/// `validate(before:steps:)` simulates how `UITableView` /
/// `UICollectionView.performBatchUpdates` processes each batch and returns
/// every rule it breaks, with UIKit's wording; it needs only the number of
/// rows per section. `replayViolations(from:to:steps:)` goes further on real
/// identities: it applies the batches the way UIKit would and checks that
/// the result is the expected data, and that exactly the changed rows and
/// sections are refreshed.
///
/// The validator never traps, whatever it is given (negative or huge
/// indexes, empty or negative shapes): bad indexes are reported, not
/// crashed on, and a negative row count in a shape is read as 0 (no
/// data source can report one: `validate(before: [-5], ...)` judges the
/// batch against an empty section).
///
/// ```swift
/// let validator = BatchUpdateValidator(flavor: .collectionView)
/// let violations = validator.validate(
///     before: [3],
///     steps: [BatchStep(update: BatchUpdate(elementInserted: [ElementPath(section: 0, row: 5)]), after: [4])]
/// )
/// // One violation of rule 6 (`.rowInsertOutOfRange`), with the message
/// // "attempt to insert item 5 into section 0, but there are only 4 items in section 0 after the update"
/// ```
public struct BatchUpdateValidator: Hashable, Sendable {
    /// The view whose words the messages use.
    public var flavor: Flavor

    /// Creates a validator speaking of table-view rows or collection-view items.
    public init(flavor: Flavor = .tableView) {
        self.flavor = flavor
    }

    var messages: BatchMessages { BatchMessages(flavor: flavor) }

    /// Every rule broken by a sequence of batches.
    ///
    /// Batch `k` is checked against the shape the view shows before it: the
    /// `after` shape of step `k - 1`, or `before` for the first batch (rule
    /// 19: the O shape is given explicitly, never taken from the data
    /// source). When a batch does not fit that shape but fits one of the
    /// ``staleStateLookBack`` shapes before it, a `staleBeforeState`
    /// violation names the latest such shape. (Looking further back made
    /// the check quadratic in the number of batches: each failing batch
    /// simulated itself on every older shape.)
    ///
    /// - Parameters:
    ///   - before: Rows per section the view shows before the first batch.
    ///   - steps: The batches in order, each with the shape after it.
    /// - Returns: The violations, ordered by batch, then by rule; empty when
    ///   UIKit would accept and animate every batch correctly.
    /// - Complexity: O((s + u) log u) per batch for s sections and u calls
    ///   (times ``staleStateLookBack`` for a batch that breaks a count rule);
    ///   independent of the row counts.
    public func validate(before: [Int], steps: [BatchStep]) -> [BatchViolation] {
        var result: [BatchViolation] = []
        var shapes = [before]
        shapes += steps.map(\.after)
        for (index, step) in steps.enumerated() {
            let old = shapes[index]
            let simulation = BatchSimulation(update: step.update, old: old, new: step.after)
            let found = violations(of: step.update, simulation: simulation, batchIndex: index)
            result += found
            if index > 0, found.contains(where: { Self.shapeRules.contains($0.rule) }),
                let older = (max(0, index - Self.staleStateLookBack)..<index).reversed().first(where: {
                    fits(step.update, old: shapes[$0], new: step.after)
                })
            {
                result.append(
                    BatchViolation(
                        rule: .staleBeforeState, batchIndex: index,
                        message: messages.staleBeforeState(batch: index, matchingStateBeforeBatch: older)))
            }
        }
        result += reconfigureOrderViolations(steps)
        return Self.ordered(result)
    }

    /// How many shapes before a batch's own are tried when the batch breaks
    /// a count rule, to report a stale before-state (rule 19): a batch
    /// computed against the view's state one or a few batches ago.
    public static let staleStateLookBack = 32

    /// Every rule broken by a single batch: `validate(before:steps:)` with
    /// one step.
    public func validate(before: [Int], update: BatchUpdate, after: [Int]) -> [BatchViolation] {
        validate(before: before, steps: [BatchStep(update: update, after: after)])
    }

    /// The checks of one batch against its O and N shapes.
    func violations(of update: BatchUpdate, simulation: BatchSimulation, batchIndex: Int) -> [BatchViolation] {
        rangeViolations(update, simulation, batchIndex: batchIndex)
            + countViolations(update, simulation, batchIndex: batchIndex)
            + conflictViolations(update, simulation, batchIndex: batchIndex)
            + reconfigureViolations(update, simulation, batchIndex: batchIndex)
    }

    /// The rules that say a batch does not fit its shapes (1–7).
    static let shapeRules: Set<BatchRule> = [
        .sectionCount, .rowCount, .sectionDeleteOutOfRange, .rowDeleteOutOfRange,
        .sectionInsertOutOfRange, .rowInsertOutOfRange, .moveOutOfRange,
    ]

    /// Whether `update` breaks none of rules 1–7 between `old` and `new`.
    func fits(_ update: BatchUpdate, old: [Int], new: [Int]) -> Bool {
        let simulation = BatchSimulation(update: update, old: old, new: new)
        return rangeViolations(update, simulation, batchIndex: 0).isEmpty
            && !countViolations(update, simulation, batchIndex: 0).contains(where: { Self.shapeRules.contains($0.rule) }
            )
    }

    /// Violations sorted by batch (sequence-wide ones last), then by rule,
    /// keeping the order of discovery within a rule.
    static func ordered(_ violations: [BatchViolation]) -> [BatchViolation] {
        let rank = Dictionary(uniqueKeysWithValues: BatchRule.allCases.enumerated().map { ($1, $0) })
        return violations.enumerated().sorted { lhs, rhs in
            let l = (lhs.element.batchIndex ?? Int.max, rank[lhs.element.rule] ?? 0, lhs.offset)
            let r = (rhs.element.batchIndex ?? Int.max, rank[rhs.element.rule] ?? 0, rhs.offset)
            return l < r
        }.map(\.element)
    }
}

/// Yields each element once, in the order of first appearance.
func firstOccurrences<T: Hashable>(_ values: [T]) -> [T] {
    var seen = Set<T>()
    return values.filter { seen.insert($0).inserted }
}

/// The elements that appear more than once, each listed once.
func repeatedElements<T: Hashable>(_ values: [T]) -> [T] {
    var seen = Set<T>()
    var repeated = Set<T>()
    return values.filter { value in
        if seen.insert(value).inserted { return false }
        return repeated.insert(value).inserted
    }
}
