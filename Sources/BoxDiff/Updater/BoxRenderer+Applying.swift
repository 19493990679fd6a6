import Foundation

extension BoxRenderer {
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

    /// A new ``mainWorkspace``.
    @usableFromInline
    func makeMainWorkspace() throws(DiffError) -> DiffWorkspace {
        let workspace = try DiffWorkspace()
        mainWorkspace = workspace
        return workspace
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
