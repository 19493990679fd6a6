import Foundation

/// The completions of a renderer's renders, run in the order the renders
/// were requested: each once its render's batches ended (or at once, for a
/// render that reloads or changes nothing), but never before the
/// completions queued before it. The view ends batches in order, so a
/// completion only waits here behind a render that changed nothing or
/// reloaded while earlier batches still animated.
///
/// Not the renderer itself: a completion still runs if the renderer is
/// released while its batches animate.
@MainActor
@usableFromInline
final class RenderCompletions {
    /// The completions not yet run, from the oldest; `nil` once run.
    private var queue: [(() -> Void)?] = []
    /// Whether each completion in ``queue`` may run (its render ended).
    private var isReady: [Bool] = []
    /// The index in ``queue`` of the oldest completion not yet run.
    private var head = 0
    /// The ticket of `queue[0]`: tickets count completions ever queued.
    private var firstTicket = 0
    /// Whether ``runReady()`` is running (a completion it runs may end
    /// another render, whose completion it then runs in turn).
    private var isRunning = false

    @usableFromInline
    init() {}

    /// Queues `completion` behind every completion queued before; the
    /// closure returned runs it, once it and every earlier one may run.
    @usableFromInline
    func enqueue(_ completion: @escaping () -> Void) -> () -> Void {
        let ticket = firstTicket + queue.count
        queue.append(completion)
        isReady.append(false)
        return { [self] in
            // Handed to the view as a plain closure: a view (Swift 5 mode)
            // that calls it on another thread ran the queue and the app's
            // completion there, unchecked. Once per render with a
            // completion.
            MainActor.preconditionIsolated("a ListView's batch completion must be called on the main actor")
            self.finish(ticket)
        }
    }

    /// The render of `ticket` ended: runs its completion if every earlier
    /// one has run, and the later ones ready after it.
    private func finish(_ ticket: Int) {
        let index = ticket - firstTicket
        guard index >= head, index < queue.count, !isReady[index] else { return }
        isReady[index] = true
        runReady()
    }

    /// Runs the ready completions at the head of the queue, in order.
    private func runReady() {
        guard !isRunning else { return }
        isRunning = true
        while head < queue.count, isReady[head] {
            let completion = queue[head]
            queue[head] = nil
            head += 1
            completion?()
        }
        // The run ones dropped when none is left, or when they are most of
        // the queue (renders that keep one completion always waiting).
        if head == queue.count || head > 64 && head > queue.count / 2 {
            firstTicket += head
            queue.removeFirst(head)
            isReady.removeFirst(head)
            head = 0
        }
        isRunning = false
    }
}
