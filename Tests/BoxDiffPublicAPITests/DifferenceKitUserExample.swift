// Code as a Carbon / DifferenceKit user writes it, compiled against
// BoxDiff's public API only (no @testable): a `Differentiable` model,
// `[ArraySection<Model, Element>]` data, `StagedChangeset(source:target:)`,
// stages read through DifferenceKit's names, and
// `reload(using:interrupt:setData:)` on a list view (here the simulated
// `UICollectionView` of the test support).

import BoxDiff
import BoxDiffTestSupport
import Testing

/// A message row, as a DifferenceKit model: identified by its id, changed
/// when its text or read state changes.
struct Message: Differentiable, Equatable {
    let id: Int
    var text: String
    var isRead = false

    var differenceIdentifier: Int { id }

    func isContentEqual(to source: Message) -> Bool {
        text == source.text && isRead == source.isRead
    }
}

/// A folder, the section model: its header shows the unread count.
struct Folder: Differentiable, Equatable {
    let name: String
    var unread: Int

    var differenceIdentifier: String { name }

    func isContentEqual(to source: Folder) -> Bool { unread == source.unread }
}

/// A view controller as a DifferenceKit app writes it: the data the data
/// source reads, and a collection view showing it.
@MainActor
final class MessagesViewController {
    typealias Sections = [ArraySection<Folder, Message>]

    /// What the data source reads.
    private(set) var data: Sections
    /// How many times the updater's completion ran.
    private(set) var completions = 0
    /// The collection view, its data source reading ``data``.
    private(set) lazy var collectionView = SimulatedListView<Folder, Message> { [unowned self] in
        self.data.map { SimulatedListView.Section(header: $0.model, items: $0.elements) }
    }

    init(data: Sections) {
        self.data = data
        _ = collectionView
    }

    /// DifferenceKit's `reload(using:interrupt:setData:)`, skipping the
    /// animation for large changesets as DifferenceKit's README suggests.
    func show(_ target: Sections) throws {
        let changeset = try StagedChangeset(source: data, target: target)
        collectionView.reload(
            using: changeset, interrupt: { $0.changeCount > 100 }, setData: { self.data = $0 },
            completion: { self.completions += 1 })
    }
}

/// What a DifferenceKit user's animation log would print for a changeset:
/// one line per call, through `path.element`, `move.source` and
/// `move.target`.
func animationLog<Model, Element>(_ changeset: StagedChangeset<[ArraySection<Model, Element>]>) -> [String] {
    var lines: [String] = []
    for stage in changeset {
        for path in stage.elementDeleted { lines.append("delete \(path.element) in \(path.section)") }
        for path in stage.elementInserted { lines.append("insert \(path.element) in \(path.section)") }
        for path in stage.elementUpdated { lines.append("reload \(path.element) in \(path.section)") }
        for move in stage.elementMoved {
            lines.append(
                "move \(move.source.element) in \(move.source.section) to \(move.target.element) in \(move.target.section)"
            )
        }
        for section in stage.sectionUpdated { lines.append("reload section \(section)") }
    }
    return lines
}

@Suite("Example: a DifferenceKit user")
@MainActor
struct DifferenceKitUserExample {
    let inbox = ArraySection(
        model: Folder(name: "Inbox", unread: 3),
        elements: [
            Message(id: 1, text: "Hello"), Message(id: 2, text: "Lunch?"), Message(id: 3, text: "Invoice"),
        ])
    let archive = ArraySection(model: Folder(name: "Archive", unread: 0), elements: [Message(id: 4, text: "Old")])

    /// The next screen: message 2 deleted, 1 read and moved below 3, a new
    /// message in the archive, the inbox's unread count down.
    var next: [ArraySection<Folder, Message>] {
        [
            ArraySection(
                model: Folder(name: "Inbox", unread: 1),
                elements: [Message(id: 3, text: "Invoice"), Message(id: 1, text: "Hello", isRead: true)]),
            ArraySection(
                model: archive.model, elements: archive.elements + [Message(id: 5, text: "Receipt")]),
        ]
    }

    @Test func stagesReadWithDifferenceKitNames() throws {
        let changeset = try StagedChangeset(source: [inbox, archive], target: next)
        #expect(changeset.last?.data == next)

        let deleted = changeset.flatMap(\.elementDeleted)
        #expect(deleted == [ElementPath(element: 1, section: 0)])
        #expect(deleted.map(\.element) == [1])
        let inserted = changeset.flatMap(\.elementInserted)
        #expect(inserted == [ElementPath(element: 1, section: 1)])
        // Message 1 read: reloaded at its old path.
        #expect(changeset.flatMap(\.elementUpdated) == [ElementPath(element: 0, section: 0)])
        // One of 1 and 3 moves, within the inbox (positions after the delete).
        let moves = changeset.flatMap(\.elementMoved)
        #expect(moves.count == 1)
        #expect(moves.allSatisfy { $0.source.section == 0 && $0.target.section == 0 })
        #expect(moves.allSatisfy { $0.source.element != $0.target.element })
        #expect(changeset.flatMap(\.sectionUpdated) == [0])

        let log = animationLog(changeset)
        #expect(log.contains("delete 1 in 0"))
        #expect(log.contains("insert 1 in 1"))
        #expect(log.contains("reload 0 in 0"))
        #expect(log.contains("reload section 0"))
        #expect(log.count == 5)
    }

    @Test func reloadUsingAnimatesToTheTarget() throws {
        let controller = MessagesViewController(data: [inbox, archive])
        try controller.show(next)
        let view = controller.collectionView
        #expect(view.batchCount > 1, "staged: one batch per stage")
        #expect(view.reloadDataCount == 0)
        view.finishAnimations()
        #expect(view.issues.isEmpty, "\(view.issues)")
        #expect(controller.data == next)
        #expect(view.shown == next.map { .init(header: $0.model, items: $0.elements) })
        #expect(controller.completions == 1)

        // And back, with a section deleted.
        let back = [ArraySection(model: inbox.model, elements: inbox.elements.reversed())]
        try controller.show(back)
        view.finishAnimations()
        #expect(view.issues.isEmpty, "\(view.issues)")
        #expect(view.shown == back.map { .init(header: $0.model, items: $0.elements) })
        #expect(controller.completions == 2)
    }

    @Test func largeChangesetsAreInterruptedIntoAReload() throws {
        let controller = MessagesViewController(data: [inbox, archive])
        let many = [
            ArraySection(
                model: Folder(name: "Inbox", unread: 0),
                elements: (10..<200).map { Message(id: $0, text: "Message \($0)") })
        ]
        try controller.show(many)
        let view = controller.collectionView
        #expect(view.reloadDataCount == 1)
        #expect(view.issues.isEmpty, "\(view.issues)")
        #expect(view.shown == many.map { .init(header: $0.model, items: $0.elements) })
        #expect(controller.data == many)
        #expect(controller.completions == 1)
    }
}
