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

/// A view-model class, `Hashable` by its fields as DifferenceKit needs and
/// `Identifiable` for SwiftUI without an `id` of its own: Swift gives such
/// a class `id` = `ObjectIdentifier(self)`.
private final class MessageViewModel: Hashable, Identifiable, Differentiable {
    let messageID: Int
    let text: String
    init(messageID: Int, text: String) {
        self.messageID = messageID
        self.text = text
    }
    static func == (lhs: MessageViewModel, rhs: MessageViewModel) -> Bool {
        lhs.messageID == rhs.messageID && lhs.text == rhs.text
    }
    func hash(into hasher: inout Hasher) {
        hasher.combine(messageID)
        hasher.combine(text)
    }
}

/// The guide's "identified by its `id`" for a class means object identity:
/// view models built afresh for each render (equal values, new objects)
/// are all deleted and inserted again, where DifferenceKit (whole value)
/// reports no change. The guide says so, and the same fix applies.
@Test func hashableIdentifiableClassIsIdentifiedByObject() throws {
    let shown = [MessageViewModel(messageID: 1, text: "a"), MessageViewModel(messageID: 2, text: "b")]
    let rebuilt = [MessageViewModel(messageID: 1, text: "a"), MessageViewModel(messageID: 2, text: "b")]
    let changeset = try StagedChangeset(source: shown, target: rebuilt)
    // Not DifferenceKit's empty changeset: every row goes and comes back.
    #expect(changeset.map(\.elementDeleted.count) == [2, 0])
    #expect(changeset.map(\.elementInserted.count) == [0, 2])

    // The guide's fix: identified by value, as in DifferenceKit.
    let kept = try StagedChangeset(
        source: shown.map(ValueMessageViewModel.init), target: rebuilt.map(ValueMessageViewModel.init))
    #expect(kept.isEmpty)
}

/// ``MessageViewModel`` identified by its value, as the guide advises.
private final class ValueMessageViewModel: Hashable, Identifiable, Differentiable {
    let model: MessageViewModel
    init(_ model: MessageViewModel) { self.model = model }
    var differenceIdentifier: ValueMessageViewModel { self }
    static func == (lhs: ValueMessageViewModel, rhs: ValueMessageViewModel) -> Bool { lhs.model == rhs.model }
    func hash(into hasher: inout Hasher) { hasher.combine(model) }
}
