import CBoxDiff

// Every call into the C core goes through this file, which turns the core's
// status codes into Swift errors (as swift-system's Syscalls.swift does).

/// A failure reported by the C core, before the Swift layer adds context
/// (which identifier, which section) to it.
struct CoreFailure: Error, Equatable {
    enum Kind: Equatable {
        case outOfMemory
        case invalidArgument
        /// An input past the core's limits: `count` is the number that was
        /// too large (a list's length, or with LCS both lengths together),
        /// `limit` the largest accepted.
        case tooLarge(count: Int, limit: Int)
        /// A duplicate identity hash: `side` 0 old, 1 new; indices are flat.
        case duplicate(side: Int, index: Int, firstIndex: Int)
        /// The workspace's cancel flag stopped the call (``DiffCancellationFlag``).
        case cancelled
    }
    var kind: Kind
    var message: String
}

/// A reusable C workspace: scratch buffers that grow to what each diff
/// needed, so the next diff of that shape allocates nothing (see
/// `bxd_diff`: what the lists hold sizes some scratch too).
///
/// Not thread-safe: one workspace per thread (or per concurrent diff).
final class CoreWorkspace {
    let raw: OpaquePointer

    init() throws(CoreFailure) {
        var out: OpaquePointer? = nil
        let status = bxd_workspace_create(nil, &out)
        guard status == BXD_OK, let out else { throw CCore.failure(status, nil) }
        raw = out
    }

    deinit { bxd_workspace_destroy(raw) }
}

/// A flag that stops a diff from another thread: hand it to a diff (the
/// `StagedChangeset` initializers with a `cancellation:` parameter, for
/// Boxes, arrays and sections), and call ``cancel()`` from any
/// thread (a newer state arrived, the screen closed): the diff stops at its
/// next check and returns `nil`, having changed nothing but the
/// workspace's scratch memory (left ready for the next diff).
///
/// A diff checks the flag between its phases and inside its long ones:
/// while hashing, comparing and copying a Box's rows (every 16,384 rows or
/// so, between sections: one long section is handled whole), every 16,384
/// rows of a flat or sectioned diff's `isContentEqual(to:)` comparisons,
/// and in the C core between its steps
/// (a Heckel table's build and probe, LCS's classes and every 256 steps of
/// its searches, the moves' runs). The flag does not interrupt a thread:
/// the diff runs on to its next check, and a diff that ends first returns
/// its changeset. A flag stays raised once raised; use a new one per diff
/// (or per state the diffs are for: several diffs, on any threads, may
/// watch one flag).
///
/// ``forCurrentTask(isolation:_:)`` hands out one that the current task's
/// cancellation raises.
///
/// Sendable: it is read and raised only through the C core's atomic
/// functions (`bxd_cancel_requested`, `bxd_cancel_request`), and its
/// memory lives as long as this object. A workspace watches it only
/// during a diff handed it.
public final class DiffCancellationFlag: @unchecked Sendable {
    /// The flag (allocated, so its address is stable).
    let pointer: UnsafeMutablePointer<bxd_cancel_t>

    /// A flag not raised yet.
    public init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: bxd_cancel_t())
        bxd_cancel_init(pointer)
    }

    deinit { pointer.deallocate() }

    /// Raises the flag (from any thread, any number of times): a diff
    /// watching it stops at its next check.
    public func cancel() { bxd_cancel_request(pointer) }

    /// Whether ``cancel()`` was called (from any thread).
    public var isCancelled: Bool { bxd_cancel_requested(pointer) != 0 }

    /// Makes `workspace`'s core calls watch this flag, or none (`nil`).
    @usableFromInline
    static func watch(_ flag: DiffCancellationFlag?, in workspace: DiffWorkspace) {
        bxd_workspace_set_cancel(workspace.core.raw, flag.map { UnsafePointer($0.pointer) })
    }
}

/// Owns one `bxd_result_t`; its buffers are reused by the next diff into it
/// and freed on deinit.
@usableFromInline
final class CoreResult {
    /// Unchecked: a result belongs to one workspace, which one diff at a
    /// time uses (a workspace is not shared between threads), and every
    /// read of a count or a map would otherwise pay a dynamic exclusivity
    /// check.
    @exclusivity(unchecked) @usableFromInline var raw = bxd_result_t()

    init() { bxd_result_init(&raw) }
    deinit { bxd_result_free(&raw) }

    /// Frees the result's buffers; the next diff allocates them again.
    func releaseStorage() { bxd_result_free(&raw) }

    var oldCount: Int { Int(raw.old_count) }
    var newCount: Int { Int(raw.new_count) }
    @inlinable var matchedCount: Int { Int(raw.matched_count) }
    @inlinable var isMinimal: Bool { raw.minimal != 0 }

    @inlinable var oldToNew: UnsafeBufferPointer<UInt32> { buffer(raw.old_to_new, raw.old_count) }
    @inlinable var newToOld: UnsafeBufferPointer<UInt32> { buffer(raw.new_to_old, raw.new_count) }
    @usableFromInline var deletes: UnsafeBufferPointer<UInt32> { buffer(raw.deletes, raw.delete_count) }
    @usableFromInline var inserts: UnsafeBufferPointer<UInt32> { buffer(raw.inserts, raw.insert_count) }
    var updates: UnsafeBufferPointer<UInt32> { buffer(raw.updates, raw.update_count) }
    /// Minimal moves, old index → new index, ascending by old index.
    var moves: CoreMoves { CoreMoves(buffer(raw.moves, raw.move_count)) }

    /// Stage-3 moves: `from` in the list as it stands after the deletes.
    @usableFromInline var stageMoves: CoreMoves {
        withUnsafePointer(to: raw.stages) { tuple in
            tuple.withMemoryRebound(to: bxd_stage_t.self, capacity: 3) { stages in
                for k in 0..<Int(raw.stage_count) where stages[k].kind == BXD_STAGE_INSERT_MOVE {
                    return CoreMoves(buffer(stages[k].moves, stages[k].move_count))
                }
                return CoreMoves(UnsafeBufferPointer(start: nil, count: 0))
            }
        }
    }

    @inlinable func buffer<T>(_ p: UnsafePointer<T>?, _ n: UInt32) -> UnsafeBufferPointer<T> {
        UnsafeBufferPointer(start: n == 0 ? nil : p, count: Int(n))
    }
}

/// One move of a core result: an element goes from index `from` to index
/// `to` (what the indices count depends on the list it came from).
@frozen @usableFromInline
struct CoreMove {
    @usableFromInline let from: UInt32
    @usableFromInline let to: UInt32

    @inlinable
    init(from: UInt32, to: UInt32) {
        self.from = from
        self.to = to
    }
}

/// The moves of a ``CoreResult``, read in place (valid until the next diff
/// into that result).
@frozen @usableFromInline
struct CoreMoves: RandomAccessCollection {
    @usableFromInline let base: UnsafeBufferPointer<bxd_move_t>

    @usableFromInline
    init(_ base: UnsafeBufferPointer<bxd_move_t>) { self.base = base }

    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { base.count }

    @inlinable
    subscript(position: Int) -> CoreMove {
        let move = base[position]
        return CoreMove(from: move.from, to: move.to)
    }
}

/// Namespace of the wrappers around the C core.
@usableFromInline
enum CCore {
    /// "No partner" in an old→new or new→old map.
    @inlinable static var none: UInt32 { BXD_NONE }

    /// The largest list the core accepts (32-bit indices): `BXD_MAX_COUNT`,
    /// clamped to `Int`. Not `Int(BXD_MAX_COUNT)`: the macro's value
    /// (0xFFFFFFF0) does not fit a 32-bit `Int`, so on watchOS devices
    /// (arm64_32, armv7k) the imported macro does not compile ("integer
    /// literal '4294967280' overflows"). CCoreLimitTests checks the values.
    static let maxCount = Int(clamping: 0xFFFF_FFF0 as UInt64)

    /// The largest old count + new count of one LCS diff (class numbers of
    /// both lists together are 32-bit): `BXD_MAX_LCS_TOTAL_COUNT`, clamped
    /// to `Int` as ``maxCount`` is.
    static let maxLCSTotalCount = Int(clamping: 0xFFFF_FFF0 as UInt64)

    /// What was too large among `counts` (the lengths of the inputs of the
    /// failed call): the first count past ``maxCount``, else (for LCS) their
    /// sum past ``maxLCSTotalCount``, else the largest count (a size
    /// computation overflowed).
    static func tooLarge(_ counts: [Int], lcs: Bool = false) -> CoreFailure.Kind {
        if let count = counts.first(where: { $0 > maxCount }) { return .tooLarge(count: count, limit: maxCount) }
        let total = counts.reduce(0, &+)
        if lcs && total > maxLCSTotalCount { return .tooLarge(count: total, limit: maxLCSTotalCount) }
        return .tooLarge(count: counts.max() ?? 0, limit: maxCount)
    }

    static func failure(
        _ status: bxd_status_t, _ result: CoreResult?, counts: [Int] = [], lcs: Bool = false
    ) -> CoreFailure {
        let message = String(cString: bxd_status_string(status))
        switch status {
        case BXD_ERR_NO_MEMORY: return CoreFailure(kind: .outOfMemory, message: message)
        case BXD_ERR_CANCELLED: return CoreFailure(kind: .cancelled, message: message)
        case BXD_ERR_TOO_LARGE: return CoreFailure(kind: tooLarge(counts, lcs: lcs), message: message)
        case BXD_ERR_DUPLICATE:
            let r = result?.raw ?? bxd_result_t()
            return CoreFailure(
                kind: .duplicate(
                    side: Int(r.duplicate_side), index: Int(r.duplicate_index),
                    firstIndex: Int(r.duplicate_first_index)),
                message: message)
        default: return CoreFailure(kind: .invalidArgument, message: message)
        }
    }

    /// XXH3 64-bit hash of raw bytes, through the core (the only user of
    /// libxxhash).
    @inline(__always)
    @usableFromInline
    static func hashBytes(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        bxd_hash_bytes(bytes.baseAddress, bytes.count, seed)
    }

    /// Diffs two lists of identity hashes (and optional content hashes) into
    /// `result`.
    ///
    /// - Parameters:
    ///   - oldIDs, newIDs: identity hashes.
    ///   - oldContents, newContents: content hashes, the same length as the
    ///     ids, or both `nil` (no updates are computed).
    ///   - pairsOnly: compute the maps only (`BXD_FLAG_PAIRS_ONLY`): no
    ///     change lists, moves or stages.
    static func diff(
        oldIDs: UnsafeBufferPointer<UInt64>, oldContents: UnsafeBufferPointer<UInt64>?,
        newIDs: UnsafeBufferPointer<UInt64>, newContents: UnsafeBufferPointer<UInt64>?,
        algorithm: DiffAlgorithm, rejectDuplicates: Bool, pairsOnly: Bool = false, lcsCostBound: Int,
        workspace: CoreWorkspace?, into result: CoreResult
    ) throws(CoreFailure) {
        var old = bxd_list_t(
            ids: oldIDs.baseAddress, contents: oldContents?.baseAddress, count: oldIDs.count)
        var new = bxd_list_t(
            ids: newIDs.baseAddress, contents: newContents?.baseAddress, count: newIDs.count)
        // An empty buffer may have a nil base address; the core accepts NULL
        // ids with a zero count.
        var options = bxd_options_t()
        bxd_options_init(&options)
        options.algorithm = algorithm == .lcs ? BXD_ALGORITHM_LCS : BXD_ALGORITHM_HECKEL
        options.flags =
            (rejectDuplicates ? UInt32(BXD_FLAG_REJECT_DUPLICATES) : 0)
            | (pairsOnly ? UInt32(BXD_FLAG_PAIRS_ONLY) : 0)
        options.lcs_cost_bound = UInt64(max(0, lcsCostBound))
        let status = bxd_diff(workspace?.raw, &old, &new, &options, &result.raw)
        guard status == BXD_OK else {
            throw failure(status, result, counts: [oldIDs.count, newIDs.count], lcs: algorithm == .lcs)
        }
    }

    /// Diffs two lists of identity hashes (no content hashes) into
    /// `result`, with the algorithm, duplicate policy and LCS cost bound of
    /// `options`.
    static func diff(
        oldIDs: ArraySlice<UInt64>, newIDs: ArraySlice<UInt64>, options: DiffOptions, pairsOnly: Bool,
        workspace: CoreWorkspace?, into result: CoreResult
    ) throws(CoreFailure) {
        try oldIDs.withUnsafeBufferPointer { (old) throws(CoreFailure) in
            try newIDs.withUnsafeBufferPointer { (new) throws(CoreFailure) in
                try diff(
                    oldIDs: old, newIDs: new, options: options, pairsOnly: pairsOnly, workspace: workspace, into: result
                )
            }
        }
    }

    /// The same on hashes read in place.
    static func diff(
        oldIDs: UnsafeBufferPointer<UInt64>, newIDs: UnsafeBufferPointer<UInt64>, options: DiffOptions,
        pairsOnly: Bool, workspace: CoreWorkspace?, into result: CoreResult
    ) throws(CoreFailure) {
        try diff(
            oldIDs: oldIDs, oldContents: nil, newIDs: newIDs, newContents: nil,
            algorithm: options.algorithm, rejectDuplicates: options.duplicates == .reject,
            pairsOnly: pairsOnly, lcsCostBound: options.lcsCostBound,
            workspace: workspace, into: result)
    }

    /// Marks one longest increasing subsequence of `values` (`keep[i] = 1`
    /// for members) and returns its length.
    static func markLIS(
        _ values: UnsafeBufferPointer<UInt32>, keep: UnsafeMutableBufferPointer<UInt8>,
        workspace: CoreWorkspace?
    ) throws(CoreFailure) -> Int {
        precondition(keep.count >= values.count)
        var length: UInt32 = 0
        let status = bxd_lis_mark(
            workspace?.raw, values.baseAddress, values.count, keep.baseAddress, &length)
        guard status == BXD_OK else { throw failure(status, nil, counts: [values.count]) }
        return Int(length)
    }
}
