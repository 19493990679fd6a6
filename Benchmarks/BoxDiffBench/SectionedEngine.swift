import BoxDiff
import BoxDiffValidation
import Foundation

/// The sectioned API of DifferenceKit's users:
/// `StagedChangeset(source: [ArraySection], target: [ArraySection])` over
/// the `box` engine's sections (the same split, section moves and cross-
/// section moves; section models their ids), each element a `BenchItem`
/// (`differenceIdentifier` its UUID, `isContentEqual(to:)` its content),
/// with one reused `DiffWorkspace`. Both sides are fresh values each run,
/// as a sectioned diff keeps nothing between diffs: mapping them to the
/// Box engine's form is timed.
///
/// Not in the default suite (name it: `--engines flat,box,sectioned`).
final class SectionedEngine: BenchEngine {
    let name = EngineName.sectioned.rawValue
    /// The diff options (the batch mode).
    let options: DiffOptions
    private let boxes: BoxEngine
    private var workspace: DiffWorkspace?
    private var old: [ArraySection<Int, BenchItem>] = []
    private var new: [ArraySection<Int, BenchItem>] = []
    private var changeset: StagedChangeset<[ArraySection<Int, BenchItem>]>?

    init(sections: Int, options: DiffOptions = DiffOptions()) {
        self.options = options
        boxes = BoxEngine(sections: sections, cold: false, options: options)
    }

    func prepare(_ workload: Workload) throws {
        changeset = nil
        workspace = try DiffWorkspace()
        try boxes.prepare(workload)
        defer { boxes.finish() }
        old = try Self.sections(of: boxes.old)
        new = try Self.sections(of: boxes.newBox)
    }

    /// The Box's sections as `ArraySection`s of the elements its rows hold.
    static func sections(of box: Box<Int, UUID>) throws -> [ArraySection<Int, BenchItem>] {
        try box.sections.map { section in
            ArraySection(
                model: section.id,
                elements: try section.rows.map { row in
                    // `--content string` gives the Box rows their content
                    // as a String; the sections hold it as a UInt64 anyway.
                    guard
                        let content = row.component.value(as: UInt64.self)
                            ?? row.component.value(as: String.self).flatMap({ UInt64($0) })
                    else {
                        throw BenchFailure("sectioned: a row without a UInt64 (or decimal String) component")
                    }
                    return BenchItem(id: row.id, content: content)
                })
        }
    }

    func run(_ workload: Workload) throws {
        changeset = nil
        changeset = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
    }

    func outcome(_ workload: Workload) -> Outcome { changeset.map(Outcome.init) ?? Outcome() }

    /// The last stage's data must be the new sections, and the batch-update
    /// validator must accept the stages from the old ones.
    func check(_ workload: Workload) throws {
        guard let changeset else { throw BenchFailure("sectioned: no changeset") }
        guard (changeset.stages.last?.data ?? old) == new else {
            throw BenchFailure("sectioned: the last stage's data is not the new sections")
        }
        let violations = changeset.violations(from: old)
        if let first = violations.first {
            throw BenchFailure("sectioned: \(violations.count) batch-update violations, first: \(first)")
        }
    }

    func finish() {
        changeset = nil
        workspace = nil
        old = []
        new = []
    }
}
