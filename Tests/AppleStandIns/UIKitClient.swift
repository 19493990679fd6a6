// swift-format-ignore-file: OnlyOneTrailingClosureArgument
// An app's UIKit code against BoxDiff, type-checked by
// scripts/apple-standins.sh with the UIKit stand-in (UIKit.swift): the
// README's, the DifferenceKit migration article's and the doc comments'
// UIKit samples, as written there, and DifferenceKit's UIKit calls
// (their closure arguments beside a trailing `setData` closure are the
// shape DifferenceKit's users write, on purpose). The declarations
// around the samples are the app's own.

import BoxDiff
import UIKit

struct Message: Differentiable {
    var id: Int
    var text: String
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Message) -> Bool { text == source.text }
}

// README, "In an app: quick start".
@MainActor
final class TodoScreen {
    let tableView = UITableView()
    private(set) var box = Box<String, Int>.empty  // the data source reads this
    private lazy var renderer = BoxRenderer(view: TableListView(tableView)) { [unowned self] in self.box = $0 }

    func show(_ todos: [(id: Int, title: String)]) {
        renderer.render(
            Box<String, Int>.empty
                |-+ Section(id: "todo", header: "To do")
                |---* todos.map { Node(id: $0.id, component: $0.title) })
    }
}

// README, "Applying a changeset".
final class InboxViewController: UIViewController {
    var messages: [Message] = []
    let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())

    func show(_ newMessages: [Message]) throws {
        let changeset = try StagedChangeset(source: messages, target: newMessages)
        collectionView.reload(using: changeset, interrupt: { $0.changeCount > 300 }) { data in
            self.messages = data
        }
    }
}

final class ToggleComponent {
    let title: String
    let isOn: Bool
    let didToggle: () -> Void
    init(title: String, isOn: Bool, didToggle: @escaping () -> Void) {
        self.title = title
        self.isOn = isOn
        self.didToggle = didToggle
    }
}

@MainActor
final class SettingsState {
    var sync = false
    var isAdmin = false
    func toggleSync() { sync.toggle() }
}

// README, the Bento-style render loop.
@MainActor
final class SettingsScreen {
    let tableView = UITableView()
    private var box = Box<String, Int>.empty
    private lazy var renderer = BoxRenderer(
        view: TableListView(tableView, animation: .fade), options: DiffOptions()
    ) { [unowned self] in self.box = $0 }  // the data source reads self.box

    func stateDidChange(_ state: SettingsState) {
        renderer.renderInBackground(
            Box<String, Int>.empty
                |-+ Section(id: "account", header: "Account")
                |---+ 1 <> ToggleComponent(title: "Sync", isOn: state.sync) { state.toggleSync() }
                |---? .iff(state.isAdmin) { 2 <> "Admin tools" })
    }
}

// The DifferenceKit migration article, "Applying a changeset", and the
// adapter's animation properties; then a render loop over a collection
// view, synchronous and async.
@MainActor
final class MessagesScreen {
    let tableView = UITableView()
    let collectionView = UICollectionView()
    var data: [Message] = []
    var items: [Message] = []
    var sections: [ArraySection<String, Message>] = []
    var box = Box<String, Int>.empty

    func apply(_ newItems: [Message]) throws {
        let changeset = try StagedChangeset(source: items, target: newItems)
        collectionView.reload(using: changeset, interrupt: { $0.changeCount > 300 }) { data in
            items = data
        }
    }

    func applyDifferenceKitCalls(_ changeset: StagedChangeset<[Message]>) {
        tableView.reload(using: changeset, with: .fade) { data in self.data = data }
        tableView.reload(
            using: changeset,
            deleteSectionsAnimation: .fade, insertSectionsAnimation: .fade, reloadSectionsAnimation: .none,
            deleteRowsAnimation: .left, insertRowsAnimation: .right, reloadRowsAnimation: .none,
            interrupt: { $0.changeCount > 100 }
        ) { self.data = $0 }
        collectionView.reload(using: changeset, interrupt: { $0.changeCount > 100 }) { data in self.data = data }

        let listView = TableListView(tableView, animation: .fade)
        listView.insertRowsAnimation = .right
        listView.reload(using: changeset) { data in self.data = data }
        listView.reload(using: changeset, setData: { self.data = $0 }, completion: { print("done") })
    }

    func applySections(_ target: [ArraySection<String, Message>]) throws {
        let changeset = try StagedChangeset(source: sections, target: target)
        tableView.reload(using: changeset, with: .automatic) { self.sections = $0 }
        collectionView.reload(using: changeset) { self.sections = $0 }
    }

    func render(_ next: Box<String, Int>) async {
        let renderer = BoxRenderer(view: collectionView, showing: box) { [unowned self] in self.box = $0 }
        renderer.render(next)
        await renderer.renderAsync(next)
        let rows = BoxRenderer(view: TableListView(tableView), showing: box) { [unowned self] in self.box = $0 }
        rows.render(next)
        // The Bento guide's port of `tableView.render(box, animated: false)`.
        let bento = BoxRenderer(view: TableListView(tableView, animation: .fade)) { box in self.box = box }
        bento.render(next, animated: false)
        bento.render(next, animated: true) { print("done") }
    }
}

// The Bento guide, "Headers and footers re-bound in place".
final class ComponentHeaderFooterView: UITableViewHeaderFooterView {
    func bind(_ component: Component?) {}
}

@MainActor
final class FormScreen {
    let tableView = UITableView()
    private var box = Box<String, Int>.empty
    private lazy var renderer: BoxRenderer<String, Int, TableListView> = {
        let listView = TableListView(tableView, animation: .fade)
        listView.rebindHeaderFooterView = { [unowned self] view, kind, section in
            let component = kind == .header ? box.sections[section].header : box.sections[section].footer
            (view as? ComponentHeaderFooterView)?.bind(component)  // the app's view class
        }
        return BoxRenderer(view: listView, options: DiffOptions(mode: .singleBatch)) { [unowned self] in
            self.box = $0
        }
    }()

    func show(_ next: Box<String, Int>) { renderer.render(next) }
}

// CollectionListView's sample.
final class ComponentReusableView: UICollectionReusableView {
    func bind(_ component: Component?) {}
}

@MainActor
final class GridScreen {
    let collectionView = UICollectionView()
    private var box = Box<String, Int>.empty
    private lazy var renderer: BoxRenderer<String, Int, CollectionListView> = {
        let listView = CollectionListView(collectionView)
        listView.rebindSupplementaryView = { [unowned self] view, kind, section in
            let component = kind == .header ? box.sections[section].header : box.sections[section].footer
            (view as? ComponentReusableView)?.bind(component)
        }
        return BoxRenderer(view: listView) { [unowned self] in self.box = $0 }
    }()

    func show(_ next: Box<String, Int>) { renderer.render(next) }
}

// README, "Cancelling": a search screen diffing each keystroke's results
// off the main thread, a newer search cancelling the older diff.
@MainActor
final class SearchScreen {
    let tableView = UITableView()
    var shown: [Message] = []
    var searchDiff: Task<Void, any Error>?

    func show(_ results: [Message]) {
        searchDiff?.cancel()
        searchDiff = Task.detached { [shown] in
            let changeset = try await DiffCancellationFlag.forCurrentTask { flag in
                try StagedChangeset(source: shown, target: results, cancellation: flag)
            }
            guard let changeset else { return }  // a newer search cancelled this one
            await MainActor.run { self.tableView.reload(using: changeset) { self.shown = $0 } }
        }
    }
}

// The doc comments' UIKit samples, as written there, in the screen class
// they presume (the app's state and data source are stand-ins here).
struct FeedState {}

@MainActor
final class FeedDataSource {
    var box = Box<String, Int>.empty
}

@MainActor
final class FeedViewController: UIViewController {
    let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    let tableView = UITableView()
    let dataSource = FeedDataSource()
    var box = Box<String, Int>.empty
    var shown: [Message] = []
    var rows: [Message] = []
    var data: [Message] = []
    var diffTask: Task<Void, any Error>?
    lazy var renderer = BoxRenderer(view: collectionView) { [unowned self] in self.box = $0 }

    func makeBox(_ state: FeedState) -> Box<String, Int> { box }
    func apply(_ changeset: StagedChangeset<[Message]>) {}

    // BoxRenderer's type comment.
    func renderFeed(_ state: FeedState) {
        // `unowned`: the data source (or the screen) usually owns the renderer.
        let renderer = BoxRenderer<String, Int, UICollectionView>(view: collectionView) { [unowned dataSource] box in
            dataSource.box = box
        }
        renderer.render(makeBox(state))  // on the main actor, now
        renderer.renderInBackground(makeBox(state))  // diffs elsewhere, applies the latest
    }

    // BoxRenderer.releaseScratchMemory().
    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        renderer.releaseScratchMemory()
    }

    // DiffOptions.init(algorithm:duplicates:mode:...): its sample wrote
    // `{ box in data = box }`, an implicit `self` in the renderer's
    // escaping closure ("reference to property 'data' in closure requires
    // explicit use of 'self'").
    func singleBatchRenderer(_ view: UICollectionView) {
        let renderer = BoxRenderer(view: view, options: DiffOptions(mode: .singleBatch)) { [unowned self] in
            self.box = $0
        }
        let strict = DiffOptions(algorithm: .lcs, duplicates: .reject)
        _ = (renderer, strict)
    }

    // Box.init(_:) and BoxRenderer.render(_:) with a builder.
    func renderSettings() {
        renderer.render(
            Box<String, Int> {
                Section(id: "settings", header: "Settings") {
                    1 <> "Sync"
                }
            })
        renderer.render {
            Section(id: "account", header: "Account") {
                1 <> "Sync"
            }
        }
    }

    // DiffCancellationFlag.forCurrentTask(isolation:_:): its sample read
    // `shown` and called `apply(_:)` inside `Task.detached` without
    // `self` ("reference to property 'shown' in closure requires explicit
    // use of 'self'", "main actor-isolated property 'shown' can not be
    // referenced from a nonisolated context"); it now copies `shown` in
    // the capture list and calls `self.apply(_:)`.
    func update(to next: [Message]) {
        diffTask?.cancel()
        diffTask = Task.detached { [shown] in  // the screen's data, copied
            let changeset = try await DiffCancellationFlag.forCurrentTask { flag in
                try StagedChangeset(source: shown, target: next, cancellation: flag)
            }
            guard let changeset else { return }  // cancelled
            await MainActor.run { self.apply(changeset) }
        }
    }

    // ListView.reload(using:interrupt:setData:completion:).
    func show(_ next: [Message]) throws {
        let changeset = try StagedChangeset(source: shown, target: next)
        collectionView.reload(using: changeset, setData: { shown = $0 }) {
            print("on screen")
        }
    }

    // TableListView's type comment.
    func showRows(_ changeset: StagedChangeset<[Message]>) {
        TableListView(tableView, animation: .fade).reload(using: changeset) { rows = $0 }
        tableView.reload(using: changeset, with: .fade) { rows = $0 }

        let view = TableListView(tableView, animation: .fade)
        view.insertRowsAnimation = .right
        view.reload(using: changeset) { rows = $0 }
    }
}
