import BoxDiff

#if canImport(FoundationEssentials)
    import FoundationEssentials
#elseif canImport(Foundation)
    import Foundation
#endif

/// A changeset that breaks UIKit's batch-update rules: what
/// `validated(from:validator:)` throws.
public struct InvalidChangesetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every rule the changeset breaks, ordered by batch, then by rule.
    public let violations: [BatchViolation]

    /// Creates the error for these violations.
    public init(violations: [BatchViolation]) {
        self.violations = violations
    }

    /// "invalid changeset:" and one violation per line.
    public var description: String {
        "invalid changeset:\n" + violations.map(\.description).joined(separator: "\n")
    }
}

#if canImport(FoundationEssentials) || canImport(Foundation)
    extension InvalidChangesetError: LocalizedError {
        /// ``description``, so that `error.localizedDescription` reads it.
        public var errorDescription: String? { description }
    }
#endif

extension StagedChangeset {
    /// This changeset, after checking it against UIKit's batch-update rules
    /// for a view showing `source` (`violations(from:validator:)`).
    ///
    /// A debugging aid: it costs a replay of every stage, so call it in
    /// tests and debug builds, not on every render of a shipping app.
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: old, target: new).validated(from: old)
    /// ```
    /// - Throws: ``InvalidChangesetError`` naming every broken rule,
    ///   warnings too (calls UIKit accepts, such as a move listed twice:
    ///   ``BatchViolation/severity``).
    /// - Complexity: that of `violations(from:validator:)`.
    public func validated<S, R>(
        from source: Box<S, R>, validator: BatchUpdateValidator = BatchUpdateValidator(flavor: .tableView)
    ) throws(InvalidChangesetError) -> StagedChangeset where Data == Box<S, R> {
        try checked(violations(from: source, validator: validator))
    }

    /// `validated(from:validator:)` that stops the program instead of
    /// throwing: a fatal error naming every broken rule (in every build
    /// configuration), for code that treats an invalid changeset as a bug
    /// in BoxDiff.
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: old, target: new).validatedOrTrap(from: old)
    /// ```
    /// - Complexity: that of `violations(from:validator:)`.
    public func validatedOrTrap<S, R>(
        from source: Box<S, R>, validator: BatchUpdateValidator = BatchUpdateValidator(flavor: .tableView),
        file: StaticString = #file, line: UInt = #line
    ) -> StagedChangeset where Data == Box<S, R> {
        checkedOrTrap(violations(from: source, validator: validator), file: file, line: line)
    }
}

extension StagedChangeset {
    /// `self` when `violations` is empty, else an ``InvalidChangesetError``
    /// naming them: the one body of every `validated(from:validator:)`.
    func checked(_ violations: [BatchViolation]) throws(InvalidChangesetError) -> StagedChangeset {
        guard violations.isEmpty else { throw InvalidChangesetError(violations: violations) }
        return self
    }

    /// `self` when `violations` is empty, else a fatal error naming them:
    /// the one body of every `validatedOrTrap(from:validator:)`. A
    /// `fatalError`, not a `preconditionFailure`: an optimized build drops
    /// a precondition's message, and stopped with "Illegal instruction"
    /// alone, naming no rule.
    func checkedOrTrap(_ violations: [BatchViolation], file: StaticString, line: UInt) -> StagedChangeset {
        do {
            return try checked(violations)
        } catch {
            fatalError("BoxDiff produced an \(error)", file: file, line: line)
        }
    }
}
