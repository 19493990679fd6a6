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
    /// After a render whose diff rejected a duplicate, the view shows that
    /// Box, duplicate included: the next render diffs from it, so it
    /// reloads too, with the duplicate reported on the old side. The
    /// render after that animates.
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
    /// table (its old side). The process's spare workspace, that of diffs
    /// given none, is freed by ``DiffWorkspace/releaseSpare()``.
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

    /// Counts one applied render (and a fallback reload when the diff
    /// failed); ``shownBox`` becomes `target`.
    @usableFromInline
    func noteApplied(_ target: Box<SectionID, RowID>, fallback: Bool) {
        appliedRenderCount += 1
        if fallback { fallbackReloadCount += 1 }
        shownBox = target
    }
}
