import BoxDiff
import BoxDiffTestSupport
import BoxDiffValidation
import Foundation

func makeBoxEngine(sections: Int, cold: Bool, options: DiffOptions = DiffOptions()) -> Result<BenchEngine, BenchFailure>
{
    .success(BoxEngine(sections: sections, cold: cold, options: options))
}

/// The sectioned Box API: `StagedChangeset(source: Box, target: Box)` in
/// staged mode, with one reused `DiffWorkspace`.
///
/// The workload's lists become Boxes (untimed): the old list is cut into
/// `sections` sections of equal size (section ids 0, 1, ...); in the new
/// list a kept row stays in its old section, except that a further
/// `move / 2` fraction of kept rows moves to a random other section (cross-
/// section moves), and an inserted row joins the section of the row before
/// it. Rows keep the new list's order within their section. With the
/// `mix` preset, one in fifty sections (at least one when there are two or
/// more) moves to a random place; other presets keep the section order.
/// Each row's component is its element's content (a `UInt64`), or with
/// `--content string` that content as a `String` (not an exact content
/// kind, so the diff confirms equal content hashes with `==`, as for most
/// apps' components).
///
/// `box`: as in an app, the old Box was already diffed on the previous
/// render, so its identity table is cached before timing; the new Box is
/// fresh each run, so hashing it is timed. `box-cold`: both Boxes are fresh
/// each run, so both tables are computed in the timed part.
final class BoxEngine: BenchEngine {
    let name: String
    let sectionCount: Int
    let cold: Bool
    /// The diff options (the batch mode), also of the `diff` and `render`
    /// engines over this engine's Boxes.
    let options: DiffOptions
    private var workspace: DiffWorkspace?
    /// The old Box (its identity table cached after `prepare`).
    private(set) var old = Box<Int, UUID>.empty
    private var newSections: [Section<Int, UUID>] = []
    private var changeset: StagedChangeset<Box<Int, UUID>>?

    /// Whether rows hold their content as a `String` (`--content string`),
    /// set once at start, before any engine is made.
    nonisolated(unsafe) static var stringContent = false

    /// A row's component: `content`, or its decimal `String`.
    static func component(_ content: UInt64) -> Component {
        stringContent ? Component(String(content)) : Component(content)
    }

    init(sections: Int, cold: Bool, options: DiffOptions = DiffOptions()) {
        sectionCount = max(1, sections)
        self.cold = cold
        self.options = options
        name = (cold ? EngineName.boxCold : EngineName.box).rawValue
    }

    func prepare(_ workload: Workload) throws {
        changeset = nil
        workspace = try DiffWorkspace()
        var rng = SeededGenerator(seed: 0xB0C5 ^ UInt64(workload.count))
        let s = sectionCount
        // Old: equal chunks.
        var sectionOf: [UUID: Int] = [:]
        sectionOf.reserveCapacity(workload.old.count)
        var oldRows = [[Node<UUID>]](repeating: [], count: s)
        for (i, item) in workload.old.enumerated() {
            let k = workload.old.isEmpty ? 0 : i * s / workload.old.count
            sectionOf[item.id] = k
            oldRows[k].append(Node(id: item.id, component: Self.component(item.content)))
        }
        // New: kept rows stay, some jump section, inserts follow their predecessor.
        let jump = workload.preset == .mix ? UInt64(max(0, min(1, workload.mix.move / 2)) * 1_000_000) : 0
        var newRows = [[Node<UUID>]](repeating: [], count: s)
        var previous = 0
        for item in workload.new {
            var k = sectionOf[item.id] ?? previous
            if sectionOf[item.id] != nil, s > 1, rng.next() % 1_000_000 < jump {
                k = (k + 1 + Int(rng.next() % UInt64(s - 1))) % s
            }
            newRows[k].append(Node(id: item.id, component: Self.component(item.content)))
            previous = k
        }
        old = Box(sections: (0..<s).map { Section(id: $0, header: Component("Section \($0)"), rows: oldRows[$0]) })
        // Sections move only in a mix that moves rows (`--move 0`: the
        // same sections in the same order, as most renders of an app).
        var order = Array(0..<s)
        if s >= 2, workload.preset == .mix, workload.mix.move > 0 {
            for _ in 0..<max(1, s / 50) {
                let from = Int(rng.next() % UInt64(s))
                let to = Int(rng.next() % UInt64(s))
                order.insert(order.remove(at: from), at: to)
            }
        }
        newSections = order.map { Section(id: $0, header: Component("Section \($0)"), rows: newRows[$0]) }
        // The previous render diffed `old`: its identity table is cached.
        _ = try StagedChangeset(source: old, target: old, options: options, workspace: workspace)
    }

    /// A fresh new Box (its identity table not computed yet).
    var newBox: Box<Int, UUID> { Box(sections: newSections) }

    func run(_ workload: Workload) throws {
        changeset = nil
        let new = Box(sections: newSections)
        let source = cold ? Box(sections: old.sections) : old
        changeset = try StagedChangeset(source: source, target: new, options: options, workspace: workspace)
    }

    func outcome(_ workload: Workload) -> Outcome { changeset.map(Outcome.init) ?? Outcome() }

    /// Applies the stages to the old Box (must give the new one) and runs
    /// the batch-update validator over them.
    func check(_ workload: Workload) throws {
        guard let changeset else { throw BenchFailure("box: no changeset") }
        // `applied(to:)` of a reload-everything plan is its data, the target:
        // it would pass the replay below without a single batch call.
        guard !changeset.reloadsEverything else { throw BenchFailure("box: the changeset reloads everything") }
        let new = Box(sections: newSections)
        guard changeset.applied(to: old) == new else {
            throw BenchFailure("box: applying the stages does not give the new Box")
        }
        let violations = changeset.violations(from: old)
        if let first = violations.first {
            throw BenchFailure("box: \(violations.count) batch-update violations, first: \(first)")
        }
    }

    func finish() {
        changeset = nil
        workspace = nil
        old = .empty
        newSections = []
    }
}
