// Compact descriptions for debugging: what `print` shows for moves, stages
// and staged changesets.

extension Move: CustomStringConvertible {
    /// `source→target`: `[0,1]→[0,0]` for rows (paths printed without a
    /// space), `2→0` for sections.
    public var description: String {
        if let source = source as? ElementPath, let target = destination as? ElementPath {
            return "\(source.compactDescription)→\(target.compactDescription)"
        }
        return "\(source)→\(destination)"
    }
}

extension BatchUpdate {
    /// The non-empty call lists, section calls first, separated by `; `, e.g.
    /// `delete section 2; delete [0,3] [1,0]; move [0,1]→[0,0]`; `no changes`
    /// for an empty batch. Each list keeps its stored order.
    ///
    /// The verbs, in order: `delete`, `insert`, `update`, `move` for
    /// sections (`section 2` / `sections 2 3`), then `delete`, `insert`,
    /// `update`, `move`, `reconfigure` for rows.
    public var compactDescription: String {
        var parts: [String] = []
        func sections(_ verb: String, _ values: [String]) {
            guard !values.isEmpty else { return }
            let noun = values.count == 1 ? "section" : "sections"
            parts.append("\(verb) \(noun) " + values.joined(separator: " "))
        }
        func rows(_ verb: String, _ values: [String]) {
            guard !values.isEmpty else { return }
            parts.append("\(verb) " + values.joined(separator: " "))
        }
        sections("delete", sectionDeleted.map(String.init))
        sections("insert", sectionInserted.map(String.init))
        sections("update", sectionUpdated.map(String.init))
        sections("move", sectionMoved.map(\.description))
        rows("delete", elementDeleted.map(\.compactDescription))
        rows("insert", elementInserted.map(\.compactDescription))
        rows("update", elementUpdated.map(\.compactDescription))
        rows("move", elementMoved.map(\.description))
        rows("reconfigure", elementReconfigured.map(\.compactDescription))
        return parts.isEmpty ? "no changes" : parts.joined(separator: "; ")
    }
}

extension Changeset: CustomStringConvertible {
    /// The stage's calls, compactly and without the data, e.g.
    /// `delete [0,3] [1,0]; move [0,1]→[0,0]` (see
    /// ``BatchUpdate/compactDescription``); `no changes` for a stage
    /// without calls. `debugDescription` keeps the labelled form.
    public var description: String { batchUpdate.compactDescription }
}

extension StagedChangeset: CustomStringConvertible {
    /// One line per stage, numbered from 1, e.g.
    ///
    /// ```
    /// stage 1: update [0,2]
    /// stage 2: delete [0,3] [1,0]; move [0,1]→[0,0]
    /// ```
    ///
    /// `reload everything` for a plan that reloads everything
    /// (``reloadsEverything``), `no changes` for a changeset without stages.
    public var description: String {
        if reloadsEverything { return "reload everything" }
        if stages.isEmpty { return "no changes" }
        return stages.enumerated()
            .map { "stage \($0.offset + 1): \($0.element.description)" }
            .joined(separator: "\n")
    }
}

extension StagedChangeset: CustomDebugStringConvertible {
    /// Every stage's labelled form (``Changeset``'s `debugDescription`),
    /// as DifferenceKit's `StagedChangeset` lists its stages, e.g.
    /// `StagedChangeset([Changeset(elementDeleted: [[0, 1]])])`; a plan
    /// that reloads everything ends with `, reloadsEverything: true`.
    public var debugDescription: String {
        let list = stages.map(\.debugDescription).joined(separator: ", ")
        return "StagedChangeset([\(list)]\(reloadsEverything ? ", reloadsEverything: true" : ""))"
    }
}

extension ElementPath: CustomDebugStringConvertible {
    /// The same `[section, row]` as ``description`` (DifferenceKit's
    /// `ElementPath` is `CustomDebugStringConvertible` too), so a list of
    /// paths prints as `[[0, 3], [1, 0]]`.
    public var debugDescription: String { description }
}
