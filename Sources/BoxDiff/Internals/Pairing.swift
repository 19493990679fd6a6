import CBoxDiff

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
        do throws(CoreFailure) { core = try CoreWorkspace() } catch { throw Pairing.error(error, nil) }
    }
}

/// The identity pairing shared by the flat and Box APIs: hashes in, a
/// verified C result out.
@usableFromInline
enum Pairing {
    /// Converts a core failure to the public error; `locate` names the place
    /// of a flat index on a side, `describe` the identifier there.
    static func error(
        _ failure: CoreFailure, _ duplicate: ((DiffSide, Int, Int) -> DiffError)? = nil
    ) -> DiffError {
        switch failure.kind {
        case .outOfMemory: return .outOfMemory
        case .tooLarge(let count, let limit): return .tooLarge(count: count, limit: limit)
        case .invalidArgument: return .invalidArgument(failure.message)
        case .duplicate(let side, let index, let first):
            if let duplicate { return duplicate(side == 0 ? .old : .new, index, first) }
            return .invalidArgument("unexpected duplicate report")
        }
    }

    /// Pairs two lists by identity hash, in `workspace.result`.
    ///
    /// When the hashes are not injective for `ID`, every matched pair (and
    /// a reported duplicate) is checked with `==`; on a collision the diff
    /// is redone over exact dense class numbers, so two different ids are
    /// never paired.
    ///
    /// - Parameters:
    ///   - oldIDs, newIDs: identity hashes (replaced by class numbers on a
    ///     collision).
    ///   - oldContents, newContents: content hashes or `nil`.
    ///   - injective: whether equal hashes imply equal ids.
    ///   - oldID, newID: the identifiers, for checking a reported duplicate
    ///     and for the dense classes.
    ///   - pairsMatch: whether every matched pair of an old→new map (`none`:
    ///     unmatched) has equal identifiers; one call over the whole map,
    ///     so the caller's loop runs in its own generic context.
    ///   - duplicate: builds the error for a rejected duplicate (side,
    ///     second index, first index).
    ///   - pairsOnly: only the maps are needed (the Box layer derives its
    ///     own changes): the core skips moves, change lists and stages.
    @usableFromInline
    static func pair<ID: Hashable>(
        oldIDs: inout [UInt64], newIDs: inout [UInt64],
        oldContents: [UInt64]?, newContents: [UInt64]?,
        injective: Bool, oldID: (Int) -> ID, newID: (Int) -> ID,
        pairsMatch: (UnsafeBufferPointer<UInt32>) -> Bool,
        options: DiffOptions, workspace: DiffWorkspace,
        duplicate: (DiffSide, Int, Int) -> DiffError, pairsOnly: Bool = false
    ) throws(DiffError) {
        if case .tooLarge(let count, let limit) = CCore.tooLarge(
            [oldIDs.count, newIDs.count], lcs: options.algorithm == .lcs),
            count > limit
        {
            throw .tooLarge(count: count, limit: limit)
        }
        let result = workspace.result
        func run() throws(CoreFailure) {
            try oldIDs.withUnsafeBufferPointer { (o) throws(CoreFailure) in
                try newIDs.withUnsafeBufferPointer { (n) throws(CoreFailure) in
                    try withOptionalBuffer(oldContents) { (oc) throws(CoreFailure) in
                        try withOptionalBuffer(newContents) { (nc) throws(CoreFailure) in
                            try CCore.diff(
                                oldIDs: o, oldContents: oc, newIDs: n, newContents: nc,
                                algorithm: options.algorithm,
                                rejectDuplicates: options.duplicates == .reject, pairsOnly: pairsOnly,
                                lcsCostBound: options.lcsCostBound,
                                workspace: workspace.core, into: result)
                        }
                    }
                }
            }
        }
        var collided = false
        do throws(CoreFailure) {
            try run()
        } catch {
            if !injective, case .duplicate(let side, let index, let first) = error.kind {
                let same = side == 0 ? oldID(index) == oldID(first) : newID(index) == newID(first)
                if !same { collided = true }
            }
            if !collided { throw duplicateOr(error, duplicate) }
        }
        if !injective && !collided && !pairsMatch(result.oldToNew) { collided = true }
        guard collided else { return }
        // A 64-bit collision between different ids: redo over exact classes.
        let classes = IdentityHashing.denseClasses(
            oldCount: oldIDs.count, oldID: oldID, newCount: newIDs.count, newID: newID)
        oldIDs = classes.old
        newIDs = classes.new
        do throws(CoreFailure) { try run() } catch { throw duplicateOr(error, duplicate) }
    }

    private static func duplicateOr(
        _ failure: CoreFailure, _ duplicate: (DiffSide, Int, Int) -> DiffError
    ) -> DiffError {
        if case .duplicate(let side, let index, let first) = failure.kind {
            return duplicate(side == 0 ? .old : .new, index, first)
        }
        return error(failure)
    }
}

@inline(__always)
private func withOptionalBuffer<R>(
    _ array: [UInt64]?, _ body: (UnsafeBufferPointer<UInt64>?) throws(CoreFailure) -> R
) throws(CoreFailure) -> R {
    guard let array else { return try body(nil) }
    return try array.withUnsafeBufferPointer { (b) throws(CoreFailure) in try body(b) }
}
