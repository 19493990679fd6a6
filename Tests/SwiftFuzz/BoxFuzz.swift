// Coverage-guided fuzzing of the Swift layer with libFuzzer
// (scripts/fuzz-swift-guided.sh). The C core has its own targets
// (Tests/Fuzz); this one drives the public Box API and the updater with
// Box pairs decoded from the fuzzer's bytes, so that libFuzzer steers
// toward the Swift code's branches (section re-binds, duplicates, the
// single-batch layout, reload thresholds, render queues) rather than only
// the core's. A problem stops the process (`fatalError`), and libFuzzer
// keeps the input that found it.
//
// Each input is read as:
// 1. the options (algorithm, duplicates, mode, update style, reload
//    threshold, LCS cost bound) and the id type (Int, String, UUID, or
//    strings that `==` may pair across spellings: canonical equivalents);
// 2. the old Box: up to 6 sections of up to 12 rows, ids from small pools
//    (so ids repeat when the input says so), headers and footers absent,
//    comparable or incomparable, rows comparable, partly hashed or
//    incomparable;
// 3. up to 24 edits that make the new Box from the old: rows and sections
//    deleted, inserted, moved and re-contented;
// 4. a render script: how many more Boxes the renderer gets, each render
//    animated or not, what happens between renders (the animations end,
//    the renderer releases its scratch memory, nothing), whether a
//    render is requested from inside the data source's setter, whether the
//    setter re-renders its state, and (in the background mode) which
//    renders run in the background and whether the main run loop turns
//    until they reach the view.
// (With BOXDIFF_FUZZ_MODE=calls, the input is read as hand-made
// changesets instead: CallsFuzz.swift. With BOXDIFF_FUZZ_MODE=background,
// it is read as here, then a few bytes more: which scripted renders run in
// the background, and which of those are cancelled.)
// Then:
// - sometimes, a diff cancelled from inside (a component's `==` raises the
//   flag at its k-th call) must return nil or a right changeset, and the
//   workspace must serve the next diffs;
// - the flat changeset of the two Boxes' rows (ids and what the components
//   show) must pass the validator and replay to the new rows, and the
//   sectioned changeset (DifferenceKit's `ArraySection`s) of the two Boxes
//   must pass the validator and end at the new sections; each applied by
//   `ListView.reload(using:interrupt:setData:)` to a simulated view (an
//   interrupt past a few changes or none) must leave it showing the new
//   list; IGListKit's `ListDiff` of the rows (both options) must keep
//   IGListKit's rules (`ListDiffChecks`);
// - the changeset of old -> new must replay stage by stage to the new
//   Box, pass the validator, come back unchanged from `validated(from:)`
//   and keep the mode's stage count and the reload threshold
//   (`RandomizedBoxChecks.problems`);
// - a `BoxRenderer` over a simulated UIKit view (which checks every batch
//   against UIKit's rules) renders the Boxes in turn and must end showing
//   the last one requested: its sections, rows and the very component
//   instances; each render's completion must run once, in the order the
//   renders were requested; background renders must end, and the last
//   render, when in the background, must yield that it reached the view
//   (or, cancelled, yield false with the view left on the Box shown when
//   it was requested).

import BoxDiff
import BoxDiffIGListKit
import BoxDiffTestSupport
import BoxDiffValidation
import Foundation

/// The fuzzer's bytes as a stream of small decisions; 0 once used up.
struct FuzzInput {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    /// The next byte, as a number in `0..<bound` (`bound` at most 256).
    mutating func next(_ bound: Int) -> Int {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position]) % bound
    }

    /// Whether input is left.
    var hasMore: Bool { position < bytes.count }
}

/// A header or footer that is a class (Bento's kind): incomparable, told
/// apart by instance.
final class FuzzHeader: CustomStringConvertible {
    let tag: Int
    init(_ tag: Int) { self.tag = tag }
    var description: String { "H\(tag)" }
}

/// A cell's view model that is a class holding a closure (Bento's kind).
final class FuzzCell: CustomStringConvertible {
    let tag: Int
    let action: () -> Int
    init(_ tag: Int) {
        self.tag = tag
        action = { tag }
    }
    var description: String { "C\(tag)" }
}

/// Decodes the Boxes, options and render script of one input.
enum FuzzDecoder {
    static func options(_ input: inout FuzzInput) -> DiffOptions {
        var options = DiffOptions()
        options.algorithm = DiffAlgorithm.allCases[input.next(DiffAlgorithm.allCases.count)]
        options.duplicates = input.next(4) == 0 ? .reject : .pairInOrder
        options.mode = BatchMode.allCases[input.next(BatchMode.allCases.count)]
        options.updateStyle = UpdateStyle.allCases[input.next(UpdateStyle.allCases.count)]
        if input.next(5) == 0 { options.reloadThreshold = input.next(40) }
        if input.next(6) == 0 { options.lcsCostBound = 1 + input.next(64) }
        return options
    }

    static func header(_ input: inout FuzzInput) -> Component? {
        switch input.next(5) {
        case 0, 1: return nil
        case 2: return Component(input.next(3))
        case 3: return Component("header \(input.next(3))")
        default: return Component(incomparable: FuzzHeader(input.next(256)))
        }
    }

    static func component(_ input: inout FuzzInput) -> Component {
        switch input.next(8) {
        case 0, 1, 2: return Component(input.next(4))
        case 3, 4: return Component("row \(input.next(4))")
        case 5: return Component(RandomizedBoxChecks.PartlyHashed(key: 0, text: "\(input.next(4))"))
        default: return Component(incomparable: FuzzCell(input.next(256)))
        }
    }

    /// A row id: mostly fresh (each Box's rows distinct), sometimes one
    /// from a small pool that other rows may share.
    static func rowID(_ input: inout FuzzInput, fresh: inout Int) -> Int {
        let pick = input.next(16)
        if pick < 12 {
            fresh += 1
            return fresh
        }
        return 1000 + input.next(8)
    }

    static func old(_ input: inout FuzzInput, fresh: inout Int) -> BoxGenerators.TestBox {
        var sections: [Section<Int, Int>] = []
        for _ in 0..<input.next(7) {
            let id = input.next(4) == 0 ? input.next(4) : 10 + sections.count
            var section = Section<Int, Int>(id: id, header: header(&input), footer: header(&input))
            for _ in 0..<input.next(13) {
                section.rows.append(Node(id: rowID(&input, fresh: &fresh), component: component(&input)))
            }
            sections.append(section)
        }
        return Box(sections: sections)
    }

    /// The new Box: `old` under up to 24 edits.
    static func new(from old: BoxGenerators.TestBox, _ input: inout FuzzInput, fresh: inout Int)
        -> BoxGenerators.TestBox
    {
        var sections = old.sections
        func anyRow() -> (Int, Int)? {
            let filled = sections.indices.filter { !sections[$0].rows.isEmpty }
            guard !filled.isEmpty else { return nil }
            let s = filled[input.next(filled.count)]
            return (s, input.next(sections[s].rows.count))
        }
        for _ in 0..<input.next(25) {
            switch input.next(10) {
            case 0:  // delete a row
                if let (s, r) = anyRow() { sections[s].rows.remove(at: r) }
            case 1:  // insert a row
                guard !sections.isEmpty else { continue }
                let s = input.next(sections.count)
                let node = Node(id: rowID(&input, fresh: &fresh), component: component(&input))
                sections[s].rows.insert(node, at: input.next(sections[s].rows.count + 1))
            case 2, 3:  // move a row, maybe to another section
                guard let (s, r) = anyRow() else { continue }
                let node = sections[s].rows.remove(at: r)
                let t = input.next(sections.count)
                sections[t].rows.insert(node, at: input.next(sections[t].rows.count + 1))
            case 4, 5:  // new content for a row
                if let (s, r) = anyRow() { sections[s].rows[r].component = component(&input) }
            case 6:  // delete a section
                if !sections.isEmpty { sections.remove(at: input.next(sections.count)) }
            case 7:  // insert a section
                let id = input.next(3) == 0 ? input.next(4) : 20 + input.next(20)
                var section = Section<Int, Int>(id: id, header: header(&input), footer: header(&input))
                for _ in 0..<input.next(5) {
                    section.rows.append(Node(id: rowID(&input, fresh: &fresh), component: component(&input)))
                }
                sections.insert(section, at: input.next(sections.count + 1))
            case 8:  // move a section
                guard !sections.isEmpty else { continue }
                let section = sections.remove(at: input.next(sections.count))
                sections.insert(section, at: input.next(sections.count + 1))
            default:  // new header or footer
                guard !sections.isEmpty else { continue }
                let s = input.next(sections.count)
                if input.next(2) == 0 {
                    sections[s].header = header(&input)
                } else {
                    sections[s].footer = header(&input)
                }
            }
        }
        return Box(sections: sections)
    }
}

/// A screen for the renderer: the data source and the simulated view.
@MainActor
final class FuzzScreen {
    typealias View = SimulatedListView<SimulatedHeader<Int>, Node<Int>>
    var box: BoxGenerators.TestBox
    let view: View
    var renderer: BoxRenderer<Int, Int, View>!
    /// Called after each `setData`, with the data source holding its Box.
    var onSetData: (@MainActor () -> Void)?

    init(showing box: BoxGenerators.TestBox, options: DiffOptions, rebinds: Bool, canAnimate: Bool) {
        self.box = box
        var dataSource: () -> [View.Section] = { [] }
        view = View(canAnimate: canAnimate) { dataSource() }
        view.reconfiguresSections = rebinds
        view.sameSection = { $0.id == $1.id }
        renderer = BoxRenderer(view: view, showing: box, options: options) { [unowned self] in
            self.box = $0
            self.onSetData?()
        }
        dataSource = { [unowned self] in View.sections(of: self.box) }
        view.reloadData()
    }

    /// What is wrong with the view showing `target`: its issues, and any
    /// section, row, header, footer or cell content that is not the
    /// target's (a stale instance of an incomparable one included).
    func problems(showing target: BoxGenerators.TestBox) -> [String] {
        view.issues + View.mismatches(view.shown, target)
    }

    /// `box` built again: its class components new instances of the same
    /// class and tag (a screen rebuilding the same state).
    nonisolated static func rebuilt(_ box: BoxGenerators.TestBox) -> BoxGenerators.TestBox {
        func fresh(_ component: Component) -> Component {
            if let header = component.value(as: FuzzHeader.self) {
                return Component(incomparable: FuzzHeader(header.tag))
            }
            if let cell = component.value(as: FuzzCell.self) { return Component(incomparable: FuzzCell(cell.tag)) }
            return component
        }
        var box = box
        for s in box.sections.indices {
            box.sections[s].header = box.sections[s].header.map(fresh)
            box.sections[s].footer = box.sections[s].footer.map(fresh)
            for r in box.sections[s].rows.indices {
                box.sections[s].rows[r].component = fresh(box.sections[s].rows[r].component)
            }
        }
        return box
    }

    /// Whether `a` and `b` have the same sections and rows in the same
    /// places, with equal components but where both are incomparable
    /// instances of one class.
    nonisolated static func matchesButInstances(_ a: BoxGenerators.TestBox, _ b: BoxGenerators.TestBox) -> Bool {
        func same(_ x: Component?, _ y: Component?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            if x.isComparable || y.isComparable { return x == y }
            return type(of: x.value) == type(of: y.value)
        }
        return a.sections.count == b.sections.count
            && zip(a.sections, b.sections).allSatisfy { s, t in
                s.id == t.id && same(s.header, t.header) && same(s.footer, t.footer)
                    && s.rows.map(\.id) == t.rows.map(\.id)
                    && zip(s.rows, t.rows).allSatisfy { same($0.component, $1.component) }
            }
    }
}

/// The changeset `diff` makes, or what is wrong with its error: nothing
/// for a duplicate rightly rejected (`duplicates` under `.reject`), the
/// error otherwise.
func diffed<Data>(
    duplicates: Bool, options: DiffOptions, _ diff: () throws(DiffError) -> StagedChangeset<Data>
) -> (StagedChangeset<Data>?, [String]) {
    do {
        return (try diff(), [])
    } catch {
        if case .duplicateIdentifier = error, options.duplicates == .reject, duplicates { return (nil, []) }
        return (nil, ["unexpected error \(error)"])
    }
}

/// What is wrong with the flat changeset of `old` -> `new`: an unexpected
/// error or a duplicate not rejected, a violation of UIKit's rules, a
/// replay (``FlatReplay``) that does not end at `new`, too many stages.
func flatProblems(
    _ old: [TextItem], _ new: [TextItem], options: DiffOptions, limit: Int?, workspace: DiffWorkspace
) -> [String] {
    let duplicates = Set(old.map(\.id)).count < old.count || Set(new.map(\.id)).count < new.count
    let (diff, error) = diffed(duplicates: duplicates, options: options) { () throws(DiffError) in
        try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
    }
    guard let changeset = diff else { return error }
    var problems = changeset.violations(from: old).map(\.description)
    problems += MainActor.assumeIsolated {
        reloadProblems(changeset, from: old, to: new, limit: limit) {
            [.init(header: FuzzSectionModel(id: 0, text: ""), items: $0)]
        }
    }
    if options.duplicates == .reject && duplicates { problems.append("a duplicate was not rejected") }
    if options.mode == .singleBatch && changeset.count > 1 { problems.append("\(changeset.count) stages in one batch") }
    if !problems.isEmpty { return problems }
    if changeset.reloadsEverything {
        if changeset.count != 1 || !FlatReplay.same(changeset.last!.data, new) {
            problems.append("a reload-everything plan that is not one stage of the target: \(changeset)")
        }
        return problems
    }
    do {
        let replayed = try FlatReplay.replay(changeset, from: old)
        if !FlatReplay.same(replayed, new) { problems.append("replay gives \(replayed): \(changeset)") }
    } catch {
        problems.append("\(error): \(changeset)")
    }
    return problems
}

/// A sectioned list's section model (DifferenceKit's `ArraySection`): the
/// section's id and what its header and footer show.
struct FuzzSectionModel: Differentiable, Equatable, CustomStringConvertible {
    var id: Int
    var text: String
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: FuzzSectionModel) -> Bool { text == source.text }
    var description: String { "\(id):\(text)" }

    /// A Box as DifferenceKit's sections: models and rows as plain values.
    static func sections(of box: BoxGenerators.TestBox) -> [ArraySection<FuzzSectionModel, TextItem>] {
        box.sections.map { section in
            let text = "\(section.header.map { "\($0.value)" } ?? "-")/\(section.footer.map { "\($0.value)" } ?? "-")"
            return ArraySection(
                model: FuzzSectionModel(id: section.id, text: text),
                elements: section.rows.map { TextItem(id: $0.id, text: "\($0.component.value)") })
        }
    }
}

/// What is wrong with the sectioned changeset of `old` -> `new`
/// (DifferenceKit's API): an unexpected error or a duplicate not rejected,
/// a violation of UIKit's rules (the validator replays each stage to its
/// data), a last stage that is not `new`, too many stages.
func sectionedProblems(
    _ old: [ArraySection<FuzzSectionModel, TextItem>], _ new: [ArraySection<FuzzSectionModel, TextItem>],
    options: DiffOptions, limit: Int?, workspace: DiffWorkspace
) -> [String] {
    let rows = (old.flatMap(\.elements), new.flatMap(\.elements))
    let duplicates =
        Set(old.map(\.model.id)).count < old.count || Set(new.map(\.model.id)).count < new.count
        || Set(rows.0.map(\.id)).count < rows.0.count || Set(rows.1.map(\.id)).count < rows.1.count
    let (diff, error) = diffed(duplicates: duplicates, options: options) { () throws(DiffError) in
        try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
    }
    guard let changeset = diff else { return error }
    var problems = changeset.violations(from: old).map(\.description)
    problems += MainActor.assumeIsolated {
        reloadProblems(changeset, from: old, to: new, limit: limit) {
            $0.map { .init(header: $0.model, items: $0.elements) }
        }
    }
    if options.duplicates == .reject && duplicates { problems.append("a duplicate was not rejected") }
    if options.mode == .singleBatch && changeset.count > 1 { problems.append("\(changeset.count) stages in one batch") }
    if options.mode == .staged && changeset.count > 5 { problems.append("\(changeset.count) stages") }
    func same(_ a: [ArraySection<FuzzSectionModel, TextItem>]) -> Bool {
        a.count == new.count
            && zip(a, new).allSatisfy {
                $0.model.id == $1.model.id && $0.model.isContentEqual(to: $1.model)
                    && FlatReplay.same($0.elements, $1.elements)
            }
    }
    if let last = changeset.last, !same(last.data) { problems.append("the last stage is not the target: \(changeset)") }
    if changeset.isEmpty && !same(old) { problems.append("no stage, but the lists differ") }
    return problems
}

/// What is wrong after `ListView.reload(using:interrupt:setData:)` applies
/// `changeset` to a simulated view showing `old` (the DifferenceKit way to
/// apply a changeset), interrupted past `limit` changes when given: the
/// view's issues (UIKit's rules, checked per batch), a screen or data
/// source not showing `new`, a completion not run exactly once.
@MainActor
func reloadProblems<Data>(
    _ changeset: StagedChangeset<Data>, from old: Data, to new: Data, limit: Int?,
    sections: @escaping (Data) -> [SimulatedListView<FuzzSectionModel, TextItem>.Section]
) -> [String] {
    var data = old
    let view = SimulatedListView<FuzzSectionModel, TextItem> { sections(data) }
    var completions = 0
    view.reload(
        using: changeset, interrupt: limit.map { limit in { $0.changeCount > limit } }, setData: { data = $0 },
        completion: { completions += 1 })
    view.finishAnimations()
    var problems = view.issues
    if view.shown != sections(new) { problems.append("shows \(view.shown), expected \(sections(new))") }
    if sections(data) != sections(new) { problems.append("the data source holds \(data)") }
    if completions != 1 { problems.append("completion ran \(completions) times") }
    return problems
}

/// Counts the `==` calls of ``CancellingValue``s and raises a flag at the
/// `at`-th: a diff cancelled from inside, at a point the input chooses.
final class CancelCounter: @unchecked Sendable {
    let flag = DiffCancellationFlag()
    let at: Int
    var calls = 0
    init(at: Int) { self.at = at }
}

/// A row or header value whose `==` counts its calls (``CancelCounter``).
struct CancellingValue: Hashable, Sendable, CustomStringConvertible {
    var text: String
    let counter: CancelCounter
    static func == (a: CancellingValue, b: CancellingValue) -> Bool {
        a.counter.calls += 1
        if a.counter.calls == a.counter.at { a.counter.flag.cancel() }
        return a.text == b.text
    }
    func hash(into hasher: inout Hasher) { hasher.combine(text) }
    var description: String { text }
}

/// `box` with every component and header made a ``CancellingValue`` of
/// what it shows.
func cancelling(_ box: BoxGenerators.TestBox, _ counter: CancelCounter) -> BoxGenerators.TestBox {
    func value(_ component: Component?) -> Component? {
        component.map { Component(CancellingValue(text: "\($0.value)", counter: counter)) }
    }
    return Box(
        sections: box.sections.map { section in
            Section(
                id: section.id, header: value(section.header), footer: value(section.footer),
                rows: section.rows.map { Node(id: $0.id, component: value($0.component)!) })
        })
}

/// What is wrong with a Box diff cancelled at the `at`-th content
/// comparison (`init?(source:target:...cancellation:)`): a changeset it
/// still returns must be right. The caller's next diff on `workspace`
/// checks that the workspace survived the cancel.
func cancelledProblems(
    _ old: BoxGenerators.TestBox, _ new: BoxGenerators.TestBox, at: Int, options: DiffOptions,
    workspace: DiffWorkspace
) -> [String] {
    let counter = CancelCounter(at: at)
    let (old, new) = (cancelling(old, counter), cancelling(new, counter))
    let changeset: StagedChangeset<BoxGenerators.TestBox>?
    do {
        changeset = try StagedChangeset(
            source: old, target: new, options: options, workspace: workspace, cancellation: counter.flag)
    } catch {
        if case .duplicateIdentifier = error, options.duplicates == .reject { return [] }
        return ["unexpected error \(error)"]
    }
    guard let changeset else { return [] }
    return BoxReplay.problems(changeset, from: old, to: new)
}

/// Two Boxes' rows as IGListKit models: keyed by row id, versioned by
/// what the component shows; some new items are the old instance of their
/// key (as the input says), so that pointer personality sees both.
func listItems(_ old: BoxGenerators.TestBox, _ new: BoxGenerators.TestBox, _ input: inout FuzzInput)
    -> ([ListDiffItem], [ListDiffItem])
{
    func items(_ box: BoxGenerators.TestBox) -> [ListDiffItem] {
        TextItem.rows(of: box).map {
            ListDiffItem("k\($0.id)", $0.text.unicodeScalars.reduce(0) { $0 &+ Int($1.value) } % 3)
        }
    }
    let before = items(old)
    var after = items(new)
    for j in after.indices where input.next(2) == 0 {
        if let same = before.first(where: { $0.key == after[j].key }) { after[j] = same }
    }
    return (before, after)
}

/// The workspace every input's diff reuses, as an app's screen does.
nonisolated(unsafe) private var sharedWorkspace: DiffWorkspace?

/// Stops the process with `problems` and the input's decoding, so that
/// libFuzzer keeps the input.
func fail(_ what: String, _ problems: [String], options: DiffOptions, boxes: [BoxGenerators.TestBox]) -> Never {
    var text = "boxdiff-fuzz: \(what) (\(options))\n"
    for (k, box) in boxes.enumerated() { text += "  box \(k): \(box)\n" }
    text += problems.prefix(10).map { "  - \($0)" }.joined(separator: "\n")
    fatalError(text)
}

/// Whether this run fuzzes hand-made changesets (`BOXDIFF_FUZZ_MODE=calls`,
/// CallsFuzz.swift) rather than diffs of decoded Box pairs.
let fuzzesCalls = ProcessInfo.processInfo.environment["BOXDIFF_FUZZ_MODE"] == "calls"

/// Whether this run fuzzes the box mode with renders in the background too
/// (`BOXDIFF_FUZZ_MODE=background`). A mode of its own: the diffs of those
/// renders allocate and free on the concurrency runtime's threads, across
/// the end of an input, so libFuzzer's per-input leak check (run when an
/// input's mallocs and frees do not balance) would scan the heap after
/// most inputs and run the box mode five times slower; this mode runs
/// without it (scripts/fuzz-swift-guided.sh).
let fuzzesBackground = ProcessInfo.processInfo.environment["BOXDIFF_FUZZ_MODE"] == "background"

@_cdecl("LLVMFuzzerTestOneInput")
public func boxDiffFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(bytes: UnsafeBufferPointer(start: data, count: size))
    if fuzzesCalls {
        CallsFuzz.run(&input)
        return 0
    }
    let options = FuzzDecoder.options(&input)
    let idType = input.next(4)
    let validates = input.next(2) == 0
    var fresh = 0
    let old = FuzzDecoder.old(&input, fresh: &fresh)
    let new = FuzzDecoder.new(from: old, &input, fresh: &fresh)
    if sharedWorkspace == nil { sharedWorkspace = try? DiffWorkspace() }
    guard let workspace = sharedWorkspace else { return 0 }

    // 0. A diff cancelled from inside (at the k-th content comparison): a
    // changeset it returns must be right, and the workspace must serve the
    // diffs below.
    if input.next(4) == 0 {
        let cancelled = cancelledProblems(old, new, at: 1 + input.next(12), options: options, workspace: workspace)
        if !cancelled.isEmpty { fail("cancelled diff", cancelled, options: options, boxes: [old, new]) }
    }

    // 1. The changeset, with the decoded id type.
    let found = RandomizedBoxChecks.problems(
        old, new, idType: idType, options: options, validates: validates, workspace: workspace)
    if !found.isEmpty { fail("changeset", found, options: options, boxes: [old, new]) }
    // `reload(using:)`'s interrupt: none, or past a few changes.
    let limit = input.next(3) == 0 ? input.next(8) : nil
    let flat = flatProblems(
        TextItem.rows(of: old), TextItem.rows(of: new), options: options, limit: limit, workspace: workspace)
    if !flat.isEmpty { fail("flat changeset of the rows", flat, options: options, boxes: [old, new]) }
    let sectioned = sectionedProblems(
        FuzzSectionModel.sections(of: old), FuzzSectionModel.sections(of: new), options: options, limit: limit,
        workspace: workspace)
    if !sectioned.isEmpty { fail("sectioned changeset", sectioned, options: options, boxes: [old, new]) }
    let listOption: ListDiffOption = input.next(2) == 0 ? .equality : .pointerPersonality
    let (listOld, listNew) = listItems(old, new, &input)
    let list = ListDiffChecks.problems(old: listOld, new: listNew, option: listOption)
    if !list.isEmpty {
        fail("IGListKit ListDiff (\(listOption)) of the rows", list, options: options, boxes: [old, new])
    }

    // 2. The renderer: old shown, then new and up to three more Boxes, each
    // render animated or not, the animations ending between renders or
    // not, the scratch memory released or not; once, maybe, a render
    // requested from inside the data source's setter (as a setter that
    // re-renders does). Duplicates under `.reject` make the renderer reload
    // everything, which must show the Box too.
    let rebinds = input.next(2) == 0
    let canAnimate = input.next(4) != 0
    var boxes = [new]
    for _ in 0..<input.next(4) { boxes.append(FuzzDecoder.new(from: boxes.last!, &input, fresh: &fresh)) }
    let steps = boxes.map { _ in (animated: input.next(4) != 0, after: input.next(4)) }
    let nestedAt = input.next(3) == 0 ? 1 + input.next(6) : 0
    let nested = FuzzDecoder.new(from: new, &input, fresh: &fresh)
    // From the setter's `loopFrom`-th call on, maybe, the setter re-renders
    // the state the screen last asked for, rebuilt (new class instances):
    // an observer of the data source. The renders must settle. (Read
    // last, and on a 1: an input that ends before it, as the corpus's
    // older seeds do, reads 0s, and keeps the setter quiet as before.)
    let loopFrom = input.next(3) == 1 ? 1 + input.next(6) : 0
    let loopCap = 200
    // In the background mode, two bits per scripted render, read last on
    // the same terms (an input that ends before them reads 0: every render
    // on the main actor): 0 `render`; 1 `renderInBackground`, and on at
    // once; 2 the same, then the main run loop turned until it reached the
    // view; 3 the same, then a few turns of it (its diff may end, or not,
    // before the next render). Then a bit per scripted render: its
    // background task cancelled after that (before its diff ends, or not).
    let backgroundPlan = fuzzesBackground ? input.next(256) : 0
    let cancelPlan = fuzzesBackground ? input.next(16) : 0
    MainActor.assumeIsolated {
        let screen = FuzzScreen(showing: old, options: options, rebinds: rebinds, canAnimate: canAnimate)
        var requested: [BoxGenerators.TestBox] = []
        var completed: [Int] = []
        // The numbers of the renders requested on the main actor, whose
        // completions run in this order.
        var withCompletions: [Int] = []
        var lastBackground: Task<Bool, Never>?
        var lastBackgroundNumber = 0
        var lastBackgroundCancelled = false
        var shownBeforeLastBackground = old
        @MainActor func render(_ box: BoxGenerators.TestBox, animated: Bool) {
            requested.append(box)
            let number = requested.count
            withCompletions.append(number)
            screen.renderer.render(box, animated: animated) { completed.append(number) }
        }
        var setDataCalls = 0
        var state = old
        var loopRenders = 0
        var loopNumbers: Set<Int> = []
        screen.onSetData = {
            setDataCalls += 1
            if setDataCalls == nestedAt { render(nested, animated: true) }
            if loopFrom > 0 && setDataCalls >= loopFrom && loopRenders < loopCap {
                loopRenders += 1
                render(FuzzScreen.rebuilt(state), animated: true)
                loopNumbers.insert(requested.count)
            }
        }
        var backgroundProblems: [String] = []
        for (index, (box, step)) in zip(boxes, steps).enumerated() {
            state = box
            let how = (backgroundPlan >> (2 * index)) & 3
            if how == 0 {
                render(box, animated: step.animated)
            } else {
                shownBeforeLastBackground = screen.renderer.shownBox
                requested.append(box)
                let task = screen.renderer.renderInBackground(box)
                lastBackground = task
                lastBackgroundNumber = requested.count
                if how == 2 && !turnMainRunLoop(until: { !screen.renderer.isRenderingInBackground }) {
                    backgroundProblems.append("background render \(requested.count) never reached the view")
                }
                if how == 3 { turnMainRunLoop(turns: 1 + index) }
                lastBackgroundCancelled = (cancelPlan >> index) & 1 == 1
                if lastBackgroundCancelled { task.cancel() }
            }
            switch step.after {
            case 0: screen.view.finishAnimations()
            case 1: screen.renderer.releaseScratchMemory()
            default: break
            }
        }
        if !turnMainRunLoop(until: { !screen.renderer.isRenderingInBackground }) {
            backgroundProblems.append("the background renders never ended")
        }
        // The last render requested, when in the background, reaches the
        // view: its task yields true. Cancelled, it is dropped if its diff
        // had not ended (the task yields false, the view stays on the Box
        // shown when it was requested), and reaches the view otherwise.
        var expected = requested.last!
        var expectsLast = true
        if let lastBackground, lastBackgroundNumber == requested.count {
            var reached: Bool?
            Task { @MainActor in reached = await lastBackground.value }
            _ = turnMainRunLoop(until: { reached != nil })
            if lastBackgroundCancelled && reached == false {
                expected = shownBeforeLastBackground
                expectsLast = false
            } else if reached != true {
                backgroundProblems.append(
                    "the last render, in the background\(lastBackgroundCancelled ? ", cancelled" : ""), yielded "
                        + String(describing: reached))
            }
        }
        screen.view.finishAnimations()
        screen.onSetData = nil  // it holds `render`, which holds the screen
        var problems = screen.problems(showing: expected)
        if loopRenders >= loopCap {
            problems.append("a setter re-rendering its state never settled (\(loopCap) renders)")
        }
        // The setter's last re-render, differing from the shown Box only in
        // class instances, is not applied when it was requested while the
        // setter was handed such a Box (the renderer's loop guard): the
        // view must show the data source's Box, the same but for those
        // instances. (So when the Box expected is the one shown before a
        // cancelled background render, if the setter re-rendered.)
        let expectsLoopRender = expectsLast ? loopNumbers.contains(requested.count) : loopRenders > 0
        if !problems.isEmpty && expectsLoopRender && FuzzScreen.matchesButInstances(screen.box, expected) {
            problems = screen.problems(showing: screen.box)
        }
        problems += backgroundProblems
        if completed != withCompletions {
            problems.append("completions ran as \(completed) for the renders \(withCompletions)")
        }
        if !problems.isEmpty {
            fail(
                "render (rebinds \(rebinds), canAnimate \(canAnimate), steps \(steps), nested at \(nestedAt), "
                    + "background plan \(backgroundPlan), cancel plan \(cancelPlan))",
                problems, options: options, boxes: [old] + requested)
        }
    }
    return 0
}

/// Turns the main run loop (which runs the main actor's jobs here, as
/// Dispatch's main queue) until `done` holds, at most for 10 s; whether it
/// did.
@MainActor func turnMainRunLoop(until done: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: 10)
    while !done() {
        if Date() > deadline { return false }
        _ = RunLoop.main.run(mode: .default, before: Date())
    }
    return true
}

/// Turns the main run loop `turns` times.
@MainActor func turnMainRunLoop(turns: Int) {
    for _ in 0..<turns { _ = RunLoop.main.run(mode: .default, before: Date()) }
}
