// An app in Swift 5 mode, as most apps ported from DifferenceKit are,
// type-checked by scripts/apple-standins.sh with `-swift-version 5`: a
// helper that is not `@MainActor` applies changesets and renders, as
// DifferenceKit (whose `reload` is not main-actor isolated) let it. BoxDiff's
// main-actor types are `@preconcurrency`, so this compiles without errors
// (in Swift 6 mode, or with complete checking, the isolation is enforced).

import BoxDiff
import UIKit

struct Row: Differentiable {
    var id: Int
    var title: String
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Row) -> Bool { title == source.title }
}

final class RowsPresenter {
    let tableView: UITableView
    var rows: [Row] = []
    var box = Box<String, Int>()
    lazy var renderer = BoxRenderer(view: TableListView(tableView), showing: box) { [unowned self] box in
        self.box = box
    }

    init(tableView: UITableView) { self.tableView = tableView }

    func show(_ newRows: [Row]) throws {
        let changeset = try StagedChangeset(source: rows, target: newRows)
        tableView.reload(using: changeset, with: .fade) { data in
            self.rows = data
        }
        TableListView(tableView).reload(using: changeset) { self.rows = $0 }
    }

    func render(_ next: Box<String, Int>) {
        renderer.render(next)
        renderer.render(next, animated: false)
    }
}
