/// Scratch memory for diffs: the C core's workspace and result buffers,
/// grown to the largest diff seen and reused, so diffing lists of the same
/// size again allocates nothing in the core.
///
/// A workspace is not thread-safe: give each thread (or each concurrent
/// task) its own. Diffs that are not given one create a temporary one.
///
/// ```swift
/// let workspace = try DiffWorkspace()
/// for (old, new) in frames {
///     let changeset = try StagedChangeset(source: old, target: new, workspace: workspace)
/// }
/// ```
public final class DiffWorkspace {
    let core: CoreWorkspace
    @usableFromInline let result = CoreResult()

    /// Creates an empty workspace.
    /// - Throws: ``DiffError/outOfMemory``.
    public init() throws(DiffError) {
        do throws(CoreFailure) { core = try CoreWorkspace() } catch { throw Pairing.error(error) }
    }
}
