// Diffs an app runs off the main thread and may abandon: the same diffs,
// stopped early by a `DiffCancellationFlag`.

extension StagedChangeset {
    /// `init(source:target:options:workspace:)` for two Boxes, stopped
    /// early when `cancellation` is raised: `nil` then (from any thread,
    /// before or during the diff).
    ///
    /// For a diff that runs off the main thread and may be superseded (the
    /// user typed another letter of a search, the screen closed): a long
    /// list's diff then stops within milliseconds instead of running to its
    /// end for a result nobody applies. The Boxes are left as they were
    /// (a Box's identity table, once hashed, stays cached in it), and
    /// `workspace` is ready for the next diff. A diff that finished before
    /// the flag was raised returns its changeset. Where the diff checks the
    /// flag: ``DiffCancellationFlag``. A ``BoxRenderer``'s background
    /// renders do this for themselves.
    ///
    /// ```swift
    /// let flag = DiffCancellationFlag()   // flag.cancel() from anywhere
    /// guard let changeset = try StagedChangeset(source: shown, target: next, cancellation: flag) else {
    ///     return   // cancelled
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - source: The Box the view shows now.
    ///   - target: The Box to show.
    ///   - options: As for `init(source:target:options:workspace:)`.
    ///   - workspace: Reusable scratch memory (if `nil`, a spare one: see
    ///     ``DiffWorkspace``).
    ///   - cancellation: The flag that stops the diff.
    /// - Returns: `nil` when `cancellation` stopped the diff.
    /// - Throws: As `init(source:target:options:workspace:)` does.
    @inlinable
    public init?<SectionID, RowID>(
        source: borrowing Box<SectionID, RowID>, target: borrowing Box<SectionID, RowID>,
        options: DiffOptions = DiffOptions(), workspace: DiffWorkspace? = nil, cancellation: DiffCancellationFlag
    ) throws(DiffError) where Data == Box<SectionID, RowID> {
        if cancellation.isCancelled { return nil }
        do {
            self = try StagedChangeset(
                source: source, target: target, options: options, workspace: workspace, rowContentChanged: nil,
                sectionRebinds: nil, cancellation: PolledCancellation(flag: cancellation))
        } catch {
            if error == .cancelled { return nil }
            throw error
        }
    }

    /// The flat diff of two arrays
    /// (``init(source:target:options:workspace:)-([Element],_,_,_)``),
    /// stopped early when `cancellation` is raised: `nil` then.
    ///
    /// As the Box variant: a diff that finished before the flag was raised
    /// returns its changeset; `workspace` is ready for the next diff. The
    /// diff checks the flag after finding the common prefix, after hashing
    /// each side, in the C core's steps and after the pairing, every
    /// 16,384 rows of its content comparisons (`isContentEqual(to:)`) and
    /// after them, and after each intermediate stage's data. (Another
    /// collection: diff it as an array, `Array(collection)`.)
    ///
    /// - Parameters:
    ///   - source: The old array.
    ///   - target: The new array.
    ///   - options: As for the flat diff.
    ///   - workspace: Reusable scratch memory (if `nil`, a spare one: see
    ///     ``DiffWorkspace``).
    ///   - cancellation: The flag that stops the diff.
    /// - Returns: `nil` when `cancellation` stopped the diff.
    /// - Throws: As the flat diff does.
    @inlinable
    public init?<Element: Differentiable>(
        source: [Element], target: [Element], options: DiffOptions = DiffOptions(), workspace: DiffWorkspace? = nil,
        cancellation: DiffCancellationFlag
    ) throws(DiffError) where Data == [Element] {
        if cancellation.isCancelled { return nil }
        do {
            self = try FlatStaging.changeset(
                source: source, target: target, options: options, workspace: workspace,
                cancellation: PolledCancellation(flag: cancellation))
        } catch {
            if error == .cancelled { return nil }
            throw error
        }
    }
}

extension StagedChangeset where Data: RangeReplaceableCollection, Data.Element: DifferentiableSection {
    /// The sectioned diff of your own types (``ArraySection``s, or any
    /// ``DifferentiableSection``), stopped early when `cancellation` is
    /// raised: `nil` then.
    ///
    /// As the Box variant (the sectioned diff runs the Box diff's engine,
    /// with its checks, and also checks every 16,384 rows of its
    /// `isContentEqual(to:)` comparisons and after building each side's
    /// Box): a diff that finished before the flag was raised returns
    /// its changeset; `workspace` is ready for the next diff.
    ///
    /// - Parameters:
    ///   - source: The sections the view shows now.
    ///   - target: The sections to show.
    ///   - options: As for the sectioned diff.
    ///   - workspace: Reusable scratch memory (if `nil`, a spare one: see
    ///     ``DiffWorkspace``).
    ///   - cancellation: The flag that stops the diff.
    /// - Returns: `nil` when `cancellation` stopped the diff.
    /// - Throws: As the sectioned diff does.
    @inlinable
    public init?(
        source: Data, target: Data, options: DiffOptions = DiffOptions(), workspace: DiffWorkspace? = nil,
        cancellation: DiffCancellationFlag
    ) throws(DiffError) {
        if cancellation.isCancelled { return nil }
        do {
            self = try Self.sectioned(
                source: source, target: target, options: options, workspace: workspace,
                cancellation: PolledCancellation(flag: cancellation))
        } catch {
            if error == .cancelled { return nil }
            throw error
        }
    }
}

extension DiffCancellationFlag {
    /// Runs `body` with a new flag that the current task's cancellation
    /// raises (at once when the task is already cancelled), for a diff run
    /// in a task that a newer state may cancel:
    ///
    /// ```swift
    /// diffTask?.cancel()
    /// diffTask = Task.detached { [shown] in   // the screen's data, copied
    ///     let changeset = try await DiffCancellationFlag.forCurrentTask { flag in
    ///         try StagedChangeset(source: shown, target: next, cancellation: flag)
    ///     }
    ///     guard let changeset else { return }   // cancelled
    ///     await MainActor.run { self.apply(changeset) }
    /// }
    /// ```
    ///
    /// `body` runs in the current task, on its executor (it is not moved to
    /// another thread); its result or error is returned as is.
    /// - Parameters:
    ///   - isolation: The caller's actor, which `body` runs on (the
    ///     default: the caller's own isolation).
    ///   - body: The work to run, handed the flag.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func forCurrentTask<Result, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (DiffCancellationFlag) throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        let flag = DiffCancellationFlag()
        let outcome: Swift.Result<Result, Failure> = await withTaskCancellationHandler {
            do throws(Failure) {
                return .success(try body(flag))
            } catch {
                return .failure(error)
            }
        } onCancel: {
            flag.cancel()
        }
        return try outcome.get()
    }
}
