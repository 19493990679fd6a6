import BoxDiff

/// One broken rule found by `BatchUpdateValidator`.
///
/// ```swift
/// let violations = BatchUpdateValidator().validate(
///     before: [4],
///     steps: [BatchStep(update: BatchUpdate(), after: [3])]
/// )
/// violations[0].rule          // .rowCount
/// violations[0].rule.number   // 2
/// violations[0].section       // 0
/// violations[0].message       // "Invalid update: invalid number of rows in section 0. …"
/// ```
public struct BatchViolation: Hashable, Sendable, CustomStringConvertible {
    /// How bad a violation is.
    public enum Severity: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// UIKit accepts the batch, but it is redundant (e.g. an identical
        /// duplicate move).
        case warning
        /// UIKit raises, corrupts its state, or animates the wrong thing.
        case error

        /// `warning` or `error`.
        public var description: String {
            switch self {
            case .warning: "warning"
            case .error: "error"
            }
        }
    }

    /// The rule that is broken.
    public var rule: BatchRule
    /// Index of the offending batch in the `steps` passed to the validator;
    /// `nil` for findings about the sequence as a whole (e.g. a changed row
    /// that no batch refreshed).
    public var batchIndex: Int?
    /// The section concerned, when there is one (O or N index, as the
    /// message says).
    public var section: Int?
    /// The row concerned, when there is one (O or N path, as the message says).
    public var path: ElementPath?
    /// Whether the violation is an error or a warning.
    public var severity: Severity
    /// What is wrong, in UIKit's own wording where UIKit has one.
    public var message: String

    /// Creates a violation.
    public init(
        rule: BatchRule,
        batchIndex: Int?,
        section: Int? = nil,
        path: ElementPath? = nil,
        severity: Severity = .error,
        message: String
    ) {
        self.rule = rule
        self.batchIndex = batchIndex
        self.section = section
        self.path = path
        self.severity = severity
        self.message = message
    }

    /// `true` when `severity` is `.error`.
    public var isError: Bool { severity == .error }

    /// `batch 0: error, rule 2 (row count per surviving section): Invalid update: …`
    public var description: String {
        let batch = batchIndex.map { "batch \($0)" } ?? "all batches"
        return "\(batch): \(severity), \(rule): \(message)"
    }
}
