extension StagedChangeset {
    /// Diffs two arrays into at most three stages: updates (old indices),
    /// deletes (old indices), then inserts and moves (a move's source is its
    /// index after the deletes, its destination the new index). Moves are
    /// minimal: the elements off one longest increasing subsequence of the
    /// pairing, so one element moved from last to first is one move.
    /// Flat diffs use section 0 in every ``ElementPath``.
    ///
    /// The options are honoured as for Boxes:
    /// - ``UpdateStyle/reconfigure``: no update stage; the changed elements
    ///   are reported as `elementReconfigured` (new indices) in a last
    ///   stage of their own, after the structural stages, whose data still
    ///   show the old contents.
    /// - ``BatchMode/singleBatch``: one stage, data the target: deletes
    ///   (old indices), inserts (new indices), moves (old index to new
    ///   index); a changed element that moves is a delete plus an insert
    ///   (with reloads) and one that stays is reloaded at its old index
    ///   where UIKit's reload target (the old index shifted by the deletes
    ///   and inserts, moves ignored) is its new index, a delete plus an
    ///   insert otherwise; with reconfigures, every changed element is
    ///   reconfigured at its new index and moves stay moves.
    /// - ``DiffOptions/reloadThreshold``: above that many changes (those of
    ///   the layout chosen), ``reloadsEverything`` is set and there is one
    ///   stage without calls whose data is the target.
    ///
    /// Other collections: see the initializers for any
    /// `RangeReplaceableCollection` (keeps its type) and any `Collection`
    /// (array data).
    ///
    /// Identity hashes come from `differenceIdentifier`: integers and `Bool`
    /// by their bits, strings, byte arrays, `Data` and `UUID`s through XXH3,
    /// other types through their `Hashable` hash, checked with `==` so that
    /// a 64-bit collision never pairs two different identifiers.
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: [1, 2, 3], target: [3, 1, 2])
    /// // one stage: elementMoved [[0, 2] → [0, 0]]
    /// ```
    ///
    /// - Parameters:
    ///   - source: The old array.
    ///   - target: The new array.
    ///   - options: Algorithm, duplicate policy, LCS cost bound, update
    ///     style, batch mode, reload threshold. (To check the result against
    ///     UIKit's batch rules, see `validated(from:)` in BoxDiffValidation.)
    ///   - workspace: Reusable scratch memory (if `nil`, a spare one: see
    ///     ``DiffWorkspace``).
    /// - Throws: ``DiffError/duplicateIdentifier(_:side:location:firstLocation:)``
    ///   with ``DuplicatePolicy/reject``; ``DiffError/outOfMemory``;
    ///   ``DiffError/tooLarge(count:limit:)`` past 4,294,967,280 elements.
    /// - Complexity: O(n) expected with Heckel; O((n + m)·D) with LCS,
    ///   bounded by the cost bound.
    @inlinable
    public init<Element: Differentiable>(
        source: [Element], target: [Element], options: DiffOptions = DiffOptions(),
        workspace: DiffWorkspace? = nil
    ) throws(DiffError) where Data == [Element] {
        self = try FlatStaging.changeset(source: source, target: target, options: options, workspace: workspace)
    }
}

/// A flat array as one side of a pairing.
@frozen @usableFromInline
struct FlatPairingSide<Element: Differentiable>: PairingSide {
    @usableFromInline let list: [Element]
    @usableFromInline var identityHashes: ArraySlice<UInt64>
    /// The length of the common prefix of ids (checked with `==` before
    /// pairing), whose pairs are not checked again.
    @usableFromInline let prefix: Int

    /// The side of `list`, whose first `prefix` ids are a common prefix;
    /// its hashes are written into the buffer `slot` kept from the last
    /// diff (see ``FlatHashing/hashes(_:prefix:reusing:)``).
    @inlinable
    init(_ list: [Element], prefix: Int, reusing slot: inout [UInt64]) {
        self.list = list
        self.identityHashes = ArraySlice(FlatHashing.hashes(list, prefix: prefix, reusing: &slot))
        self.prefix = prefix
    }

    @inlinable
    func id(at flatIndex: Int) -> Element.DifferenceIdentifier { list[flatIndex].differenceIdentifier }

    @inlinable
    func location(of flatIndex: Int) -> DiffLocation { .index(flatIndex) }

    @inlinable
    static func pairsMatch(_ old: Self, _ new: Self, oldToNew: UnsafeBufferPointer<UInt32>) -> Bool {
        for i in old.prefix..<oldToNew.count
        where oldToNew[i] != CCore.none
            && !IdentityHashing.equal(old.list[i].differenceIdentifier, new.list[Int(oldToNew[i])].differenceIdentifier)
        {
            return false
        }
        return true
    }
}

/// Identity hashes of a flat array.
///
/// Inlinable, like the flat `StagedChangeset` initializer, so the loops
/// over elements are specialized for the caller's element type.
@usableFromInline
enum FlatHashing {
    /// Identity hashes of `list`, except that the first `prefix` elements
    /// (a common prefix of ids, checked with `==` by the caller) get
    /// placeholders equal on both sides, so the core trims them without
    /// hashing them. A placeholder equal to a real hash is harmless: the
    /// prefix is trimmed before anything is paired, and every pair the
    /// core makes is still checked with `==`.
    @inlinable
    static func hashes<Element: Differentiable>(_ list: [Element], prefix: Int = 0) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: list.count) { buffer, count in
            write(list, prefix: prefix, into: buffer)
            count = list.count
        }
    }

    /// ``hashes(_:prefix:)``, written into the buffer left in `slot` by the
    /// last diff, which keeps the result in turn (one more reference to
    /// it, dropped when the diff's pairing sides go; the next diff finds
    /// the buffer unshared again).
    ///
    /// At app sizes this saves an allocation and a free per side, and the
    /// standard library's unspecialized allocation path, which
    /// `Array(unsafeUninitializedCapacity:)` takes and which looks up the
    /// storage type's metadata on every call (about 540 instructions a
    /// call, against 8,300 for a whole 20-element diff). Lists longer than
    /// ``DiffWorkspace/reusedListCapacity`` get a buffer of their own,
    /// unfilled before it is written, and leave `slot` empty.
    @inlinable
    static func hashes<Element: Differentiable>(
        _ list: [Element], prefix: Int, reusing slot: inout [UInt64]
    ) -> [UInt64] {
        guard list.count <= DiffWorkspace.reusedListCapacity else {
            slot = []
            return hashes(list, prefix: prefix)
        }
        var result = Array.take(&slot)
        result.resize(toOverwrite: list.count)
        result.withUnsafeMutableBufferPointer { write(list, prefix: prefix, into: $0) }
        Array.keep(result, in: &slot)
        return result
    }

    /// Writes the identity hashes of `list` (placeholders for the first
    /// `prefix`) into `buffer`, which has room for them all.
    @inlinable
    static func write<Element: Differentiable>(
        _ list: [Element], prefix: Int, into buffer: UnsafeMutableBufferPointer<UInt64>
    ) {
        for i in 0..<prefix {
            buffer[i] = 0xB0D1_FF00_0000_0000 | UInt64(truncatingIfNeeded: i)
        }
        for i in prefix..<list.count {
            buffer[i] = IdentityHashing.hash(list[i].differenceIdentifier)
        }
    }

    /// The length of the longest common prefix of ids.
    @inlinable
    static func commonPrefix<Element: Differentiable>(_ a: [Element], _ b: [Element]) -> Int {
        let limit = min(a.count, b.count)
        var i = 0
        while i < limit && IdentityHashing.equal(a[i].differenceIdentifier, b[i].differenceIdentifier) { i += 1 }
        return i
    }
}

/// Builds the flat stages from a C result (inlinable: see `FlatHashing`).
@usableFromInline
enum FlatStaging {
    /// The flat diff of two arrays, which every flat initializer calls (a
    /// named function, so that no initializer can resolve to itself).
    @inlinable
    static func changeset<Element: Differentiable>(
        source: [Element], target: [Element], options: DiffOptions, workspace: DiffWorkspace?
    ) throws(DiffError) -> StagedChangeset<[Element]> {
        try changeset(
            source: source, target: target, options: options, workspace: workspace, cancellation: NeverCancelled())
    }

    /// ``changeset(source:target:options:workspace:)``, checking
    /// `cancellation` between its phases (the common prefix, each side's
    /// hashes, the pairing, the content comparisons and each intermediate
    /// stage) and every ``rowsBetweenChecks`` content comparisons; with a
    /// flag, the C core's calls check it too. Throws
    /// ``DiffError/cancelled`` when it stops.
    @inlinable
    static func changeset<Element: Differentiable, C: DiffCancellation>(
        source: [Element], target: [Element], options: DiffOptions, workspace: DiffWorkspace?, cancellation: C
    ) throws(DiffError) -> StagedChangeset<[Element]> {
        // The common prefix of ids (compared with ==) is not hashed: the
        // core trims it first and pairs it in place, which agrees with
        // pairing duplicates in order. Not under `.reject`, where the core
        // must see every id to find a duplicate inside the prefix.
        let prefix = options.duplicates == .reject ? 0 : FlatHashing.commonPrefix(source, target)
        // A spare workspace when `workspace` is nil or busy with an outer
        // diff (the caller's `==` diffing again): see DiffWorkspace.isBusy.
        // Its size: the ids past the prefix, what the core runs on.
        let ws = try DiffWorkspace.forDiff(workspace) { (source.count &- prefix) &+ (target.count &- prefix) }
        cancellation.watch(true, in: ws)
        // The same size once paired (a spare workspace is kept only after
        // a small diff, measured as it was taken: the capacity of the hash
        // lists, which hold the prefix too, freed the process's spare after
        // a one-row append to a 3,000-row list; found by review,
        // 2026-12-03).
        var elements = Int.max
        defer {
            cancellation.watch(false, in: ws)
            ws.finishDiff(elements: elements, spanning: source.count &+ target.count)
        }
        try cancellation.check()
        var old = FlatPairingSide(source, prefix: prefix, reusing: &ws.flatOldHashes)
        try cancellation.check()
        var new = FlatPairingSide(target, prefix: prefix, reusing: &ws.flatNewHashes)
        try cancellation.check()
        try Pairing.pair(&old, &new, options: options, workspace: ws)
        elements = (source.count &- prefix) &+ (target.count &- prefix)
        try cancellation.check()
        return try stages(
            source: source, target: target, result: ws.result, options: options, workspace: ws,
            cancellation: cancellation)
    }

    /// The changeset `options` asks for: staged (with reloads or
    /// reconfigures), one batch, or a plan to reload everything. The call
    /// lists reuse the buffers `workspace` kept from its previous diff
    /// (see `DiffWorkspace.deletedRows`) and are kept in turn.
    @inlinable
    static func stages<Element: Differentiable, C: DiffCancellation>(
        source: [Element], target: [Element], result: CoreResult, options: DiffOptions,
        workspace: DiffWorkspace, cancellation: C
    ) throws(DiffError) -> StagedChangeset<[Element]> {
        let o2n = result.oldToNew
        var updated = Array.reusing(&workspace.updatedRows)
        defer { Array.keep(updated, in: &workspace.updatedRows) }
        let threshold = options.changeCountAllowed
        if options.mode == .singleBatch {
            // The changed elements' old indices alone: the layout reads their
            // new ones from the result.
            for i in 0..<o2n.count {
                if i & (rowsBetweenChecks - 1) == rowsBetweenChecks - 1 { try cancellation.check() }
                if o2n[i] != CCore.none && !target[Int(o2n[i])].isContentEqual(to: source[i]) {
                    updated.append(ElementPath(section: 0, row: i))
                }
            }
            try cancellation.check()
            let update = FlatSingleBatch.update(
                result: result, updated: &updated, style: options.updateStyle, workspace: workspace)
            if update.changeCount > threshold { return .reloadingEverything(target, isMinimal: result.isMinimal) }
            return StagedChangeset(
                update.hasChanges ? [Changeset(data: target, batchUpdate: update)] : [], isMinimal: result.isMinimal)
        }
        // The updated elements: their old indices, and with reconfigures
        // their new ones.
        let patchesSource = options.updateStyle == .reload
        var updatedNew: [Int] = []
        for i in 0..<o2n.count {
            if i & (rowsBetweenChecks - 1) == rowsBetweenChecks - 1 { try cancellation.check() }
            guard o2n[i] != CCore.none else { continue }
            let j = Int(o2n[i])
            if !target[j].isContentEqual(to: source[i]) {
                updated.append(ElementPath(section: 0, row: i))
                if !patchesSource { updatedNew.append(j) }
            }
        }
        try cancellation.check()
        if options.reloadThreshold != nil
            && updated.count + result.deletes.count + result.inserts.count + result.stageMoves.count > threshold
        {
            return .reloadingEverything(target, isMinimal: result.isMinimal)
        }
        let deletes = result.deletes
        let inserts = result.inserts
        let moves = result.stageMoves
        let hasRowStage = !inserts.isEmpty || !moves.isEmpty
        let deletesLast = !hasRowStage && (patchesSource || updatedNew.isEmpty)
        var stages: [Changeset<[Element]>] = []
        // One allocation of the stage count (grown, two or three stages
        // were two or three allocations).
        let hasUpdateStage = patchesSource && !updated.isEmpty
        let hasReconfigureStage = !patchesSource && !updatedNew.isEmpty
        stages.reserveCapacity(
            (hasUpdateStage ? 1 : 0) + (deletes.isEmpty ? 0 : 1) + (hasRowStage ? 1 : 0) + (hasReconfigureStage ? 1 : 0)
        )
        if hasUpdateStage {
            let isLast = deletes.isEmpty && !hasRowStage
            let data = isLast ? target : inOldOrder(source: source, target: target, oldToNew: o2n, keepingDeleted: true)
            stages.append(Changeset(data: data, elementUpdated: updated))
            try cancellation.check()
        }

        if !deletes.isEmpty {
            let deleted = Array.refilling(&workspace.deletedRows, from: deletes) {
                ElementPath(section: 0, row: Int($0))
            }
            let kept =
                deletesLast
                ? target
                : inOldOrder(
                    source: source, target: target, oldToNew: o2n, keepingDeleted: false,
                    pending: patchesSource ? [] : updated)
            stages.append(Changeset(data: kept, elementDeleted: deleted))
            try cancellation.check()
        }

        if hasRowStage {
            // With reconfigures, the updated elements still show their old
            // content until the reconfigure stage.
            var arranged = target
            if !patchesSource {
                for k in updated.indices { arranged[updatedNew[k]] = source[updated[k].row] }
            }
            let inserted = Array.refilling(&workspace.insertedRows, from: inserts) {
                ElementPath(section: 0, row: Int($0))
            }
            let moved = Array.refilling(&workspace.movedRows, from: moves) {
                Move(
                    source: ElementPath(section: 0, row: Int($0.from)),
                    destination: ElementPath(section: 0, row: Int($0.to)))
            }
            stages.append(Changeset(data: arranged, elementInserted: inserted, elementMoved: moved))
        }
        if hasReconfigureStage {
            stages.append(
                Changeset(
                    data: target, elementReconfigured: updatedNew.sorted().map { ElementPath(section: 0, row: $0) }))
        }
        return StagedChangeset(stages, isMinimal: result.isMinimal)
    }

    /// The elements in old order, as an update or delete stage shows
    /// them: a paired element's target value (as DifferenceKit's stages:
    /// fields `isContentEqual(to:)` leaves out, such as a cell action's
    /// captured state, are the target's in a cell dequeued during the
    /// stage, which no later stage refreshes), except the `pending` ones
    /// (old paths, increasing: updates waiting for their reconfigure
    /// stage), which keep their source value; a deleted element's source
    /// value, or none without `keepingDeleted`.
    @inlinable
    static func inOldOrder<Element>(
        source: [Element], target: [Element], oldToNew o2n: UnsafeBufferPointer<UInt32>, keepingDeleted: Bool,
        pending: [ElementPath] = []
    ) -> [Element] {
        // Short lists are appended to (`Array(unsafeUninitializedCapacity:)`
        // looks up its storage class's metadata at run time, about 200
        // instructions a call); long ones written in place (one append per
        // element ran 20-50% slower at 10,000 plain-data elements, for 3%
        // more instructions).
        guard source.count >= 32 else {
            var elements: [Element] = []
            elements.reserveCapacity(source.count)
            forEachInOldOrder(
                source: source, target: target, oldToNew: o2n, keepingDeleted: keepingDeleted, pending: pending
            ) {
                elements.append($0.pointee)
            }
            return elements
        }
        return Array(unsafeUninitializedCapacity: source.count) { buffer, initialized in
            guard var out = buffer.baseAddress else { return }
            forEachInOldOrder(
                source: source, target: target, oldToNew: o2n, keepingDeleted: keepingDeleted, pending: pending
            ) {
                out.initialize(to: $0.pointee)
                out += 1
            }
            initialized = out - buffer.baseAddress.unsafelyUnwrapped
        }
    }

    /// Calls `body` with each element of ``inOldOrder(source:target:oldToNew:keepingDeleted:pending:)``, in order.
    @inlinable @inline(__always)
    static func forEachInOldOrder<Element>(
        source: [Element], target: [Element], oldToNew o2n: UnsafeBufferPointer<UInt32>, keepingDeleted: Bool,
        pending: [ElementPath], _ body: (UnsafePointer<Element>) -> Void
    ) {
        source.withUnsafeBufferPointer { source in
            target.withUnsafeBufferPointer { target in
                // (A target is empty only when no element is paired.)
                guard let old = source.baseAddress else { return }
                let new = target.baseAddress
                var k = 0
                for i in 0..<source.count {
                    let j = o2n[i]
                    if j == CCore.none {
                        if keepingDeleted { body(old + i) }
                    } else if k < pending.count && pending[k].row == i {
                        k += 1
                        body(old + i)
                    } else {
                        body(new.unsafelyUnwrapped + Int(j))
                    }
                }
            }
        }
    }
}

extension StagedChangeset {
    /// A plan to reload everything: one stage without calls whose data is
    /// `target`.
    @inlinable
    static func reloadingEverything<Element>(_ target: [Element], isMinimal: Bool) -> StagedChangeset
    where Data == [Element] {
        StagedChangeset([Changeset(data: target)], reloadsEverything: true, isMinimal: isMinimal)
    }
}
