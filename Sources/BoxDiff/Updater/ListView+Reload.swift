import Foundation

extension ListView {
    /// Animates a changeset on this view, stage by stage, as DifferenceKit's
    /// `reload(using:interrupt:setData:)` does; works for every changeset
    /// BoxDiff makes (a Box, ``ArraySection``s, a flat collection).
    ///
    /// For each stage, one ``ListView/performBatchUpdates(_:completion:)``
    /// whose block first gives the stage's data to `setData`, then makes
    /// the stage's calls (sections, then items; the order of calls inside a
    /// batch does not matter to UIKit). A stage's reconfigures
    /// (``UpdateStyle/reconfigure``) follow right after its batch, in the
    /// index space after it (before iOS 15, as item reloads).
    ///
    /// Instead of batches, `setData` with the target (the last stage's
    /// data) and ``ListView/reloadData()``, when the changeset
    /// ``StagedChangeset/reloadsEverything``, when the view cannot animate
    /// (``ListView/canAnimateBatchUpdates``, UIKit: not in a window), or
    /// when `interrupt` returns true for the next stage (the stages before
    /// it stay applied). An empty changeset makes no call at all. Calls are
    /// handed to the view as they are, out-of-range ones included (the
    /// view reports them), except section indexes of `Int.max`, which no
    /// `IndexSet` can hold, and negative ones, which Foundation on Apple
    /// platforms rejects with an Objective-C exception: they are left out,
    /// and a section call left with none is not made. (A diff makes
    /// neither; a hand-made or decoded changeset may hold them.)
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: shown, target: next)
    /// collectionView.reload(using: changeset, setData: { shown = $0 }) {
    ///     print("on screen")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - changeset: The changes from the data the view shows to the data
    ///     to show.
    ///   - interrupt: Asked before each stage; `true` abandons the
    ///     animation for a reload of the target (DifferenceKit uses it to
    ///     skip large changesets: `{ $0.changeCount > 100 }`).
    ///   - setData: Stores the data the data source reads, called on the
    ///     main actor before the view reads it (inside each batch). It
    ///     must not reload this view again: that batch would run inside
    ///     this one's block, which UIKit rejects (``BoxRenderer`` queues a
    ///     render requested from its `setData` instead).
    ///   - completion: Called exactly once: after the last batch's
    ///     animations end (and never before its reconfigures were made,
    ///     even on a view that ends the batch before returning), after the
    ///     reload, or at once for an empty changeset. Completions of
    ///     separate calls are not ordered with each other: one that runs
    ///     at once may run while an earlier call's batches still animate
    ///     (``BoxRenderer`` runs its renders' completions in order).
    @inlinable
    public func reload<Data>(
        using changeset: StagedChangeset<Data>,
        interrupt: ((Changeset<Data>) -> Bool)? = nil,
        setData: (Data) -> Void,
        completion: (() -> Void)? = nil
    ) {
        withoutActuallyEscaping(setData) { setData in
            // The batches' blocks reach `setData` through a holder that lets
            // go of it before this returns: a view may keep a block after
            // running it (one that records its batches, a proxy keeping
            // the call's arguments), and a closure still held here stops
            // the program ("closure argument was escaped in
            // withoutActuallyEscaping block"), release builds too.
            let setter = DataSetter(setData)
            defer { setter.release() }
            ClosureStageApplier(view: self, setData: setter, indexPaths: IndexPathBuffer()).performStages(
                at: changeset.stages, count: changeset.stages.count, reloadsEverything: changeset.reloadsEverything,
                interrupt: interrupt, completion: completion)
        }
    }

    /// The calls of `stages[index]`'s batch, inside `performBatchUpdates`
    /// (reconfigures are not part of the batch: see
    /// `reconfigure(_:indexPaths:)`), read in place through the pointer (a
    /// `BatchUpdate` passed by value, or borrowed from an array's
    /// subscript, was copied: nine retains and releases per stage); the
    /// item lists handed out in `indexPaths`' storage.
    @inlinable
    func applyCalls<Data>(
        of stages: UnsafePointer<Changeset<Data>>, at index: Int, indexPaths: IndexPathBuffer
    ) {
        let calls = stages + index
        // A set left empty (every index `Int.max` or negative) makes no call.
        if !calls.pointee.batchUpdate.sectionDeleted.isEmpty {
            let sections = IndexSet(runsOf: calls.pointee.batchUpdate.sectionDeleted.unretained)
            if !sections.isEmpty { deleteSections(sections) }
        }
        if !calls.pointee.batchUpdate.sectionInserted.isEmpty {
            let sections = IndexSet(runsOf: calls.pointee.batchUpdate.sectionInserted.unretained)
            if !sections.isEmpty { insertSections(sections) }
        }
        if !calls.pointee.batchUpdate.sectionUpdated.isEmpty {
            let sections = IndexSet(runsOf: calls.pointee.batchUpdate.sectionUpdated.unretained)
            if !sections.isEmpty { reloadSections(sections) }
        }
        for move in calls.pointee.batchUpdate.sectionMoved.unretained {
            moveSection(move.source, toSection: move.destination)
        }
        if !calls.pointee.batchUpdate.elementDeleted.isEmpty {
            let paths = indexPaths.filled(with: calls.pointee.batchUpdate.elementDeleted.unretained)
            deleteItems(at: paths)
            indexPaths.keep(paths)
        }
        if !calls.pointee.batchUpdate.elementInserted.isEmpty {
            let paths = indexPaths.filled(with: calls.pointee.batchUpdate.elementInserted.unretained)
            insertItems(at: paths)
            indexPaths.keep(paths)
        }
        if !calls.pointee.batchUpdate.elementUpdated.isEmpty {
            let paths = indexPaths.filled(with: calls.pointee.batchUpdate.elementUpdated.unretained)
            reloadItems(at: paths)
            indexPaths.keep(paths)
        }
        for move in calls.pointee.batchUpdate.elementMoved.unretained {
            moveItem(at: move.source.indexPath, to: move.destination.indexPath)
        }
    }

    /// Refreshes rows after the batch that moved them (paths after it):
    /// reconfigures where the system has them (iOS 15), reloads before.
    @inlinable
    func reconfigure(_ paths: UnsafeBufferPointer<ElementPath>, indexPaths buffer: IndexPathBuffer) {
        let indexPaths = buffer.filled(with: paths)
        if #available(iOS 15.0, tvOS 15.0, macCatalyst 15.0, *) {
            reconfigureItems(at: indexPaths)
        } else {
            reloadItems(at: indexPaths)
        }
        buffer.keep(indexPaths)
    }
}

/// What the batches of a reload need: the view, the storage of the
/// index-path lists handed to it, and the data source's setter. The one
/// stage loop (``performStages(_:reloadsEverything:interrupt:completion:)``)
/// serves ``ListView/reload(using:interrupt:setData:completion:)`` and
/// ``BoxRenderer``.
@MainActor
@usableFromInline
protocol StageApplier<Data> {
    associatedtype Data
    associatedtype View: ListView
    /// The view the batches go to.
    var view: View { get }
    /// The storage of the index-path lists handed to the view, reused from
    /// list to list.
    var indexPaths: IndexPathBuffer { get }
    /// Gives the data source the data of `stages[index]`, once per stage,
    /// before the view reads it.
    func store(_ stages: UnsafePointer<Changeset<Data>>, at index: Int)
    /// Number of ``store(_:at:)`` calls so far (wrapping): checks that a
    /// view ran a batch's block exactly once before returning.
    var storeCount: UInt { get }
    /// What the batch blocks capture to reach the applier: for a class,
    /// an unretained reference (the applier outlives the blocks' runs, see
    /// ``performStages(_:reloadsEverything:interrupt:completion:)``).
    associatedtype Reference
    /// This applier as the blocks capture it.
    var reference: Reference { get }
    /// `body` of the applier `reference` leads to.
    static func withApplier(_ reference: Reference, _ body: (Self) -> Void)
}

extension StageApplier {
    /// Animates `stages` on the view: for each stage one
    /// ``ListView/performBatchUpdates(_:completion:)`` whose block stores
    /// the stage's data, then makes its calls; its reconfigures right
    /// after. A reload of the last stage's data instead when
    /// `reloadsEverything`, when the view cannot animate, or when
    /// `interrupt` returns true for the next stage; `completion` exactly
    /// once (see ``ListView/reload(using:interrupt:setData:completion:)``).
    ///
    /// Stages are read in place through the pointer: not copied out one by
    /// one, nor captured whole by each batch's block, which captures the
    /// applier alone (each captured reference is an atomic retain and
    /// release per stage). The stages outlive the blocks: a view runs its
    /// block before `performBatchUpdates` returns (the ``ListView``
    /// contract, as UIKit does).
    @inlinable
    func performStages(
        _ stages: UnsafeBufferPointer<Changeset<Data>>, reloadsEverything: Bool,
        interrupt: ((Changeset<Data>) -> Bool)?, completion: (() -> Void)?
    ) {
        let count = stages.count
        guard let first = stages.baseAddress, count > 0 else {
            completion?()
            return
        }
        guard !reloadsEverything, view.canAnimateBatchUpdates else {
            reloadEverything(with: first, count: count, completion: completion)
            return
        }
        let reference = self.reference
        for index in 0..<count {
            if let interrupt, interrupt(first[index]) {
                reloadEverything(with: first, count: count, completion: completion)
                return
            }
            let isLast = index == count - 1
            // The stored list itself (not through dynamic member lookup,
            // which would copy the whole batch update).
            let reconfigures = !first[index].batchUpdate.elementReconfigured.isEmpty
            // The completion follows the last reconfigures: a view that ends
            // its batch before `performBatchUpdates` returns (AppKit's table,
            // a view that does not animate) ran it first, and a reload it
            // chained then took the reconfigures' paths for its own rows.
            let gate = isLast && reconfigures ? completion.map(CompletionGate.init) : nil
            let stored = storeCount
            // This block's number, open until `performBatchUpdates`
            // returns (a value the block captures: no allocation).
            let (batch, enclosing) = OpenBatch.open()
            view.performBatchUpdates(
                {
                    // A block the view kept and ran after
                    // `performBatchUpdates` returned would read the
                    // caller's freed stages and a released applier: stop
                    // instead (found by review, 2026-12-03), with the
                    // message in every build (`fatalError`'s is kept by
                    // -O, a precondition's is not).
                    if OpenBatch.current != batch {
                        fatalError(
                            "ListView.performBatchUpdates ran its updates block after returning: run it once, before returning"
                        )
                    }
                    // The applier through its reference: a renderer's
                    // captured unretained (captured strongly, it cost a
                    // retain and two releases per stage, atomically). The
                    // closure goes to this module's `withApplier`: one
                    // given to the standard library (Swift 5 mode) is
                    // checked for the main actor on entry.
                    Self.withApplier(reference) { applier in
                        applier.store(first, at: index)
                        // No copy of the stage's lists.
                        applier.view.applyCalls(of: first, at: index, indexPaths: applier.indexPaths)
                    }
                },
                // No closure to allocate when there is no completion.
                completion: gate.map { gate in { _ in gate.finish() } }
                    ?? (isLast ? completion.map { completion in { _ in completion() } } : nil))
            OpenBatch.current = enclosing
            // The block holds the applier unretained (a renderer) and
            // points into the caller's stages: run later, it would read
            // freed memory; never run, the data source would not hold what
            // the view was told; run twice, a renderer's data source would
            // get the empty Box the first run left. Stop here instead.
            checkUsage(
                storeCount == stored &+ 1,
                "ListView.performBatchUpdates must run its updates block exactly once, before returning")
            if reconfigures {
                view.reconfigure(first[index].batchUpdate.elementReconfigured.unretained, indexPaths: indexPaths)
            }
            gate?.open()
        }
    }

    /// ``performStages(_:reloadsEverything:interrupt:completion:)`` of the
    /// `count` stages at `first`, for an array passed as the argument
    /// (`stages`, or `&stages` when ``store(_:at:)`` moves data out): Swift
    /// lends the array's storage for the call. Reading it through
    /// `withUnsafeBufferPointer` instead took a closure written in
    /// main-actor code, which Swift 6 checks for the main actor on entry
    /// (`swift_task_isCurrentExecutor`, about 220 instructions per call).
    @inlinable
    func performStages(
        at first: UnsafePointer<Changeset<Data>>, count: Int, reloadsEverything: Bool,
        interrupt: ((Changeset<Data>) -> Bool)?, completion: (() -> Void)?
    ) {
        performStages(
            UnsafeBufferPointer(start: first, count: count), reloadsEverything: reloadsEverything,
            interrupt: interrupt, completion: completion)
    }

    /// Gives the view the last stage's data (the target) without
    /// animation. A reload reads that stage's data alone, and only then.
    @inlinable
    func reloadEverything(
        with first: UnsafePointer<Changeset<Data>>, count: Int, completion: (() -> Void)?
    ) {
        store(first, at: count - 1)
        view.reloadData()
        completion?()
    }
}

/// A completion held back until ``open()``: run there if the batch already
/// finished (``finish()``), else when it does.
@MainActor
@usableFromInline
final class CompletionGate {
    @usableFromInline let completion: () -> Void
    @usableFromInline var isOpen = false
    @usableFromInline var isFinished = false

    // Not inlinable, as ``IndexPathBuffer/init()``.
    @usableFromInline
    init(_ completion: @escaping () -> Void) { self.completion = completion }

    /// The batch's animations ended.
    @inlinable
    func finish() {
        isFinished = true
        if isOpen { completion() }
    }

    /// The calls that follow the batch were made.
    @inlinable
    func open() {
        isOpen = true
        if isFinished { completion() }
    }
}

/// ``ListView/reload(using:interrupt:setData:completion:)``'s applier: a
/// view, the caller's `setData` (through a ``DataSetter``) and index-path
/// storage of its own.
@frozen @usableFromInline
struct ClosureStageApplier<View: ListView, Data>: StageApplier {
    @usableFromInline let view: View
    @usableFromInline let setData: DataSetter<Data>
    @usableFromInline let indexPaths: IndexPathBuffer

    @inlinable
    init(view: View, setData: DataSetter<Data>, indexPaths: IndexPathBuffer) {
        self.view = view
        self.setData = setData
        self.indexPaths = indexPaths
    }

    /// Copies the stage's data to `setData` (the caller's changeset is
    /// borrowed).
    @inlinable
    func store(_ stages: UnsafePointer<Changeset<Data>>, at index: Int) { setData.set(stages[index].data) }

    /// The setter's count of calls.
    @inlinable var storeCount: UInt { setData.count }

    /// The applier itself (a value: the blocks capture its three
    /// references).
    @inlinable var reference: Self { self }

    /// `body(reference)`.
    @inlinable
    static func withApplier(_ reference: Self, _ body: (Self) -> Void) { body(reference) }
}

/// The caller's `setData` during one
/// ``ListView/reload(using:interrupt:setData:completion:)``, released when
/// the reload returns: a batch block the view kept then holds this holder,
/// no longer the closure, which must not outlive the call.
@MainActor
@usableFromInline
final class DataSetter<Data> {
    /// The caller's `setData`; `nil` once the reload returned.
    @usableFromInline var setData: ((Data) -> Void)?
    /// Number of ``set(_:)`` calls (wrapping).
    @usableFromInline var count: UInt = 0

    // Not inlinable, as ``IndexPathBuffer/init()``.
    @usableFromInline
    init(_ setData: @escaping (Data) -> Void) { self.setData = setData }

    /// Gives `data` to the caller's `setData`.
    @inlinable
    func set(_ data: Data) {
        count &+= 1
        setData?(data)
    }

    /// Lets go of the caller's `setData`.
    @inlinable
    func release() { setData = nil }
}

/// The batch block that may run now: the number of the innermost
/// ``ListView/performBatchUpdates(_:completion:)`` call of the stage loop
/// that has not returned (0: none). A block checks that it is the open
/// one, so that a view that keeps a block and runs it later stops the
/// program with a message instead of reading freed memory. Main actor
/// only, as every view.
@MainActor
@usableFromInline
enum OpenBatch {
    /// The open batch's number; 0 when none is open.
    @usableFromInline static var current: UInt = 0
    /// The last number given (wrapping, 0 skipped).
    @usableFromInline static var last: UInt = 0

    /// Opens a new batch: its number and the enclosing one's, which
    /// becomes current again when the new batch's call returns (a reload
    /// made from inside a batch block).
    @inlinable
    static func open() -> (batch: UInt, enclosing: UInt) {
        last &+= 1
        if last == 0 { last = 1 }
        let enclosing = current
        current = last
        return (last, enclosing)
    }
}
