import Foundation

/// A render loop for Bento-style screens: owns a ``ListView`` and the Box
/// it shows, and turns each new Box into the view's animated batches.
///
/// ``render(_:completion:)`` diffs the new Box against ``shownBox`` on the
/// main actor (reusing one ``DiffWorkspace`` and the shown Box's cached
/// identity table, so only the new Box is hashed) and applies the changes
/// with ``ListView/reload(using:interrupt:setData:completion:)``.
/// ``renderInBackground(_:)`` and ``renderAsync(_:)`` diff off the main
/// actor instead; when renders arrive faster than they are diffed, only
/// the latest one is applied: an older one still diffing is cancelled, and
/// a diff that finishes after a newer render was requested is dropped. So
/// renders are applied in the order they were requested, and once every
/// render has finished the view shows the last Box requested (a
/// ``renderAsync(_:)`` called from a task already cancelled is not a
/// request: it is dropped at once and supersedes nothing), unless the
/// caller cancelled that render before its diff ended: then the view stays
/// on ``shownBox``, the renders it superseded dropped too.
///
/// ``shownBox`` is the Box of the last applied render: what the view shows
/// once its animations end. The next diff starts from it even while the
/// previous batch still animates, as UIKit takes the next batch against
/// the data source's state.
///
/// ```swift
/// // `unowned`: the data source (or the screen) usually owns the renderer.
/// let renderer = BoxRenderer<String, Int, UICollectionView>(view: collectionView) { [unowned dataSource] box in
///     dataSource.box = box
/// }
/// renderer.render(makeBox(state))          // on the main actor, now
/// renderer.renderInBackground(makeBox(state))  // diffs elsewhere, applies the latest
/// ```
@preconcurrency @MainActor
public final class BoxRenderer<SectionID: Hashable & Sendable, RowID: Hashable & Sendable, View: ListView> {
    /// The view the renders go to.
    public let view: View
    /// The options of every diff.
    public let options: DiffOptions
    /// The Box the view shows once its animations end: the target of the
    /// last applied render (the initial Box before any). While a render's
    /// diff runs, code the diff calls (an id's or a component's `==` or
    /// `hash(into:)`) finds it empty: the Box is lent to the diff (moved,
    /// not copied: a copy costs two atomic retains and releases per
    /// render); a render it requests is queued and starts from the right
    /// Box. (Main actor only, never held across a call: no dynamic
    /// exclusivity checks.)
    @exclusivity(unchecked) public private(set) var shownBox: Box<SectionID, RowID>
    /// Number of renders applied to the view (diffs and fallback reloads;
    /// a render with no change counts too). (Main actor only, never held
    /// across a call: no dynamic exclusivity checks, which cost a runtime
    /// call per render.)
    @exclusivity(unchecked) public private(set) var appliedRenderCount = 0
    /// Number of off-main renders superseded by a newer render, cancelled
    /// or dropped without reaching the view. (No dynamic exclusivity
    /// checks, as for ``appliedRenderCount``.)
    @exclusivity(unchecked) public internal(set) var droppedRenderCount = 0
    /// Number of renders whose diff failed and which reloaded the whole
    /// view with their Box instead. (No dynamic exclusivity checks, as for
    /// ``appliedRenderCount``.)
    @exclusivity(unchecked) public private(set) var fallbackReloadCount = 0
    /// Why the last render applied did not animate, when its diff failed:
    /// a duplicate id with ``DuplicatePolicy/reject``, say, with the id,
    /// the side and the section or row. Such a render still shows its Box,
    /// through a reload counted in ``fallbackReloadCount``. `nil` when the
    /// last render applied (``appliedRenderCount``) diffed without error,
    /// or ran no diff (one not animated); a background render counts once
    /// it reaches the view. A render the loop guard does not apply (see
    /// ``render(_:completion:)``) leaves it as it was.
    ///
    /// ```swift
    /// renderer.render(box)
    /// if let error = renderer.lastDiffError { assertionFailure("\(error)") }
    /// ```
    public var lastDiffError: DiffError? { diffErrorRender == appliedRenderCount ? diffError : nil }
    /// The last failed diff's error, and the ``appliedRenderCount`` of its
    /// render: ``lastDiffError`` is that error while no other render was
    /// applied, so the usual render, whose diff succeeds, writes nothing
    /// here.
    @usableFromInline var diffError: DiffError?
    @usableFromInline var diffErrorRender = 0

    /// The data source's setter, given each stage's Box to keep (owned:
    /// see ``init(view:showing:options:setData:)``).
    @usableFromInline let setData: (consuming Box<SectionID, RowID>) -> Void
    /// Workspaces for the diffs off the main actor (``renderInBackground(_:)``),
    /// reused, one per diff at a time.
    @usableFromInline let workspaces = BoxRendererWorkspacePool()
    /// The workspace of ``render(_:completion:)``'s diffs, which run here,
    /// on the main actor, one at a time: no lock to take it (the pool's is
    /// for the diffs off the main actor). Made on first use; no dynamic
    /// exclusivity checks, as for ``shownBox``.
    @exclusivity(unchecked) @usableFromInline var mainWorkspace: DiffWorkspace?
    /// The storage of the index-path lists the renders hand to the view,
    /// reused from list to list and render to render.
    @usableFromInline let indexPaths = IndexPathBuffer()
    /// The completions of ``render(_:completion:)``, run in the order the
    /// renders were requested.
    @usableFromInline let completions = RenderCompletions()
    /// Whether a render is being applied here, on the main actor (diffed,
    /// or its batches handed to the view): a render requested meanwhile
    /// waits in ``deferredRenders``. (Main actor only: no dynamic
    /// exclusivity checks.)
    @exclusivity(unchecked) @usableFromInline var isApplying = false
    /// The renders requested while one was being applied, in order.
    @usableFromInline var deferredRenders: [DeferredRender] = []
    /// Whether the data source's setter is being handed the Box of a
    /// render that found no change (see ``apply(_:target:completion:)``).
    /// (Main actor only: no dynamic exclusivity checks.)
    @exclusivity(unchecked) @usableFromInline var handingOverUnchanged = false
    /// Whether the render being applied was requested by the data source's
    /// setter while ``handingOverUnchanged``. (Main actor only.)
    @exclusivity(unchecked) @usableFromInline var runningAfterUnchanged = false
    /// Number of stages handed to `setData` (wrapping): see
    /// ``StageApplier/storeCount``. (Main actor only: no dynamic
    /// exclusivity checks.)
    @exclusivity(unchecked) @usableFromInline var storeCount: UInt = 0
    /// The section re-binds of the render being applied, for a view that
    /// ``ListView/reconfiguresSections`` and animates (written by its
    /// diff), made in their stage's batch (``store(_:at:)``), which
    /// empties the list; empty between renders.
    @usableFromInline let sectionRebinds = SectionRebindList()
    /// Incremented by every render request; only a result of the current
    /// generation is applied.
    private var generation: UInt64 = 0
    /// The off-main render in progress, cancelled by the next request.
    private var pending: Task<Bool, Never>?

    /// A renderer for `view`, whose data source shows `initialBox` now.
    ///
    /// - Parameters:
    ///   - view: The list view to animate.
    ///   - initialBox: What the data source holds and the view shows now
    ///     (empty by default).
    ///   - options: The options of every diff.
    ///   - setData: Stores a Box in the data source the view reads; called
    ///     on the main actor for each stage, before the view reads it. The
    ///     Box is handed over (a `consuming` parameter): a setter that
    ///     stores it (`{ box in dataSource.box = box }`) keeps the
    ///     renderer's reference, with no retain of its storage, and the
    ///     renderer releases nothing after the call. Any closure or
    ///     function taking a Box fits (`{ self.box = $0 }`,
    ///     `dataSource.store`).
    public init(
        view: View, showing initialBox: Box<SectionID, RowID> = Box(), options: DiffOptions = DiffOptions(),
        setData: @escaping (consuming Box<SectionID, RowID>) -> Void
    ) {
        self.view = view
        self.shownBox = initialBox
        self.options = options
        self.setData = setData
    }

    /// An off-main render still diffing when the renderer goes (its screen
    /// closed) is cancelled: its diff stops at its next check instead of
    /// running to its end for a view nobody shows, holding both Boxes (and
    /// what their components capture) meanwhile.
    deinit { pending?.cancel() }

    /// Whether an off-main render is still diffing (or waiting to apply).
    public var isRenderingInBackground: Bool { pending != nil }

    /// Frees the scratch memory the renderer keeps between renders so that
    /// the next ones allocate nothing: its diffs' ``DiffWorkspace``s, each
    /// as large as the largest diff it ran (about 2.5 MB after a
    /// 100,000-row diff), up to three of them (the main actor's and two for
    /// ``renderInBackground(_:)``). Call it when the app gets a memory
    /// warning, or after a long list has been replaced by a short one; the
    /// next render allocates what it needs again. A background diff that
    /// is running keeps its workspace until it ends, then frees it.
    ///
    /// What the next diff needs is kept: ``shownBox`` and its identity
    /// table (its old side).
    ///
    /// ```swift
    /// override func didReceiveMemoryWarning() {
    ///     super.didReceiveMemoryWarning()
    ///     renderer.releaseScratchMemory()
    /// }
    /// ```
    public func releaseScratchMemory() {
        // A diff running here (a render reentered from a component's `==`)
        // holds its workspace itself until it returns.
        mainWorkspace = nil
        workspaces.releaseIdle()
    }

    /// Diffs `box` against ``shownBox`` here, on the main actor, and
    /// applies the changes to the view; ``shownBox`` is `box` on return,
    /// and so is the data source's Box: a render that finds no change
    /// still hands `box` to `setData` (no batch), since a Box `==` to the
    /// shown one may differ in what `==` leaves out (a closure's state);
    /// except a render that `setData` itself requested while it was handed
    /// such a Box, so that a setter re-rendering the state it shows
    /// settles instead of being handed Box after Box. Class components
    /// (``Component/init(incomparable:)``, a new instance each time the
    /// state is built) count as unchanged here when all they change is
    /// their instance: a render requested during another's apply whose
    /// Box differs from the shown one only so (every id, comparable
    /// component and component type in place) is applied and handed over
    /// as unchanged, and the render its setter requests then, alike, is not
    /// applied (its instances stay unshown). A render requested
    /// later (from a task or a dispatch the setter starts) is a new one: a
    /// setter must not schedule a render of the Box it is handed each time.
    /// An off-main render still in progress is superseded.
    ///
    /// If the diff fails (e.g. duplicate ids with
    /// ``DuplicatePolicy/reject``), the Box is still shown: `setData(box)`
    /// and ``ListView/reloadData()``; ``lastDiffError`` says why.
    /// So is a Box the view cannot animate to
    /// (``ListView/canAnimateBatchUpdates`` false; UIKit: the view is not
    /// in a window): no batch, and `completion` runs at once (Bento's
    /// `render` made its batches whether or not the view was in a window).
    ///
    /// A render requested while another one is being applied (from
    /// `setData`, as when the data source's setter re-renders, or from a
    /// component's `==` during the diff) waits until that one has handed
    /// its batches to the view, then runs, before the outer call returns:
    /// the view never gets a batch inside another's block, and renders
    /// reach it in the order requested.
    ///
    /// - Parameters:
    ///   - box: The Box to show.
    ///   - completion: Called once, when the view's animations for `box`
    ///     end (at once after a reload or when nothing changed), but never
    ///     before the completions of renders requested earlier: while an
    ///     earlier render still animates, it waits for that one's.
    @inlinable
    public func render(_ box: Box<SectionID, RowID>, completion: (() -> Void)? = nil) {
        render(box, animated: true, completion: completion)
    }

    /// Shows `box`: animated as ``render(_:completion:)`` does, or, with
    /// `animated` false, with no diff and no animation: `setData(box)`
    /// and ``ListView/reloadData()`` (Bento's `render(_:animated:)`).
    /// ``shownBox`` is `box` on return either way, so the next render
    /// diffs from it.
    ///
    /// Show a Box through this call, not by reloading the view yourself:
    /// a renderer whose ``shownBox`` is not what the view shows animates
    /// the next render from the wrong rows. An off-main render still in
    /// progress is superseded; a call made while a render is being
    /// applied waits its turn, as for ``render(_:completion:)``.
    ///
    /// - Parameters:
    ///   - box: The Box to show.
    ///   - animated: Whether to animate the changes from ``shownBox``.
    ///   - completion: Called once, when the view's animations for `box`
    ///     end (after the reload when not animated), never before the
    ///     completions of renders requested earlier.
    @inlinable
    public func render(_ box: Box<SectionID, RowID>, animated: Bool, completion: (() -> Void)? = nil) {
        guard !isApplying else {
            deferredRenders.append(.now(box, animated: animated, completion, afterUnchanged: handingOverUnchanged))
            return
        }
        isApplying = true
        if animated { renderNow(box, completion: completion) } else { reloadNow(box, completion: completion) }
        endApplying()
    }

    /// ``render(_:animated:completion:)`` without animation, with no render
    /// being applied.
    @inlinable
    func reloadNow(_ box: Box<SectionID, RowID>, completion: (() -> Void)?) {
        supersedePending()
        reload(with: box, fallback: false, completion: completion.map(completions.enqueue))
    }

    /// ``render(_:completion:)``, with no render being applied.
    @inlinable
    func renderNow(_ box: Box<SectionID, RowID>, completion: (() -> Void)?) {
        supersedePending()
        // The shown Box is moved out for the diff, not copied: every path
        // below replaces it with `box` (``noteApplied(_:fallback:)``), and
        // a copy of a stored property to pass it along cost two atomic
        // retains and releases. An empty, uncached Box holds no storage.
        let shown = takeShownBox()
        let result: Result<StagedChangeset<Box<SectionID, RowID>>, DiffError>
        do throws(DiffError) {
            let workspace: DiffWorkspace
            if let mainWorkspace { workspace = mainWorkspace } else { workspace = try makeMainWorkspace() }
            result = .success(
                try StagedChangeset(
                    source: shown, target: box, options: options, workspace: workspace, rowContentChanged: nil,
                    sectionRebinds: view.reconfiguresSections && view.canAnimateBatchUpdates ? sectionRebinds : nil))
        } catch {
            noteFailedDiff(error)
            result = .failure(error)
        }
        // Queued in the order requested: the view calls it once the
        // render's batches end, or the reload path at once, and it runs
        // after the completions queued before it.
        apply(result, target: box, completion: completion.map(completions.enqueue))
    }

    // MARK: Internals

    /// A render requested while another was being applied.
    @usableFromInline
    enum DeferredRender {
        /// ``render(_:animated:completion:)``; `afterUnchanged`: requested
        /// from the setter while it was handed the Box of a render that
        /// found no change.
        case now(Box<SectionID, RowID>, animated: Bool, (() -> Void)?, afterUnchanged: Bool)
        /// ``renderInBackground(_:)``, whose caller holds a task relaying
        /// the real one's result.
        case background(Box<SectionID, RowID>, BackgroundRelay)
    }

    /// Ends the applying of a render: runs the renders requested meanwhile,
    /// if any (the usual render has none: one check, no call).
    @inlinable
    func endApplying() {
        if deferredRenders.isEmpty { isApplying = false } else { runDeferredRenders() }
    }

    /// Applies the renders requested while one was being applied, in the
    /// order requested (and those they request in turn), then ends the
    /// applying.
    ///
    /// The queue is taken whole and run from a reversed copy's end, O(1)
    /// per render, each render's Box released once it ran; renders
    /// requested meanwhile queue up behind it, and run next. Taking the
    /// renders one by one off the queue's front (`removeFirst()`) moved
    /// every render still waiting, each time: quadratic in the renders
    /// requested during one apply (100,000 took 3.5 s).
    /// - Complexity: O(renders run) besides the renders themselves.
    @usableFromInline
    func runDeferredRenders() {
        while !deferredRenders.isEmpty {
            var queue: [DeferredRender] = []
            swap(&queue, &deferredRenders)
            queue.reverse()
            while let render = queue.popLast() {
                switch render {
                case .now(let box, let animated, let completion, let afterUnchanged):
                    if animated {
                        renderDeferred(box, afterUnchanged: afterUnchanged, completion: completion)
                    } else {
                        reloadNow(box, completion: completion)
                    }
                case .background(let box, let relay):
                    relay.task = startBackgroundRender(box, afterUnchanged: relay.afterUnchanged, deferred: true)
                }
            }
        }
        isApplying = false
    }

    /// ``renderNow(_:completion:)`` for a render requested while another
    /// was being applied (`afterUnchanged`: from the setter while it was
    /// handed the Box of a render that found no change; see
    /// ``runningAfterUnchanged``).
    ///
    /// A Box that differs from the shown one at most in the instances of
    /// incomparable components (``Component/init(incomparable:)``, Bento's
    /// class components, built anew with the state:
    /// ``Box/matchesExceptIncomparableInstances(_:)``) counts as one that
    /// found no change: handed to the setter as such (a render the setter
    /// requests meanwhile runs ``runningAfterUnchanged``), and not applied
    /// at all when ``runningAfterUnchanged`` (no diff, no batch, no
    /// `setData`). Without this, a setter re-rendering the state it shows,
    /// with class components in it, was handed Box after Box: each render
    /// re-bound the new instances, a change, and the main thread never left
    /// the renders. Not inlinable: the usual render is not deferred, and
    /// its path stays as it was.
    @usableFromInline
    func renderDeferred(_ box: Box<SectionID, RowID>, afterUnchanged: Bool, completion: (() -> Void)?) {
        guard shownBox.matchesExceptIncomparableInstances(box) else {
            runningAfterUnchanged = afterUnchanged
            renderNow(box, completion: completion)
            runningAfterUnchanged = false
            return
        }
        if afterUnchanged {
            // As a render that found no change, requested then: shown, with
            // no batch and no hand-over; it keeps the render before it's
            // ``lastDiffError`` (a setter re-rendering a Box whose diff
            // failed is handed it, and requests this one).
            supersedePending()
            noteSkipped(box)
            completion.map(completions.enqueue)?()
            return
        }
        handingOverUnchanged = true
        renderNow(box, completion: completion)
        handingOverUnchanged = false
    }

    /// Starts a new generation: the pending off-main render, if any, is
    /// cancelled and will not be applied.
    @usableFromInline @discardableResult
    func supersedePending() -> UInt64 {
        generation &+= 1
        if let pending {
            pending.cancel()
            droppedRenderCount += 1
            self.pending = nil
        }
        return generation
    }

    /// A new ``mainWorkspace``.
    @usableFromInline
    func makeMainWorkspace() throws(DiffError) -> DiffWorkspace {
        let workspace = try DiffWorkspace()
        mainWorkspace = workspace
        return workspace
    }

    /// The pending off-main render is `task`.
    @usableFromInline
    func setPending(_ task: Task<Bool, Never>) { pending = task }

    /// Whether the off-main render of generation `ticket` may be applied:
    /// not when a newer render superseded it (which counted it as dropped
    /// and took over `pending`), nor when it was `cancelled` by its caller
    /// (counted as dropped here: nothing is shown).
    @usableFromInline
    func finishPending(ticket: UInt64, cancelled: Bool) -> Bool {
        guard ticket == generation else { return false }
        pending = nil
        if cancelled {
            droppedRenderCount += 1
            return false
        }
        return true
    }

    /// ``shownBox``, moved out (left an empty, uncached Box, which holds no
    /// storage) for a render that replaces it.
    @usableFromInline
    func takeShownBox() -> Box<SectionID, RowID> {
        var shown = Box<SectionID, RowID>(uncachedSections: [])
        swap(&shown, &shownBox)
        return shown
    }

    /// Keeps the error of a diff whose render is applied next (through
    /// ``apply(_:target:completion:)``'s fallback reload, which counts it)
    /// as ``lastDiffError``: the renderer swallowed it, so that with
    /// ``DuplicatePolicy/reject`` an app could not learn which id was
    /// repeated. Called where the diff fails, out of line: taking the
    /// error in `apply`'s failure branch instead stopped the compiler
    /// inlining the render's diff, 229 instructions and an atomic reference
    /// count more per render.
    @usableFromInline
    func noteFailedDiff(_ error: DiffError) {
        diffError = error
        diffErrorRender = appliedRenderCount + 1
    }

    /// ``noteApplied(_:fallback:)`` for a render the loop guard does not
    /// apply (see ``renderDeferred(_:afterUnchanged:completion:)``): the
    /// render before it keeps its ``lastDiffError``.
    @usableFromInline
    func noteSkipped(_ target: Box<SectionID, RowID>) {
        keepingDiffError(skipped: true) { noteApplied(target, fallback: false) }
    }

    /// Runs `body`, which counts one render as applied; when `skipped` (a
    /// render the loop guard does not apply, on the main actor or in the
    /// background), the render before it keeps its ``lastDiffError``.
    @inlinable
    func keepingDiffError(skipped: Bool, _ body: () -> Void) {
        let keepsError = skipped && diffErrorRender == appliedRenderCount
        body()
        if keepsError { diffErrorRender = appliedRenderCount }
    }

    /// Counts one applied render (and a fallback reload when the diff
    /// failed); ``shownBox`` becomes `target`.
    @usableFromInline
    func noteApplied(_ target: Box<SectionID, RowID>, fallback: Bool) {
        appliedRenderCount += 1
        if fallback { fallbackReloadCount += 1 }
        shownBox = target
    }

    /// Gives the view `target` through `result`'s changeset, or reloads it
    /// with `target` when the diff failed; ``shownBox`` becomes `target`.
    /// Inlinable, as are the diff and ``ListView/reload(using:interrupt:setData:completion:)``,
    /// so they run specialized for the app's id types.
    ///
    /// A render that finds no change still hands `target` to the data
    /// source's setter, unless the setter itself requested this render
    /// while it was handed such a Box (``runningAfterUnchanged``): a setter
    /// that re-renders the state it shows would otherwise be handed a Box,
    /// re-render, and be handed the next, without end.
    ///
    /// For a view that ``ListView/reconfiguresSections``, the diff's
    /// ``sectionRebinds`` are made in their stage's batch (the diff gives
    /// them a stage without calls when nothing else changed).
    @inlinable
    func apply(
        _ result: consuming Result<StagedChangeset<Box<SectionID, RowID>>, DiffError>, target: Box<SectionID, RowID>,
        completion: (() -> Void)?
    ) {
        switch consume result {
        case .success(var changeset):
            noteApplied(target, fallback: false)
            // The changeset is this render's alone: its stages are lent
            // mutably, so that each stage's data is moved to `setData`
            // (``store(_:at:)``), not copied.
            // Passed as `&changeset.stages` (storage lent for the call, no
            // closure: see ``StageApplier/performStages(at:count:reloadsEverything:interrupt:completion:)``).
            let reloadsEverything = changeset.reloadsEverything
            let count = changeset.stages.count
            // No change found: the data source still gets `box` (equal to
            // what it holds under `==`, which may leave out what a cell's
            // closures captured), so that it holds what ``shownBox`` does.
            if count == 0 && !runningAfterUnchanged {
                handingOverUnchanged = true
                setData(target)
                handingOverUnchanged = false
            }
            performStages(
                at: &changeset.stages, count: count, reloadsEverything: reloadsEverything, interrupt: nil,
                completion: completion)
        case .failure:
            reload(with: target, fallback: true, completion: completion)
        }
    }

    /// Shows `target` with ``ListView/reloadData()``, no batch; ``shownBox``
    /// becomes `target`. `fallback`: a failed diff's (counted in
    /// ``fallbackReloadCount``).
    @inlinable
    func reload(with target: Box<SectionID, RowID>, fallback: Bool, completion: (() -> Void)?) {
        noteApplied(target, fallback: fallback)
        setData(target)
        view.reloadData()
        completion?()
    }
}

/// A renderer applies its renders' stages itself: each batch's block
/// captures the renderer alone (its view and index-path storage are
/// constants of it), and each stage's data is moved to `setData`, not
/// copied.
extension BoxRenderer: StageApplier {
    /// Moves the data of `stages[index]` to the data source's setter,
    /// leaving an empty Box (no storage) in its place.
    ///
    /// - Precondition: `stages` points into a changeset this renderer
    ///   owns and lent mutably (``apply(_:target:completion:)``), whose
    ///   stage is not read again.
    @inlinable
    func store(_ stages: UnsafePointer<Changeset<Box<SectionID, RowID>>>, at index: Int) {
        storeCount &+= 1
        var data = Box<SectionID, RowID>(uncachedSections: [])
        swap(&data, &UnsafeMutablePointer(mutating: stages + index).pointee.data)
        // Handed over: a setter that stores the Box keeps this reference.
        // With a borrowed parameter, the setter retained the Box's sections
        // (and its cache, for the last stage) and this call released them
        // after: two to four atomic reference counts per stage.
        setData(consume data)
        // Inside the batch's block, before its calls, as Bento re-binds.
        if !sectionRebinds.rebinds.isEmpty { reconfigureSections(ofStage: index) }
    }

    /// This renderer, unretained: a render's batch blocks run while the
    /// render holds it.
    @inlinable
    var reference: Unmanaged<BoxRenderer> { Unmanaged.passUnretained(self) }

    /// `body` of the renderer `reference` leads to, borrowed (no retain).
    @inlinable
    static func withApplier(_ reference: Unmanaged<BoxRenderer>, _ body: (BoxRenderer) -> Void) {
        reference._withUnsafeGuaranteedRef(body)
    }
}

extension Box {
    /// Whether `other` has the sections and rows of this Box, with the
    /// same ids in the same places, and equal components (rows, headers,
    /// footers) except where both are incomparable and of one type (a
    /// class component built anew): where `Section.supplementRebinds(_:_:)`
    /// finds no reload. Linear; stops at the first difference.
    @usableFromInline
    func matchesExceptIncomparableInstances(_ other: borrowing Box) -> Bool {
        typealias S = Section<SectionID, RowID>
        guard sections.count == other.sections.count else { return false }
        for (s, t) in zip(sections, other.sections) {
            guard IdentityHashing.equal(s.id, t.id), s.rows.count == t.rows.count,
                S.supplementRebinds(s.header, t.header) != nil,
                S.supplementRebinds(s.footer, t.footer) != nil
            else { return false }
            for (r, q) in zip(s.rows, t.rows)
            where !IdentityHashing.equal(r.id, q.id) || S.supplementRebinds(r.component, q.component) == nil {
                return false
            }
        }
        return true
    }
}
