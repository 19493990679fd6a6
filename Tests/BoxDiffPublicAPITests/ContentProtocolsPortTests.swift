import BoxDiff
import Testing

/// A row conforming to DifferenceKit's two halves one by one, never
/// naming `Differentiable`: DifferenceKit's `Differentiable` is the
/// composition `ContentIdentifiable & ContentEquatable`, so such a type is
/// one and diffs as it is.
private struct MailRow: ContentIdentifiable, ContentEquatable, Equatable {
    var id: Int
    var text: String
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: MailRow) -> Bool { text == source.text }
}

/// A model conforming through two extensions, as code split over files
/// declares it.
private struct MailFolder: Equatable {
    var name: String
}
extension MailFolder: ContentIdentifiable {
    var differenceIdentifier: String { name }
}
extension MailFolder: ContentEquatable {}

@Test func separatelyConformingTypesAreDifferentiable() throws {
    let source = [MailRow(id: 1, text: "a"), MailRow(id: 2, text: "b")]
    let target = [MailRow(id: 2, text: "b"), MailRow(id: 1, text: "A")]
    let changeset = try StagedChangeset(source: source, target: target)
    #expect(changeset.flatMap(\.elementUpdated) == [ElementPath(element: 0, section: 0)])
    #expect(changeset.flatMap(\.elementMoved).count == 1)
    #expect(changeset.last?.data == target)

    let sections = try StagedChangeset(
        source: [ArraySection(model: MailFolder(name: "Inbox"), elements: source)],
        target: [ArraySection(model: MailFolder(name: "Inbox"), elements: target)])
    #expect(sections.flatMap(\.elementUpdated) == [ElementPath(element: 0, section: 0)])
    #expect(AnyDifferentiable(MailRow(id: 1, text: "a")).differenceIdentifier == AnyHashable(1))

    func isDifferentiable<T: Differentiable>(_: T.Type) -> Bool { true }
    #expect(isDifferentiable(MailRow.self) && isDifferentiable(MailFolder.self))
}
