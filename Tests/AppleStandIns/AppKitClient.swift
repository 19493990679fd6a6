// swift-format-ignore-file: OnlyOneTrailingClosureArgument
// An app's AppKit code against BoxDiff, type-checked by
// scripts/apple-standins.sh with the AppKit stand-in (AppKit.swift): the
// DifferenceKit migration article's and the doc comments' AppKit samples,
// as written there (their closure arguments beside a trailing `setData`
// closure are the shape DifferenceKit's users write, on purpose).

import AppKit
import BoxDiff

struct Message: Differentiable {
    var id: Int
    var text: String
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Message) -> Bool { text == source.text }
}

@MainActor
final class MessagesPane {
    let tableView = NSTableView()
    let collectionView = NSCollectionView()
    var data: [Message] = []
    var box = Box<String, Int>.empty

    func apply(_ changeset: StagedChangeset<[Message]>) {
        tableView.reload(using: changeset, with: .effectFade) { data in self.data = data }
        tableView.reload(
            using: changeset,
            deleteRowsAnimation: .slideLeft, insertRowsAnimation: .slideRight, reloadRowsAnimation: .effectFade,
            interrupt: { $0.changeCount > 100 }
        ) { self.data = $0 }
        collectionView.reload(using: changeset, interrupt: { $0.changeCount > 100 }) { data in self.data = data }

        let listView = TableListView(tableView, animation: .effectFade)
        listView.deleteRowsAnimation = .slideLeft
        listView.reload(using: changeset) { data in self.data = data }
        CollectionListView(collectionView).reload(using: changeset) { self.data = $0 }

        // The doc comments' AppKit samples: TableListView's and
        // CollectionListView's type comments, and the table view's
        // `reload(using:deleteRowsAnimation:...)` with no reload animation.
        TableListView(tableView, animation: .effectFade).reload(using: changeset) { data = $0 }
        tableView.reload(using: changeset, with: .effectFade) { data = $0 }
        CollectionListView(collectionView).reload(using: changeset) { data = $0 }
        tableView.reload(
            using: changeset,
            deleteRowsAnimation: .slideLeft, insertRowsAnimation: .slideRight, reloadRowsAnimation: [],
            interrupt: { $0.changeCount > 100 }
        ) { self.data = $0 }
    }

    // TableListView's type comment: a table showing a Box's sections, a
    // group row for each header.
    func applySections(_ changeset: StagedChangeset<Box<String, Int>>) {
        let listView = TableListView(tableView, animation: .effectFade) { [unowned self] in
            box.sections.map { TableSectionRows(headerRows: 1, rows: $0.rows.count) }
        }
        listView.reload(using: changeset) { box = $0 }
    }

    func render(_ next: Box<String, Int>) {
        let renderer = BoxRenderer(view: CollectionListView(collectionView), showing: box) { [unowned self] in
            self.box = $0
        }
        renderer.render(next)
    }
}
