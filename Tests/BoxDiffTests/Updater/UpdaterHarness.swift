import BoxDiff
import BoxDiffTestSupport

/// A data source and the simulated view that shows it: what an app's view
/// controller holds. `apply` runs the updater with a `setData` that stores
/// the data (noting "setData" in the view's log) and counts completions.
@MainActor
final class UpdaterScreen<Data, Header: Equatable, Item: Equatable> {
    typealias View = SimulatedListView<Header, Item>

    /// The data source's storage, shared with the view's data source closure.
    final class Store {
        var data: Data
        init(_ data: Data) { self.data = data }
    }

    let store: Store
    let view: View
    let render: (Data) -> [View.Section]
    /// How many times the updater's completion ran.
    private(set) var completionCount = 0
    /// How many times the updater called `setData`.
    private(set) var setDataCount = 0

    /// A view showing `data` already.
    init(showing data: Data, canAnimate: Bool = true, render: @escaping (Data) -> [View.Section]) {
        let store = Store(data)
        self.store = store
        self.render = render
        view = View(canAnimate: canAnimate) { render(store.data) }
    }

    /// `view.reload(using:interrupt:setData:completion:)`.
    func apply(_ changeset: StagedChangeset<Data>, interrupt: ((Changeset<Data>) -> Bool)? = nil) {
        view.reload(
            using: changeset, interrupt: interrupt,
            setData: { data in
                self.view.note("setData")
                self.setDataCount += 1
                self.store.data = data
            },
            completion: { self.completionCount += 1 })
    }

    /// What is wrong once the animations are over: the view's issues, a
    /// screen that does not show `target`, a completion count other than 1.
    func problems(showing target: Data) -> [String] {
        var problems = view.issues
        let expected = render(target)
        if view.shown != expected { problems.append("shows \(view.shown), expected \(expected)") }
        if render(store.data) != expected { problems.append("data source holds \(store.data), not the target") }
        if completionCount != 1 { problems.append("completion ran \(completionCount) times") }
        return problems
    }
}

typealias BoxScreen = UpdaterScreen<BoxGenerators.TestBox, SimulatedHeader<Int>, Node<Int>>
typealias FlatScreen = UpdaterScreen<[String], Int, String>

extension UpdaterScreen where Data == BoxGenerators.TestBox, Header == SimulatedHeader<Int>, Item == Node<Int> {
    /// A simulated view showing `box`.
    convenience init(box: BoxGenerators.TestBox, canAnimate: Bool = true) {
        self.init(showing: box, canAnimate: canAnimate) { View.sections(of: $0) }
    }
}

extension UpdaterScreen where Data == [String], Header == Int, Item == String {
    /// A simulated view showing `list` as one section.
    convenience init(list: [String], canAnimate: Bool = true) {
        self.init(showing: list, canAnimate: canAnimate) { View.sections(of: $0, header: 0) }
    }
}

/// Every combination of algorithm, mode and update style, and a reload
/// threshold that some changesets pass.
let updaterOptionGrid = OptionGrids.withThreshold

/// A short name of an option set, for failure messages.
func optionName(_ options: DiffOptions) -> String {
    "\(options.algorithm) \(options.mode) \(options.updateStyle) threshold \(options.reloadThreshold.map(String.init) ?? "none")"
}
