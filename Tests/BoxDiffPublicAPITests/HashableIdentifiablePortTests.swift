import BoxDiff
import Testing

/// A model both `Hashable` and `Identifiable`, as SwiftUI-era models are.
private struct ChatMessage: Hashable, Identifiable, Differentiable {
    var id: Int
    var text: String
}

/// The same model keeping DifferenceKit's identity (the whole value, from
/// DifferenceKit's `Hashable` default), as the migration guide advises.
private struct ValueChatMessage: Hashable, Identifiable, Differentiable {
    var id: Int
    var text: String
    var differenceIdentifier: ValueChatMessage { self }
}

/// DifferenceKit identifies a `Hashable` element by its whole value; BoxDiff
/// identifies a `Hashable & Identifiable` one by `id`. The migration guide
/// lists the difference and how to keep DifferenceKit's behaviour.
@Test func hashableIdentifiableElementsAreIdentifiedByID() throws {
    let edited = try StagedChangeset(source: [ChatMessage(id: 1, text: "a")], target: [ChatMessage(id: 1, text: "b")])
    #expect(
        edited == [
            Changeset(data: [ChatMessage(id: 1, text: "b")], elementUpdated: [ElementPath(element: 0, section: 0)])
        ])
    let id: Int = ChatMessage(id: 1, text: "a").differenceIdentifier
    #expect(id == 1)

    // DifferenceKit's result: the edit is a delete, then an insert.
    let kept = try StagedChangeset(
        source: [ValueChatMessage(id: 1, text: "a")], target: [ValueChatMessage(id: 1, text: "b")])
    #expect(
        kept == [
            Changeset(data: [], elementDeleted: [ElementPath(element: 0, section: 0)]),
            Changeset(
                data: [ValueChatMessage(id: 1, text: "b")], elementInserted: [ElementPath(element: 0, section: 0)]),
        ])

    // Two elements with one id are duplicates here, distinct there.
    var reject = DiffOptions()
    reject.duplicates = .reject
    let twins = [ChatMessage(id: 1, text: "a"), ChatMessage(id: 1, text: "b")]
    #expect(throws: DiffError.self) { try StagedChangeset(source: [], target: twins, options: reject) }
    let valueTwins = [ValueChatMessage(id: 1, text: "a"), ValueChatMessage(id: 1, text: "b")]
    #expect(try StagedChangeset(source: [], target: valueTwins, options: reject).count == 1)
}
