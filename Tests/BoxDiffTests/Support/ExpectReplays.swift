import BoxDiffTestSupport
import Testing

@testable import BoxDiff

/// Everything wrong with `changeset` as a plan from `old` to `new`, one line
/// each (empty when it is right): the validator's rules and the
/// independent replay of `BoxReplay.problems`, and the library's own
/// `applied(to:)` reaching the target. The one definition of "a correct Box
/// changeset" every Box test uses.
func replayProblems<S, R>(
    _ changeset: StagedChangeset<Box<S, R>>, from old: Box<S, R>, to new: Box<S, R>
) -> [String] {
    var problems = BoxReplay.problems(changeset, from: old, to: new)
    if problems.isEmpty && !BoxReplay.same(changeset.applied(to: old), new) {
        problems.append("applied(to:) does not give the target")
    }
    return problems
}

/// Expects `changeset` to take `old` to `new` (see ``replayProblems``).
func expectReplays<S, R>(
    _ changeset: StagedChangeset<Box<S, R>>, from old: Box<S, R>, to new: Box<S, R>,
    _ context: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    let problems = replayProblems(changeset, from: old, to: new)
    #expect(problems.isEmpty, "\(context()) \(problems.joined(separator: "\n"))", sourceLocation: sourceLocation)
}
