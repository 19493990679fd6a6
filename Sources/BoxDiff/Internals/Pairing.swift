/// One side of a pairing: a list of identifiers, known to the core by their
/// 64-bit identity hashes. Indices are flat: a Box row is its index in the
/// Box's flattened rows.
@usableFromInline
protocol PairingSide {
    associatedtype ID: Hashable

    /// The identity hash of each identifier, in order; replaced by exact
    /// class numbers when two different identifiers collide.
    var identityHashes: ArraySlice<UInt64> { get set }

    /// The identifier at `flatIndex`.
    func id(at flatIndex: Int) -> ID

    /// Where `flatIndex` is, as a duplicate error reports it.
    func location(of flatIndex: Int) -> DiffLocation

    /// Whether every matched pair of `oldToNew` (old index → new index, or
    /// `CCore.none`) has equal identifiers: one call over the whole map, so
    /// the loop runs specialized in the conformer's context. The default
    /// compares `id(at:)` pair by pair.
    static func pairsMatch(_ old: Self, _ new: Self, oldToNew: UnsafeBufferPointer<UInt32>) -> Bool
}

extension PairingSide {
    /// Whether equal identity hashes imply equal identifiers.
    @inlinable
    static var isInjective: Bool { IdentityHashing.isInjective(ID.self) }

    @inlinable
    static func pairsMatch(_ old: Self, _ new: Self, oldToNew: UnsafeBufferPointer<UInt32>) -> Bool {
        for i in 0..<oldToNew.count
        where oldToNew[i] != CCore.none
            && !IdentityHashing.equal(old.id(at: i), new.id(at: Int(oldToNew[i])))
        {
            return false
        }
        return true
    }
}

/// The identity pairing shared by the flat and Box APIs: identity hashes
/// in, a verified C result (in `workspace.result`) out.
@usableFromInline
enum Pairing {
    /// A duplicate identity hash the core rejected: the second occurrence
    /// `index` and the first, `firstIndex`, both flat.
    @frozen @usableFromInline
    struct Duplicate {
        @usableFromInline let side: DiffSide
        @usableFromInline let index: Int
        @usableFromInline let firstIndex: Int
    }

    /// Pairs `old` with `new` by identity hash, in `workspace.result`.
    ///
    /// When the hashes are not injective for `Side.ID`, every matched pair
    /// (and a reported duplicate) is checked with `==`; on a collision the
    /// diff is redone over exact dense class numbers (which replace both
    /// sides' `identityHashes`), so two different ids are never paired.
    ///
    /// - Parameter pairsOnly: only the maps are needed (the Box layer
    ///   derives its own changes): the core skips moves, change lists and
    ///   stages.
    /// - Throws: ``DiffError/duplicateIdentifier(_:side:location:firstLocation:)``
    ///   with ``DuplicatePolicy/reject``, or what the core reports.
    @inlinable
    static func pair<Side: PairingSide>(
        _ old: inout Side, _ new: inout Side, options: DiffOptions, workspace: DiffWorkspace,
        pairsOnly: Bool = false
    ) throws(DiffError) {
        var duplicate = try run(old.identityHashes, new.identityHashes, options, workspace, pairsOnly)
        if !Side.isInjective {
            let collided: Bool
            if let duplicate {
                collided =
                    duplicate.side == .old
                    ? !IdentityHashing.equal(old.id(at: duplicate.index), old.id(at: duplicate.firstIndex))
                    : !IdentityHashing.equal(new.id(at: duplicate.index), new.id(at: duplicate.firstIndex))
            } else {
                collided = !Side.pairsMatch(old, new, oldToNew: workspace.result.oldToNew)
            }
            if collided { duplicate = try repair(&old, &new, options, workspace, pairsOnly) }
        }
        if let duplicate { throw error(duplicate, old, new) }
    }

    /// After a 64-bit collision between different ids: replaces both
    /// sides' hashes by exact dense class numbers and diffs again; when
    /// that still pairs two ids that are not `==` (or reports a duplicate
    /// of two), the type's `==` is no equivalence, and strict classes
    /// (every two members `==`) are used instead.
    @usableFromInline
    static func repair<Side: PairingSide>(
        _ old: inout Side, _ new: inout Side, _ options: DiffOptions, _ workspace: DiffWorkspace,
        _ pairsOnly: Bool
    ) throws(DiffError) -> Duplicate? {
        for strict in [false, true] {
            let classes = IdentityHashing.denseClasses(
                oldCount: old.identityHashes.count, oldID: { [old] in old.id(at: $0) },
                newCount: new.identityHashes.count, newID: { [new] in new.id(at: $0) }, strict: strict)
            old.identityHashes = ArraySlice(classes.old)
            new.identityHashes = ArraySlice(classes.new)
            let duplicate = try run(old.identityHashes, new.identityHashes, options, workspace, pairsOnly)
            if strict { return duplicate }
            // Classes of an `==` that is an equivalence pair only `==` ids.
            // Otherwise (not transitive, not symmetric) a class may hold
            // two ids that are not `==`, and the core may pair them.
            let exact: Bool
            if let duplicate {
                let list = duplicate.side == .old ? old : new
                let (a, b) = (list.id(at: duplicate.index), list.id(at: duplicate.firstIndex))
                exact = IdentityHashing.equal(a, b) && IdentityHashing.equal(b, a)
            } else {
                exact = Side.pairsMatch(old, new, oldToNew: workspace.result.oldToNew)
            }
            if exact { return duplicate }
        }
        return nil
    }

    /// One diff in the core; returns the duplicate it rejected, if any,
    /// and throws every other failure.
    @usableFromInline
    static func run(
        _ old: ArraySlice<UInt64>, _ new: ArraySlice<UInt64>, _ options: DiffOptions, _ workspace: DiffWorkspace,
        _ pairsOnly: Bool
    ) throws(DiffError) -> Duplicate? {
        try old.withUnsafeBufferPointer { (old) throws(DiffError) in
            try new.withUnsafeBufferPointer { (new) throws(DiffError) in
                try run(old, new, options, workspace, pairsOnly)
            }
        }
    }

    /// ``run(_:_:_:_:_:)-(ArraySlice<UInt64>,_,_,_,_)`` on hashes read in place.
    @usableFromInline
    static func run(
        _ old: UnsafeBufferPointer<UInt64>, _ new: UnsafeBufferPointer<UInt64>, _ options: DiffOptions,
        _ workspace: DiffWorkspace, _ pairsOnly: Bool
    ) throws(DiffError) -> Duplicate? {
        // Checked in the open first: building the counts' array on every
        // diff cost more than the check.
        let lcs = options.algorithm == .lcs
        if old.count > CCore.maxCount || new.count > CCore.maxCount
            || (lcs && old.count + new.count > CCore.maxLCSTotalCount),
            case .tooLarge(let count, let limit) = CCore.tooLarge([old.count, new.count], lcs: lcs)
        {
            throw .tooLarge(count: count, limit: limit)
        }
        do throws(CoreFailure) {
            try CCore.diff(
                oldIDs: old, newIDs: new, options: options, pairsOnly: pairsOnly,
                workspace: workspace.core, into: workspace.result)
            return nil
        } catch {
            guard case .duplicate(let side, let index, let first) = error.kind else { throw Self.error(error) }
            return Duplicate(side: side == 0 ? .old : .new, index: index, firstIndex: first)
        }
    }

    /// The public error for a rejected duplicate.
    @usableFromInline
    static func error<Side: PairingSide>(_ duplicate: Duplicate, _ old: Side, _ new: Side) -> DiffError {
        let list = duplicate.side == .old ? old : new
        return .duplicateIdentifier(
            String(reflecting: list.id(at: duplicate.index)), side: duplicate.side,
            location: list.location(of: duplicate.index),
            firstLocation: list.location(of: duplicate.firstIndex))
    }

    /// Converts a core failure other than a duplicate to the public error.
    static func error(_ failure: CoreFailure) -> DiffError {
        switch failure.kind {
        case .outOfMemory: return .outOfMemory
        case .tooLarge(let count, let limit): return .tooLarge(count: count, limit: limit)
        case .invalidArgument: return .invalidArgument(failure.message)
        case .duplicate: return .invalidArgument("unexpected duplicate report")
        case .cancelled: return .cancelled
        }
    }
}
