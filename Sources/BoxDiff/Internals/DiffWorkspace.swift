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
    /// Per-diff scratch of the Box plans, kept between diffs so diffs of
    /// the same sizes reuse it: which old sections and which old rows stay
    /// in place (longest increasing runs), and the runs' input values.
    /// (No dynamic exclusivity checks: a workspace is used by one diff at
    /// a time, as documented, and each access is a short, non-nested one.)
    @exclusivity(unchecked) var sectionKeep: [UInt8] = []
    @exclusivity(unchecked) var rowKeep: [UInt8] = []
    @exclusivity(unchecked) var lisValues: [UInt32] = []
    /// The pairing maps of the last Box diff (``BoxMatching/pairs``): its
    /// buffer is reused by the next diff once that matching is gone.
    @exclusivity(unchecked) @usableFromInline var matchPairs: [UInt32] = []

    /// Creates an empty workspace.
    /// - Throws: ``DiffError/outOfMemory``.
    public init() throws(DiffError) {
        do throws(CoreFailure) { core = try CoreWorkspace() } catch { throw Pairing.error(error) }
    }
}

extension Array {
    /// `count` copies of `value`, allocated (when at all) through code
    /// specialized for `Element`: `Array(repeating:count:)` allocates
    /// through the standard library's unspecialized code, which looks up
    /// the storage type's metadata on every call.
    @inlinable
    init(filling value: Element, count: Int) {
        self.init()
        refill(with: value, count: count)
    }

    /// The most elements that ``init(overwriting:_:)`` zero-fills first:
    /// below it, allocating through the standard library's unspecialized
    /// code (its metadata lookup, about 600 instructions a call) costs
    /// more than writing the zeros.
    @inlinable
    static var specializedAllocationLimit: Int { 1024 }

    /// An array of `count` integers, every one of them written by `body`
    /// (which must write all `count`): small ones zero-filled through code
    /// specialized for `Element`, large ones left uninitialized for
    /// `body` (no pass over memory that `body` overwrites anyway).
    @inlinable
    init(overwriting count: Int, _ body: (UnsafeMutableBufferPointer<Element>) -> Void)
    where Element: FixedWidthInteger {
        if count <= Self.specializedAllocationLimit {
            self.init(filling: 0, count: count)
            withUnsafeMutableBufferPointer { body($0) }
        } else {
            self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
                body(buffer)
                initialized = count
            }
        }
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
            removeAll(keepingCapacity: true)
            reserveCapacity(count)
            append(contentsOf: repeatElement(value, count: count))
        }
    }
}
