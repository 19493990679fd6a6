/// Scratch memory for diffs: the C core's workspace and result buffers,
/// grown to what each diff needed and reused, so diffing lists of the
/// same shape again allocates nothing in the core (a size alone is not
/// enough: repeated ids or a common suffix may need scratch a larger diff
/// did not; see `bxd_diff` in `CBoxDiff.h`).
///
/// A workspace is not thread-safe: give each thread (or each concurrent
/// task) its own. Diffs that are not given one run on the process's spare
/// workspace when no other diff holds it, else on a new one; the spare is
/// kept for the next such diff, on any thread, after a diff of at most
/// 4,096 ids in all (sections and rows, both sides). A larger diff runs on
/// a workspace of its own, freed when it ends, and leaves the spare to the
/// next small diff. So a DifferenceKit-style `StagedChangeset(source:target:)`
/// at app sizes allocates about what it would with a workspace of its
/// own.
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
    /// Per-diff scratch of the Box plans, kept between diffs so diffs of
    /// the same sizes reuse it: which old sections and which old rows stay
    /// in place (longest increasing runs), and the runs' input values.
    /// (No dynamic exclusivity checks: a workspace is used by one diff at
    /// a time, as documented, and each access is a short, non-nested one.)
    @exclusivity(unchecked) var sectionKeep: [UInt8] = []
    @exclusivity(unchecked) var rowKeep: [UInt8] = []
    @exclusivity(unchecked) var lisValues: [UInt32] = []
    /// The single-batch Box plan's scratch: per old section, whether it
    /// changed and whether it is re-created; the reloads to check against
    /// rule 11.
    @exclusivity(unchecked) var sectionFlags: [UInt8] = []
    @exclusivity(unchecked) var reloadCandidates: [Move<Int>] = []
    /// The flat single-batch layout's scratch (``FlatSingleBatch``): the
    /// fate of each updated element, and the new indices of those that
    /// moved too (kept, as the call lists are, up to
    /// ``reusedListCapacity``).
    @exclusivity(unchecked) @usableFromInline var flatUpdateStates: [UInt8] = []
    @exclusivity(unchecked) @usableFromInline var flatMovedAwayNew: [UInt32] = []
    /// The identity hashes of the last flat diff's old and new lists
    /// (``FlatHashing/hashes(_:prefix:reusing:)``), whose buffers the next
    /// flat diff writes again.
    @exclusivity(unchecked) @usableFromInline var flatOldHashes: [UInt64] = []
    @exclusivity(unchecked) @usableFromInline var flatNewHashes: [UInt64] = []
    /// The pairing maps of the last Box diff (``BoxMatching/pairs``): its
    /// buffer is reused by the next diff once that matching is gone.
    @exclusivity(unchecked) @usableFromInline var matchPairs: [UInt32] = []
    /// The re-bound sections of the last Box diff that re-binds sections
    /// (``BoxMatching/reboundSections``), reused by the next.
    @exclusivity(unchecked) @usableFromInline var reboundSections: [Bool] = []
    /// The row call lists of the last diff (deletes, inserts, updates,
    /// reconfigures, moves; staged Box and flat diffs), kept so that the
    /// next diff reuses their buffers once the caller has dropped that
    /// changeset: at app
    /// sizes, allocating and freeing a list (and looking up its storage
    /// type's metadata) costs more than filling it. A list the caller still
    /// holds is left to the caller (copy on write) and the diff allocates
    /// a new one; a list larger than ``reusedListCapacity`` is not kept.
    @exclusivity(unchecked) @usableFromInline var deletedRows: [ElementPath] = []
    @exclusivity(unchecked) @usableFromInline var insertedRows: [ElementPath] = []
    @exclusivity(unchecked) @usableFromInline var updatedRows: [ElementPath] = []
    @exclusivity(unchecked) @usableFromInline var reconfiguredRows: [ElementPath] = []
    @exclusivity(unchecked) @usableFromInline var movedRows: [Move<ElementPath>] = []
    /// Room for one section's rows for the single-batch plan's branch-free
    /// passes.
    let rowScratch = BoxSingleBatchPlan.RowScratch()

    /// The largest call list (in elements) a workspace keeps for reuse: the
    /// allocation it saves only matters for small lists, and a kept list
    /// is memory held until the next diff.
    @usableFromInline static let reusedListCapacity = 4096

    /// Whether a diff is running on this workspace. A diff reads its
    /// core's results from the workspace while it calls the caller's own
    /// code (`==` of ids and components, `isContentEqual(to:)`); if that
    /// code diffs again with the same workspace, the inner diff would
    /// overwrite, or free, what the outer one is reading. So a diff that
    /// starts while another one runs on its workspace gets a spare
    /// workspace instead (``forDiff(_:)``). (One thread at a time, as
    /// documented: no dynamic exclusivity checks.)
    @exclusivity(unchecked) @usableFromInline var isBusy = false

    /// The pool of a spare workspace (``takeSpare(forElements:)``), which it goes back
    /// to when its diff ends; `nil` for the caller's own workspaces. Weak:
    /// a pool holds its idle workspace, and a pool other than the
    /// process's (a test's) would leak with it. (Written once, in the
    /// initializer: no dynamic exclusivity checks.)
    @exclusivity(unchecked) weak var pool: SparePool?

    /// Whether this is a spare workspace.
    let isSpare: Bool

    /// Creates an empty workspace.
    /// - Throws: ``DiffError/outOfMemory``.
    public init() throws(DiffError) {
        do throws(CoreFailure) { core = try CoreWorkspace() } catch { throw Pairing.error(error) }
        pool = nil
        isSpare = false
    }

    /// An empty spare workspace of `pool` (see ``takeSpare(forElements:)``).
    init(pool: SparePool) throws(DiffError) {
        do throws(CoreFailure) { core = try CoreWorkspace() } catch { throw Pairing.error(error) }
        self.pool = pool
        isSpare = true
    }

    /// The workspace a diff given `workspace` runs on, marked busy until
    /// ``finishDiff(elements:)``: `workspace` itself, or a spare one when
    /// it is `nil` or busy with a diff that has not returned (a nested
    /// diff). `elements`: the diff's ids in all (sections and rows, both
    /// sides), read only when a spare is needed: past
    /// ``spareLimit``, the diff gets a workspace of its own, freed when it
    /// ends, and the idle spare stays for the next small diff (it took the
    /// spare and freed it, so the next small diff made a new one).
    @inlinable
    static func forDiff(_ workspace: DiffWorkspace?, elements: () -> Int) throws(DiffError) -> DiffWorkspace {
        let ws: DiffWorkspace
        if let workspace, !workspace.isBusy { ws = workspace } else { ws = try takeSpare(forElements: elements()) }
        ws.isBusy = true
        return ws
    }

    /// Ends the diff that ``forDiff(_:)`` started on this workspace, of
    /// `elements` ids in all (sections and rows, both sides; `Int.max`
    /// when unknown): a spare workspace is given back to its pool for the
    /// next diff if the diff was small enough (``SparePool/give(back:after:)``). (Not
    /// inlined: in a client, the diff inlined with this code around it
    /// stopped the renderer's own functions from being inlined, +170
    /// instructions a render at 20 rows.)
    @usableFromInline
    func finishDiff(elements: Int) {
        isBusy = false
        if isSpare, let pool { pool.give(back: self, after: elements) }
    }

    /// ``finishDiff(elements:)`` of a flat diff whose lists hold `span`
    /// ids in all, common prefix included, and `elements` past it. The
    /// core's result maps (old to new, new to old) span the whole lists:
    /// a spare kept after a diff past ``spareLimit`` ids frees them first,
    /// so that it holds what the limit promises (after a one-id append to
    /// a list of 1,000,000 ids the kept spare held 8 MB of maps until
    /// ``releaseSpare()``; found by review, 2026-12-03). The core's own
    /// buffers are sized by the middle past the prefix.
    @usableFromInline
    func finishDiff(elements: Int, spanning span: Int) {
        if isSpare && span > DiffWorkspace.spareLimit && elements <= DiffWorkspace.spareLimit {
            result.releaseStorage()
        }
        finishDiff(elements: elements)
    }

}

extension Array {
    /// The elements in place, as a buffer pointer that does not retain the
    /// array's storage: valid while the array lives unchanged (a stage's
    /// lists while their changeset is applied, the matching's section maps
    /// while the workspace holds them).
    ///
    /// Passing a list read through a pointer (`calls.pointee.batchUpdate
    /// .elementDeleted`) to a function that is not inlined retained its
    /// storage for the call and released it after, two atomic operations
    /// per list and stage; reading its address and count does not.
    /// (An array of structs is always contiguous, so the address is
    /// there whenever the count is not zero.)
    @inlinable
    var unretained: UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: _baseAddressIfContiguous, count: count)
    }

    /// `list` moved out, `list` left empty: no copy, so no reference
    /// count (a copy of an array that stays held elsewhere is an atomic
    /// retain now and a release later).
    @inlinable @inline(__always)
    static func take(_ list: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &list)
        return taken
    }

    /// The buffer of `list` emptied, for a list the caller is about to fill
    /// again; `list` is left empty. When `list` alone holds its buffer
    /// (whoever had a copy dropped it), the buffer itself, with no
    /// allocation; when a copy still holds it, a new buffer of the same
    /// capacity (the copy keeps its elements); when it is longer than
    /// ``DiffWorkspace/reusedListCapacity``, an empty array.
    @inlinable
    static func reusing(_ list: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &list)
        guard taken.capacity <= DiffWorkspace.reusedListCapacity else { return [] }
        // A few elements (an app's usual render lists one or two) dropped
        // one by one: `removeAll(keepingCapacity:)` goes through the
        // generic range replacement, about 100 instructions a call.
        if taken.count <= 8 {
            while !taken.isEmpty { taken.removeLast() }
        } else {
            taken.removeAll(keepingCapacity: true)
        }
        return taken
    }

    /// `list`'s buffer filled with `transform` of each element of
    /// `source`, in order; `list` keeps the result too, for the next diff.
    ///
    /// The last list's elements are written over in place and the rest
    /// appended: emptying it first destroyed every element (through value
    /// witnesses for a resilient type such as `IndexPath`) and cost a
    /// `replaceSubrange` call. A list a caller still holds is copied by the
    /// first write (copy on write), the caller's untouched; one longer
    /// than ``DiffWorkspace/reusedListCapacity`` is not reused.
    @inlinable
    static func refilling<Source: Collection>(
        _ list: inout [Element], from source: Source, _ transform: (Source.Element) -> Element
    ) -> [Element] {
        var result: [Element] = []
        swap(&result, &list)
        if result.capacity > DiffWorkspace.reusedListCapacity { result = [] }
        let count = source.count
        if result.count > count { result.removeSubrange(count...) }
        var position = source.startIndex
        result.withUnsafeMutableBufferPointer { buffer in
            for k in buffer.indices {
                buffer[k] = transform(source[position])
                source.formIndex(after: &position)
            }
        }
        if result.count < count {
            result.reserveCapacity(count)
            while position != source.endIndex {
                result.append(transform(source[position]))
                source.formIndex(after: &position)
            }
        }
        keep(result, in: &list)
        return result
    }

    /// Stores `list` in `slot` for ``reusing(_:)`` to take back, unless it
    /// is longer than ``DiffWorkspace/reusedListCapacity`` (then `slot` is
    /// left empty: a large buffer is not held until the next use).
    ///
    /// Borrowed: the one copy made is the one `slot` keeps. Pass a list
    /// the caller no longer changes (one already moved into its
    /// changeset, see ``BatchUpdate/keepElementLists(in:)``): keeping a
    /// local that is used afterwards costs extra reference counts.
    @inlinable @inline(__always)
    static func keep(_ list: borrowing [Element], in slot: inout [Element]) {
        guard list.capacity <= DiffWorkspace.reusedListCapacity else {
            slot = []
            return
        }
        slot = copy list
    }

    /// `count` copies of `value`, allocated (when at all) through code
    /// specialized for `Element`: `Array(repeating:count:)` allocates
    /// through the standard library's unspecialized code, which looks up
    /// the storage type's metadata on every call.
    @inlinable
    init(filling value: Element, count: Int) {
        self.init()
        refill(with: value, count: count)
    }

    /// Makes the array `count` elements long for a caller that overwrites
    /// every one: unchanged (no pass over it) when it has that length
    /// already, otherwise `count` copies of some value.
    @inlinable
    mutating func resize(toOverwrite count: Int) where Element: FixedWidthInteger {
        if self.count != count { refill(with: 0, count: count) }
    }

    /// Makes the array `count` copies of `value`, reusing its buffer when
    /// it is uniquely referenced and large enough.
    @inlinable
    mutating func refill(with value: Element, count: Int) {
        if self.count == count {
            withUnsafeMutableBufferPointer { $0.update(repeating: value) }
        } else {
            if !isEmpty { removeAll(keepingCapacity: true) }
            reserveCapacity(count)
            append(contentsOf: repeatElement(value, count: count))
        }
    }
}

extension BatchUpdate {
    /// Keeps this update's five row lists in `workspace` for the next
    /// diff's ``Array/reusing(_:)`` (see ``DiffWorkspace/deletedRows``).
    ///
    /// Called on the update the plan built with its lists moved in: each
    /// list then costs one retain (the workspace's copy). Kept from the
    /// plan's locals before the update was built, each cost two retains
    /// and a release (a copy for the workspace, one for the update, and
    /// the local's release).
    @inlinable @inline(__always)
    func keepElementLists(in workspace: borrowing DiffWorkspace) {
        Array.keep(elementDeleted, in: &workspace.deletedRows)
        Array.keep(elementInserted, in: &workspace.insertedRows)
        Array.keep(elementUpdated, in: &workspace.updatedRows)
        Array.keep(elementReconfigured, in: &workspace.reconfiguredRows)
        Array.keep(elementMoved, in: &workspace.movedRows)
    }
}
