import BoxDiff
import Testing

// DifferenceKit's README "Example codes", ported: only `try` added (and
// `extension String: Differentiable {}` dropped, as the migration guide
// says).

private struct User: Differentiable {
    let id: Int
    let name: String

    var differenceIdentifier: Int {
        return id
    }

    func isContentEqual(to source: User) -> Bool {
        return name == source.name
    }
}

private enum Model: Differentiable {
    case a, b, c
}

@Suite("DifferenceKit README, ported")
struct DifferenceKitReadmePortTests {
    @Test func linearUsers() throws {
        let source = [
            User(id: 0, name: "Vincent"),
            User(id: 1, name: "Jules"),
        ]
        let target = [
            User(id: 1, name: "Jules"),
            User(id: 0, name: "Vincent"),
            User(id: 2, name: "Butch"),
        ]
        let changeset = try StagedChangeset(source: source, target: target)
        #expect(changeset.count == 1)
        #expect(changeset[0].elementInserted == [ElementPath(element: 2, section: 0)])
        #expect(changeset[0].elementMoved.count == 1)
        #expect(changeset.last?.data.map(\.name) == ["Jules", "Vincent", "Butch"])
    }

    @Test func mixedTypes() throws {
        let source = [
            AnyDifferentiable("A"),
            AnyDifferentiable(User(id: 0, name: "Vincent")),
        ]
        let target = [AnyDifferentiable(User(id: 0, name: "Vincent")), AnyDifferentiable("B")]
        let changeset = try StagedChangeset(source: source, target: target)
        #expect(changeset.flatMap(\.elementDeleted) == [ElementPath(element: 0, section: 0)])
        #expect(changeset.flatMap(\.elementInserted) == [ElementPath(element: 1, section: 0)])
    }

    /// The enum model with no code of its own, and the sectioned stages:
    /// deletes, then the inserted section `c` and the moves of `a` and `b`,
    /// then the rows of `b` (`B` moves there from `a`).
    @Test func sectionsWithAnEnumModel() throws {
        let source: [ArraySection<Model, String>] = [
            ArraySection(model: .a, elements: ["A", "B"]),
            ArraySection(model: .b, elements: ["C"]),
        ]
        let target: [ArraySection<Model, String>] = [
            ArraySection(model: .c, elements: ["D", "E"]),
            ArraySection(model: .a, elements: ["A"]),
            ArraySection(model: .b, elements: ["B", "C"]),
        ]
        let changeset = try StagedChangeset(source: source, target: target)
        #expect(changeset.count == 2)
        #expect(changeset[0].sectionInserted == [0] && changeset[0].sectionMoved.isEmpty)
        #expect(
            changeset[1].elementMoved == [
                Move(source: ElementPath(element: 1, section: 1), target: ElementPath(element: 0, section: 2))
            ])
        #expect(changeset[1].data.map(\.elements) == [["D", "E"], ["A"], ["B", "C"]])
    }
}
