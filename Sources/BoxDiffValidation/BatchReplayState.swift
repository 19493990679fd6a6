import BoxDiff

/// The identities and contents of a sectioned list, as the replay check
/// reads them: each section's id and content hash (its header and footer),
/// and each row's id and content hash.
///
/// ```swift
/// typealias State = BatchReplayState<String, Int>
/// let state = State(sections: [
///     State.Section(id: "fruit", content: 0, rows: [
///         State.Row(id: 1, content: 10),
///         State.Row(id: 2, content: 20),
///     ]),
/// ])
/// state.shape   // [2]
/// ```
public struct BatchReplayState<SectionID: Hashable, RowID: Hashable>: Hashable {
    /// A row: its identity and a hash of its content.
    public struct Row: Hashable {
        /// The row's identity (`differenceIdentifier`).
        public var id: RowID
        /// A hash of what the row shows; a different value means the row changed.
        public var content: Int

        /// Creates a row.
        public init(id: RowID, content: Int) {
            self.id = id
            self.content = content
        }
    }

    /// A section: its identity, a hash of its own content (header and
    /// footer), and its rows.
    public struct Section: Hashable {
        /// The section's identity.
        public var id: SectionID
        /// A hash of the section's header and footer; a different value
        /// means the section changed.
        public var content: Int
        /// The section's rows, in order.
        public var rows: [Row]

        /// Creates a section.
        public init(id: SectionID, content: Int, rows: [Row]) {
            self.id = id
            self.content = content
            self.rows = rows
        }
    }

    /// The sections, in order.
    public var sections: [Section]

    /// Creates a state from its sections.
    public init(sections: [Section] = []) {
        self.sections = sections
    }

    /// Rows per section: the shape `BatchUpdateValidator.validate(before:steps:)` reads.
    public var shape: [Int] { sections.map(\.rows.count) }
}

// `==` and hashing by hand: ids compared and hashed as the diff does
// (`validationEqual`, `validationBucketHash`), the same answers as the
// synthesized ones, in linear time for strings with long runs of combining
// marks (the standard library's `==` and `hashValue` normalize them in
// quadratic time). The replay compares each stage's state with the target.
extension BatchReplayState.Row {
    /// Whether two rows have the same identity (`==`) and content hash.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.content == rhs.content && validationEqual(lhs.id, rhs.id)
    }

    /// Hashes the row's identity and content hash.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(validationBucketHash(id))
        hasher.combine(content)
    }
}

extension BatchReplayState.Section {
    /// Whether two sections have the same identity (`==`), content hash
    /// and rows.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.content == rhs.content && lhs.rows.count == rhs.rows.count && validationEqual(lhs.id, rhs.id)
            && lhs.rows == rhs.rows
    }

    /// Hashes the section's identity, content hash and rows.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(validationBucketHash(id))
        hasher.combine(content)
        hasher.combine(rows)
    }
}

extension BatchReplayState: Sendable where SectionID: Sendable, RowID: Sendable {}
extension BatchReplayState.Row: Sendable where RowID: Sendable, SectionID: Sendable {}
extension BatchReplayState.Section: Sendable where SectionID: Sendable, RowID: Sendable {}

/// One batch for the replay check: the batch with its N shape, and, when
/// known, the identities of the data source after it (a staged changeset's
/// intermediate data).
///
/// When the state after a step is known, the replay takes the rows a batch
/// inserts or reloads from it and checks the replayed list against it right
/// after the step. When it is not, those rows stay unresolved until the
/// next known state (at the latest the target, which is always known) and
/// take the identity found at their position there.
///
/// ```swift
/// let step = BatchReplayStep(
///     update: BatchUpdate(elementInserted: [ElementPath(section: 0, row: 0)]),
///     afterState: intermediate    // a BatchReplayState
/// )
/// ```
public struct BatchReplayStep<SectionID: Hashable, RowID: Hashable>: Hashable {
    /// The batch and the shape after it. With a known `afterState`, the
    /// shape is `afterState.shape`.
    public let step: BatchStep
    /// The data source after the batch, or `nil` when unknown.
    public let afterState: BatchReplayState<SectionID, RowID>?

    /// A step whose resulting data is known; its shape is `afterState.shape`.
    public init(update: BatchUpdate, afterState: BatchReplayState<SectionID, RowID>) {
        self.step = BatchStep(update: update, after: afterState.shape)
        self.afterState = afterState
    }

    /// A step of which only the shape after it is known.
    public init(_ step: BatchStep) {
        self.step = step
        self.afterState = nil
    }

    /// The calls of the batch.
    public var update: BatchUpdate { step.update }
}

extension BatchReplayStep: Sendable where SectionID: Sendable, RowID: Sendable {}
