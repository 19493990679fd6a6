import BoxDiff
import BoxDiffValidation

/// Replay checks of Box changesets shared by the test targets.
public enum BoxReplay {
    /// What is wrong with `changeset` as a plan from `source` to `target`,
    /// one line per problem; empty when it is right:
    ///
    /// - the validator (table-view flavour) finds no violation, shapes and
    ///   identity replay together;
    /// - replaying stage by stage with ``BoxStageReplay`` (independent of
    ///   the library's `applied(to:)` and of the validator's replay) gives
    ///   each stage's data, and the target at the end (only attempted when
    ///   the validator found nothing, since an invalid stage may be out of
    ///   range);
    /// - the last stage's data is the target and no stage is empty; a plan
    ///   to reload everything is one stage without calls.
    public static func problems<S, R>(
        _ changeset: StagedChangeset<Box<S, R>>, from source: Box<S, R>, to target: Box<S, R>
    ) -> [String] {
        var problems = changeset.violations(from: source).map(\.description)
        guard problems.isEmpty else { return problems }
        if let last = changeset.last, !same(last.data, target) {
            problems.append("last stage's data is not the target")
        }
        if changeset.reloadsEverything {
            if changeset.count != 1 || changeset.contains(where: \.hasChanges) {
                problems.append("a reload-everything plan is not one stage without calls")
            }
            return problems
        }
        var box = source
        for (k, stage) in changeset.enumerated() {
            if !stage.hasChanges { problems.append("stage \(k) is empty") }
            do {
                box = try BoxStageReplay.apply(stage, to: box)
            } catch {
                problems.append("stage \(k): \(error)")
                return problems
            }
            if !same(box, stage.data) { problems.append("stage \(k): replay gives \(box), its data is \(stage.data)") }
        }
        if !same(box, target) { problems.append("replay gives \(box), expected \(target)") }
        return problems
    }

    /// Box equality that also treats two incomparable components whose
    /// values describe alike as equal (`==` never does), for test Boxes.
    public static func same<S, R>(_ a: Box<S, R>, _ b: Box<S, R>) -> Bool {
        func same(_ x: Component?, _ y: Component?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            if !x.isComparable || !y.isComparable {
                // By the wrapped values' own descriptions (read here, on
                // the test's thread; `description` names the type only).
                return x.isComparable == y.isComparable
                    && String(describing: x.value) == String(describing: y.value)
            }
            return x == y
        }
        guard a.sections.count == b.sections.count else { return false }
        for (s, t) in zip(a.sections, b.sections) {
            guard s.id == t.id, same(s.header, t.header), same(s.footer, t.footer), s.rows.count == t.rows.count
            else { return false }
            for (x, y) in zip(s.rows, t.rows) where x.id != y.id || !same(x.component, y.component) { return false }
        }
        return true
    }
}
