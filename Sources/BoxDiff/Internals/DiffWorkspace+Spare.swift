import Foundation

// The process's spare workspace: what a diff given no workspace runs on.
// A new workspace per diff cost about as much as the diff itself at app
// sizes (its C workspace, its result and every scratch buffer allocated
// from nothing, then freed), and DifferenceKit's users write
// `StagedChangeset(source:target:)` without one.

extension DiffWorkspace {
    /// The most ids (sections and rows, both sides) a diff may have had for
    /// its spare workspace to be kept for the next diff: what a kept
    /// workspace holds grows with the largest diff it ran (measured at
    /// this limit: 68-146 KB after Heckel diffs, up to 432 KB after LCS
    /// ones), and a larger diff's workspace is freed, as a temporary one
    /// was.
    static let spareLimit = 4096

    /// The workspace of a diff of `elements` ids given none: the spare
    /// workspace if no diff holds it, else a new spare workspace (given
    /// back, or freed, when its diff ends: ``finishDiff(elements:)``); for
    /// a diff past ``spareLimit``, a new workspace that is not a spare.
    @usableFromInline
    static func takeSpare(forElements elements: Int) throws(DiffError) -> DiffWorkspace {
        try SparePool.shared.take(forElements: elements)
    }

    /// Frees the process's idle spare workspace: the one that diffs given
    /// no workspace (DifferenceKit's `StagedChangeset(source:target:)`)
    /// run on, kept between them after diffs of at most 4,096 ids (70-150
    /// KB, up to about 430 KB after LCS diffs). Call it when the app gets
    /// a memory warning; the next such diff makes a new one. A diff
    /// running on a spare keeps it until it ends. Any thread.
    ///
    /// ```swift
    /// override func didReceiveMemoryWarning() {
    ///     super.didReceiveMemoryWarning()
    ///     DiffWorkspace.releaseSpare()
    /// }
    /// ```
    ///
    /// A ``BoxRenderer``'s diffs run on workspaces of their own:
    /// ``BoxRenderer/releaseScratchMemory()`` frees those.
    public static func releaseSpare() { SparePool.shared.releaseIdle() }
}

/// At most one idle spare workspace, shared by the diffs of any thread:
/// each diff holds the one it took alone (a diff on another thread, or one
/// nested in it, a component's `==` diffing again, takes another), and
/// the lock orders one diff's use of a workspace before the next one's.
final class SparePool: @unchecked Sendable {
    /// The process's pool (tests make their own).
    static let shared = SparePool()

    private let lock = NSLock()
    /// The kept workspace (under `lock`).
    private var idle: DiffWorkspace?

    /// The idle workspace, or a new spare one of this pool when there is
    /// none. (A diff given it as its workspace gives it back here too.)
    func take() throws(DiffError) -> DiffWorkspace {
        lock.lock()
        let spare = idle
        idle = nil
        lock.unlock()
        if let spare { return spare }
        return try DiffWorkspace(pool: self)
    }

    /// The workspace of a diff of `elements` ids: ``take()``, or past
    /// ``DiffWorkspace/spareLimit`` a new workspace that is not a spare
    /// (freed when its diff ends), so that a large diff leaves the idle
    /// spare, which it would free, to the next small one.
    func take(forElements elements: Int) throws(DiffError) -> DiffWorkspace {
        if elements > DiffWorkspace.spareLimit { return try DiffWorkspace() }
        return try take()
    }

    /// Keeps `workspace`, whose diff had `elements` ids, as the idle one,
    /// unless that was more than ``DiffWorkspace/spareLimit`` or another
    /// one is idle already (then it is freed with its last reference).
    func give(back workspace: DiffWorkspace, after elements: Int) {
        guard elements <= DiffWorkspace.spareLimit else { return }
        lock.lock()
        if idle == nil { idle = workspace }
        lock.unlock()
    }

    /// Lets go of the idle workspace (freed with its last reference, after
    /// the lock is released).
    func releaseIdle() {
        lock.lock()
        let released = idle
        idle = nil
        lock.unlock()
        _ = consume released
    }

    /// Whether `workspace` is the idle one.
    func holds(_ workspace: DiffWorkspace) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return idle === workspace
    }
}
