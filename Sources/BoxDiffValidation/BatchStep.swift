import BoxDiff

/// One batch together with the shape of the data source after it: the
/// number of rows in each section once the batch has been applied.
///
/// In staged mode a changeset yields several steps, each with the shape of
/// its intermediate data; in single-batch mode, one step whose shape is the
/// target's.
///
/// ```swift
/// // Before: one section of 3 rows. After: the last row deleted.
/// let step = BatchStep(
///     update: BatchUpdate(elementDeleted: [ElementPath(section: 0, row: 2)]),
///     after: [2]
/// )
/// ```
public struct BatchStep: Hashable, Sendable {
    /// The calls of the batch.
    public var update: BatchUpdate
    /// Rows per section of the data source after the batch (N shape).
    public var after: [Int]

    /// Creates a step from a batch and the shape it leads to.
    public init(update: BatchUpdate, after: [Int]) {
        self.update = update
        self.after = after
    }
}
