import BoxDiff

/// A rule of <doc:BatchUpdateRules> that a batch can break.
///
/// Cases `sectionCount` through `staleBeforeState` are the numbered rules
/// 1–19 (see `number`). `reconfigureOutOfRange`, `reconfigureOfReplacedRow`,
/// `reconfigureBeforeStructuralChange` and `duplicateReconfigure` are the
/// checks of the spec's "Reconfigure checks" section; `reconfigureOfUnchangedRow`,
/// `replayMismatch`, `missedUpdate` and `reloadOfUnchangedContent` come from
/// replaying the batches on real identities
/// (`BatchUpdateValidator.replayViolations(from:to:steps:)`, "The replay
/// check").
///
/// ```swift
/// BatchRule.rowCount.number        // 2
/// BatchRule.missedUpdate.number    // nil
/// ```
public enum BatchRule: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Rule 1: sections after = before + inserted − deleted.
    case sectionCount
    /// Rule 2: rows of a surviving section after = before + inserted −
    /// deleted + moved in − moved out (a reload is one delete plus one insert).
    case rowCount
    /// Rule 3: a section delete (or the delete half of a section reload)
    /// out of range in O.
    case sectionDeleteOutOfRange
    /// Rule 4: a row delete (or the delete half of a row reload) out of
    /// range in O.
    case rowDeleteOutOfRange
    /// Rule 5: a section insert (or a section reload's target) out of range in N.
    case sectionInsertOutOfRange
    /// Rule 6: a row insert (or a row reload's target `r'`) out of range in N.
    case rowInsertOutOfRange
    /// Rule 7: a move whose source is out of range in O or whose destination
    /// is out of range in N, for sections or rows.
    case moveOutOfRange
    /// Rule 8: a delete (or reload) and a move from the same place (O).
    case deleteAndMoveFromSamePlace
    /// Rule 9: an insert (or a reload's target) and a move to the same place (N).
    case insertAndMoveToSamePlace
    /// Rule 10: a row both deleted and reloaded (O).
    case deleteAndReloadSamePath
    /// Rule 11: a reload whose target, computed as UIKit does (ignoring
    /// moves), is not where the reloaded row or section ends up.
    case reloadTarget
    /// Rule 12: a row reload inside a deleted (or reloaded) section, or a
    /// section both deleted and reloaded.
    case reloadInDeletedSection
    /// Rule 13: one source moved to two destinations, or two sources moved
    /// to one destination (identical duplicate moves are warnings).
    case conflictingMoves
    /// Rule 14: the same section or row deleted, inserted or reloaded twice.
    case duplicateDeleteOrInsert
    /// Rule 15: a row operation inside a deleted or inserted section that
    /// UIKit does not drop silently: row deletes and inserts inside a
    /// reloaded section, and row deletes inside a deleted section or
    /// inserts inside an inserted one in a batch that reloads rows (UIKit
    /// counts them when it computes a reload's target).
    case rowOperationInDeletedOrInsertedSection
    /// Rule 16: a row moved out of a deleted section or into an inserted one.
    case rowMoveAcrossDeletedOrInsertedSection
    /// Rule 17: a moved section that also has row operations.
    case sectionMoveWithRowOperations
    /// Rule 18: a reloaded section that is also moved, or a no-op section
    /// move (S→S) together with row moves out of S.
    case reloadOfMovedSection
    /// Rule 19: a batch that does not fit the state the view shows but fits
    /// an older one: it was computed against a stale before-state.
    case staleBeforeState
    /// A reconfigured path out of range in the N space of its batch.
    case reconfigureOutOfRange
    /// A reconfigured row that the same batch inserts or reloads (or whose
    /// section it inserts or reloads): the cell is new, nothing to reconfigure.
    case reconfigureOfReplacedRow
    /// A reconfigure followed by a later batch that deletes, inserts or moves:
    /// reconfigure must come after the last structural batch, in its N space.
    case reconfigureBeforeStructuralChange
    /// The same path reconfigured twice after one batch (a warning).
    case duplicateReconfigure
    /// A reconfigured row whose content did not change (replay check).
    case reconfigureOfUnchangedRow
    /// Replaying the batches does not give the expected sections and rows.
    case replayMismatch
    /// A row or section whose content changed but which no batch refreshed.
    case missedUpdate
    /// A reloaded row or section whose content did not change.
    case reloadOfUnchangedContent

    /// The rule's number in <doc:BatchUpdateRules> (1–19), or `nil` for
    /// the reconfigure and replay checks, which are not numbered there.
    public var number: Int? {
        switch self {
        case .sectionCount: 1
        case .rowCount: 2
        case .sectionDeleteOutOfRange: 3
        case .rowDeleteOutOfRange: 4
        case .sectionInsertOutOfRange: 5
        case .rowInsertOutOfRange: 6
        case .moveOutOfRange: 7
        case .deleteAndMoveFromSamePlace: 8
        case .insertAndMoveToSamePlace: 9
        case .deleteAndReloadSamePath: 10
        case .reloadTarget: 11
        case .reloadInDeletedSection: 12
        case .conflictingMoves: 13
        case .duplicateDeleteOrInsert: 14
        case .rowOperationInDeletedOrInsertedSection: 15
        case .rowMoveAcrossDeletedOrInsertedSection: 16
        case .sectionMoveWithRowOperations: 17
        case .reloadOfMovedSection: 18
        case .staleBeforeState: 19
        default: nil
        }
    }

    /// The numbered rule with that number, or `nil` outside 1–19.
    public init?(number: Int) {
        guard let rule = Self.allCases.first(where: { $0.number == number }) else { return nil }
        self = rule
    }

    /// A short name of the rule, as the spec titles it.
    public var title: String {
        switch self {
        case .sectionCount: "section count"
        case .rowCount: "row count per surviving section"
        case .sectionDeleteOutOfRange: "section delete out of range"
        case .rowDeleteOutOfRange: "row delete out of range"
        case .sectionInsertOutOfRange: "section insert out of range"
        case .rowInsertOutOfRange: "row insert out of range"
        case .moveOutOfRange: "move out of range"
        case .deleteAndMoveFromSamePlace: "delete and move from the same place"
        case .insertAndMoveToSamePlace: "insert and move to the same place"
        case .deleteAndReloadSamePath: "delete and reload the same path"
        case .reloadTarget: "reload target"
        case .reloadInDeletedSection: "reload inside a deleted section"
        case .conflictingMoves: "conflicting moves"
        case .duplicateDeleteOrInsert: "duplicate deletes / inserts"
        case .rowOperationInDeletedOrInsertedSection: "row operation inside a deleted or inserted section"
        case .rowMoveAcrossDeletedOrInsertedSection: "row move out of a deleted or into an inserted section"
        case .sectionMoveWithRowOperations: "section move with row operations"
        case .reloadOfMovedSection: "reload of a moved section"
        case .staleBeforeState: "stale before-state"
        case .reconfigureOutOfRange: "reconfigure out of range"
        case .reconfigureOfReplacedRow: "reconfigure of an inserted or reloaded row"
        case .reconfigureBeforeStructuralChange: "reconfigure before a structural batch"
        case .duplicateReconfigure: "duplicate reconfigure"
        case .reconfigureOfUnchangedRow: "reconfigure of an unchanged row"
        case .replayMismatch: "replay mismatch"
        case .missedUpdate: "missed update"
        case .reloadOfUnchangedContent: "reload of unchanged content"
        }
    }

    /// `rule 2 (row count per surviving section)`, or the title alone for
    /// unnumbered checks.
    public var description: String {
        number.map { "rule \($0) (\(title))" } ?? title
    }
}
