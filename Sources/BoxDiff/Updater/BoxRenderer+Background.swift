import Foundation

extension BoxRenderer {
    /// Requests a render whose diff runs off the main actor, and returns at
    /// once; the returned task yields whether this render reached the view
    /// (`false` when a newer render superseded it).
    ///
    /// The diff starts from ``shownBox`` as it is now; any render requested
    /// later (on or off the main actor; not a ``renderAsync(_:)`` called
    /// from a task already cancelled, which is dropped at once) supersedes
    /// this one: if it is still diffing it is cancelled, and its result is
    /// never applied. Calling this many times in a row leaves the view on
    /// the last Box, skipping the intermediate ones it did not have time to
    /// show. Cancelling the returned task before its diff ends drops the
    /// render too (the view stays on ``shownBox``), and so does releasing
    /// the renderer: its diff stops, and the task yields `false`.
    ///
    /// Requested while a render is being applied (from `setData`), it
    /// starts once that render and the renders requested before it have
    /// been applied, from the Box they leave shown. Requested by the data
    /// source's setter while it is handed the Box of a render that found
    /// no change, it hands its Box over only if it finds a change, as
    /// ``render(_:completion:)`` does. (A setter that re-renders later,
    /// from a task or a dispatch it starts, is a new request: one that
    /// re-renders the state it was handed, unchanged, each time, is handed
    /// Box after Box.)
    @inlinable @discardableResult
    public func renderInBackground(_ box: Box<SectionID, RowID>) -> Task<Bool, Never> {
        guard !isApplying else {
            // Requested by the setter while it is handed the Box of a
            // render that found no change: this one hands its Box over
            // only if it changes something (as ``render(_:completion:)``),
            // or a setter re-rendering its state in background loops.
            let relay = BackgroundRelay(afterUnchanged: handingOverUnchanged)
            deferredRenders.append(.background(box, relay))
            return Task { @MainActor in await relay.value() }
        }
        return startBackgroundRender(box)
    }

    /// ``renderInBackground(_:)``, with no render being applied;
    /// `afterUnchanged`: requested by the setter while it was handed the
    /// Box of a render that found no change (see ``runningAfterUnchanged``).
    @inlinable
    func startBackgroundRender(
        _ box: Box<SectionID, RowID>, afterUnchanged: Bool = false, deferred: Bool = false
    ) -> Task<Bool, Never> {
        let ticket = supersedePending()
        let source = shownBox
        let options = options
        let workspaces = workspaces
        let rebindsSections = view.reconfiguresSections
        let task = Task { @MainActor [weak self] () -> Bool in
            let result = await Self.diffConcurrently(
                source: source, target: box, options: options, rebindsSections: rebindsSections,
                workspaces: workspaces)
            guard let self, self.finishPending(ticket: ticket, cancelled: result == nil), var (result, rebinds) = result
            else {
                return false
            }
            self.isApplying = true
            self.runningAfterUnchanged = afterUnchanged
            // Requested during another render's apply, differing from the
            // shown Box at most in class components' instances: handed over
            // as unchanged, or dropped when requested after such a render
            // (see ``renderDeferred(_:afterUnchanged:completion:)``).
            let settled = deferred && source.matchesExceptIncomparableInstances(box)
            if settled && afterUnchanged {
                result = .success(StagedChangeset())
                rebinds = []
            }
            // Made in a batch: none when the view reloads instead.
            if self.view.canAnimateBatchUpdates { self.sectionRebinds.rebinds = rebinds }
            if settled { self.handingOverUnchanged = true }
            if case .failure(let error) = result { self.noteFailedDiff(error) }
            // A render the loop guard does not apply keeps the render
            // before it's ``lastDiffError``.
            self.keepingDiffError(skipped: settled && afterUnchanged) {
                self.apply(result, target: box, completion: nil)
            }
            if settled { self.handingOverUnchanged = false }
            self.runningAfterUnchanged = false
            self.endApplying()
            return true
        }
        setPending(task)
        return task
    }

    /// ``renderInBackground(_:)``, awaited: returns once this render was
    /// applied (`true`: its batches made, their animations not
    /// necessarily ended; ``render(_:completion:)`` calls back when they
    /// end) or superseded (`false`).
    ///
    /// Cancelling the calling task cancels the render, as cancelling
    /// ``renderInBackground(_:)``'s task does: dropped (`false`) if its
    /// diff has not ended yet. Called from a task already cancelled, the
    /// render is dropped at once (`false`, counted in
    /// ``droppedRenderCount``) and supersedes nothing: a render in
    /// progress goes on to the view.
    @discardableResult
    public func renderAsync(_ box: Box<SectionID, RowID>) async -> Bool {
        // Nobody wants this render: it must not cancel one that is wanted.
        if Task.isCancelled {
            droppedRenderCount += 1
            return false
        }
        let task = renderInBackground(box)
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// The changeset `source` → `target`, with a workspace of the pool,
    /// and its section re-binds when `rebindsSections` (see
    /// ``sectionRebinds``). `cancellation`: the diff stops (with
    /// ``DiffError/cancelled``) at its next check once it says so.
    @inlinable
    nonisolated static func diff(
        source: Box<SectionID, RowID>, target: Box<SectionID, RowID>, options: DiffOptions, rebindsSections: Bool,
        workspaces: BoxRendererWorkspacePool, cancellation: PolledCancellation
    ) -> (Result<StagedChangeset<Box<SectionID, RowID>>, DiffError>, [SectionRebind]) {
        let rebinds = rebindsSections ? SectionRebindList() : nil
        do throws(DiffError) {
            let (workspace, epoch) = try workspaces.take()
            defer { workspaces.give(back: workspace, takenAt: epoch) }
            let changeset = try StagedChangeset(
                source: source, target: target, options: options, workspace: workspace, rowContentChanged: nil,
                sectionRebinds: rebinds, cancellation: cancellation)
            return (.success(changeset), rebinds?.rebinds ?? [])
        } catch {
            if error == .cancelled { workspaces.noteStoppedDiff() }
            return (.failure(error), [])
        }
    }

    /// ``diff(source:target:options:rebindsSections:workspaces:cancellation:)`` on the global executor;
    /// `nil` when the task was cancelled. The diff itself stops at its next
    /// check when the task is cancelled meanwhile (a newer render
    /// superseded it): a superseded render of a long list does not go on
    /// hashing, pairing and copying rows for a result nobody applies.
    @inlinable @concurrent
    nonisolated static func diffConcurrently(
        source: Box<SectionID, RowID>, target: Box<SectionID, RowID>, options: DiffOptions, rebindsSections: Bool,
        workspaces: BoxRendererWorkspacePool
    ) async -> (Result<StagedChangeset<Box<SectionID, RowID>>, DiffError>, [SectionRebind])? {
        if Task.isCancelled { return nil }
        // Raised by the task's cancellation (at once when it is already
        // cancelled): the diff, the C core's steps included, stops soon
        // after.
        let flag = DiffCancellationFlag()
        let result = await withTaskCancellationHandler {
            diff(
                source: source, target: target, options: options, rebindsSections: rebindsSections,
                workspaces: workspaces, cancellation: PolledCancellation(flag: flag))
        } onCancel: {
            flag.cancel()
        }
        if Task.isCancelled { return nil }
        return result
    }
}

/// The task of a background render requested while another render was
/// being applied, once it starts (right after that render): the task
/// handed to the caller awaits it.
@MainActor
@usableFromInline
final class BackgroundRelay {
    /// The real render's task; set before the caller's task runs.
    @usableFromInline var task: Task<Bool, Never>?
    /// Whether the setter requested it while handed the Box of a render
    /// that found no change (``BoxRenderer/runningAfterUnchanged``).
    @usableFromInline let afterUnchanged: Bool

    @usableFromInline
    init(afterUnchanged: Bool = false) { self.afterUnchanged = afterUnchanged }

    /// Whether the real render reached the view; cancelling the caller's
    /// task cancels it.
    @usableFromInline
    func value() async -> Bool {
        guard let task else { return false }
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }
}

/// Idle ``DiffWorkspace``s shared by one renderer's diffs: each diff takes
/// one for itself (a new one when none is idle) and gives it back, so no
/// workspace is ever used by two diffs at once.
///
/// `@unchecked Sendable`: the idle list is only touched under `lock`, and a
/// taken workspace belongs to its taker alone until given back.
@usableFromInline
final class BoxRendererWorkspacePool: @unchecked Sendable {
    /// How many idle workspaces are kept; more are freed.
    static let maxIdle = 2

    private let lock = NSLock()
    private var idle: [DiffWorkspace] = []
    private var stopped = 0
    /// How many times ``releaseIdle()`` ran: a workspace taken before the
    /// last one is freed when given back, not kept.
    private var epoch = 0

    /// How many diffs stopped early because their render was cancelled
    /// (superseded) meanwhile (see ``DiffCancellation``).
    var stoppedDiffCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Counts a diff that stopped early (``stoppedDiffCount``).
    @usableFromInline
    func noteStoppedDiff() {
        lock.lock()
        stopped += 1
        lock.unlock()
    }

    /// An idle workspace, or a new one, with the pool's epoch to give it
    /// back with.
    @usableFromInline
    func take() throws(DiffError) -> (workspace: DiffWorkspace, epoch: Int) {
        lock.lock()
        let reused = idle.popLast()
        let taken = epoch
        lock.unlock()
        if let reused { return (reused, taken) }
        return (try DiffWorkspace(), taken)
    }

    /// Returns `workspace`, taken with ``take()`` at `epoch`, for another
    /// diff (freed instead when ``releaseIdle()`` ran meanwhile, or when
    /// enough are idle).
    @usableFromInline
    func give(back workspace: DiffWorkspace, takenAt epoch: Int) {
        lock.lock()
        defer { lock.unlock() }
        if epoch == self.epoch && idle.count < Self.maxIdle { idle.append(workspace) }
    }

    /// Frees the idle workspaces, and those in use when given back.
    func releaseIdle() {
        lock.lock()
        let freed = idle
        idle = []
        epoch &+= 1
        lock.unlock()
        // Freed outside the lock (their deinit frees the C core's memory).
        _ = consume freed
    }

    /// How many workspaces are idle (for tests).
    var idleCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return idle.count
    }
}
