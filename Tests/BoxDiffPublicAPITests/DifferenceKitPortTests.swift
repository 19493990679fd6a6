// DifferenceKit code as its users write it, ported with the
// changes DifferenceKitMigration.md lists (`try`, Move instead of tuples).
import BoxDiff
import BoxDiffTestSupport
import Foundation
import Testing

private struct User: Differentiable {
    let id: Int
    let name: String
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: User) -> Bool { name == source.name }
}

private final class Node: Differentiable {
    let title: String
    init(_ title: String) { self.title = title }
    var differenceIdentifier: ObjectIdentifier { ObjectIdentifier(self) }
    func isContentEqual(to source: Node) -> Bool { title == source.title }
}

private struct Tag: Hashable, Differentiable { let name: String }

private struct Model: Differentiable, Equatable {
    let id: String
    var differenceIdentifier: String { id }
}

private struct Group: DifferentiableSection {
    var id: Int
    var elements: [User]
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Group) -> Bool { id == source.id }
    init(id: Int, elements: [User]) {
        self.id = id
        self.elements = elements
    }
    init<C: Swift.Collection>(source: Group, elements: C) where C.Element == User {
        self.init(id: source.id, elements: Array(elements))
    }
}

private typealias Section = ArraySection<Model, User>

private func describe<C: Collection>(_ changeset: StagedChangeset<C>) -> [String] {
    changeset.map { stage in
        var parts: [String] = ["\(stage.data.count)"]
        parts += stage.sectionDeleted.map { "-s\($0)" } + stage.sectionInserted.map { "+s\($0)" }
        parts += stage.sectionUpdated.map { "~s\($0)" }
        parts += stage.sectionMoved.map { "s\($0.source)>\($0.target)" }
        parts += stage.elementDeleted.map { "-\($0.section).\($0.element)" }
        parts += stage.elementInserted.map { "+\($0.section).\($0.element)" }
        parts += stage.elementUpdated.map { "~\($0.section).\($0.element)" }
        parts += stage.elementMoved.map { "\($0.source.element)>\($0.target.element)" }
        if stage.hasChanges && stage.changeCount > 0 && (stage.hasElementChanges || stage.hasSectionChanges) {
            parts.append("n\(stage.elementChangeCount + stage.sectionChangeCount)")
        }
        return parts.joined(separator: " ")
    }
}

@Suite struct DifferenceKitPortTests {
    @Test func portedSnippetsCompileAndRun() throws {
        let users = [User(id: 1, name: "a"), User(id: 2, name: "b")]
        let users2 = [User(id: 2, name: "B"), User(id: 3, name: "c")]
        let flat: StagedChangeset<[User]> = try StagedChangeset(source: users, target: users2)
        #expect(describe(flat) == ["2 ~0.1 n1", "1 -0.0 n1", "2 +0.1 n1"])

        let sections = [Section(model: Model(id: "x"), elements: users)]
        let sections2 = [
            Section(model: Model(id: "y"), elements: users2), Section(model: Model(id: "x"), elements: []),
        ]
        let sectioned = try StagedChangeset(source: sections, target: sections2)
        #expect(!describe(sectioned).isEmpty)

        let groups = try StagedChangeset(
            source: [Group(id: 0, elements: users)], target: [Group(id: 0, elements: users.reversed())])
        #expect(groups.count == 1)

        let nodes = [Node("a"), Node("b")]
        #expect(try StagedChangeset(source: nodes, target: nodes.reversed()).count == 1)
        #expect(try StagedChangeset(source: [Tag(name: "a")], target: [Tag(name: "b")]).count == 2)
        #expect(
            try StagedChangeset(source: users, target: users2, section: 3).first?.elementUpdated == [
                ElementPath(element: 1, section: 3)
            ])

        let any = [AnyDifferentiable(User(id: 1, name: "a")), AnyDifferentiable(Tag(name: "t"))]
        #expect(try StagedChangeset(source: any, target: any.reversed()).count == 1)
        #expect(any[0].base is User)
    }
}

extension DifferenceKitPortTests {
    /// DifferenceKit's `reload(using:interrupt:setData:)`
    /// (Sources/Extensions/UIKitExtension.swift): `interrupt` is asked with
    /// each stage before its batch; on `true`, `setData(last.data)` and
    /// `reloadData()`, the earlier stages staying applied; not in a window:
    /// `setData(last.data)` and `reloadData()` at once.
    @MainActor @Test func reloadInterruptAsDifferenceKit() throws {
        let source = ["a", "b", "c", "d"].map { StageRow(id: $0) }
        let target = [StageRow(id: "d"), StageRow(id: "a", v: 1), StageRow(id: "x")]
        let changeset = try StagedChangeset(source: source, target: target)
        #expect(changeset.count == 3)
        let view = RecordingListView()
        var asked: [Int] = []
        var set: [[StageRow]] = []
        view.reload(
            using: changeset,
            interrupt: { stage in
                asked.append(stage.changeCount)
                return asked.count == 2
            }, setData: { set.append($0) })
        #expect(asked == [1, 2])
        #expect(set == [changeset[0].data, target])
        #expect(view.log.last == "reloadData")
        #expect(view.log.filter { $0 == "reloadData" }.count == 1)

        let hidden = RecordingListView()
        hidden.canAnimateBatchUpdates = false
        set = []
        hidden.reload(using: changeset, setData: { set.append($0) })
        #expect(set == [target] && hidden.log == ["reloadData"])
    }
}
