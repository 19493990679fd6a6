import BoxDiff
import BoxDiffTestSupport
import PropertyBased
import Testing

typealias UpdaterSection = ArraySection<String, TextItem>
typealias SectionScreen = UpdaterScreen<[UpdaterSection], String, TextItem>

extension UpdaterScreen where Data == [UpdaterSection], Header == String, Item == TextItem {
    /// A simulated view showing `sections`: each header its model, each
    /// cell its element.
    convenience init(sections: [UpdaterSection]) {
        self.init(showing: sections) { $0.map { View.Section(header: $0.model, items: $0.elements) } }
    }
}

/// ArraySection changesets through the updater.
@Suite("List view updater: ArraySection")
@MainActor
struct UpdaterSectionTests {
    /// Random sections (ids from small pools, so sections and elements are
    /// deleted, inserted, moved, also across sections, and changed).
    static func sections(using rng: inout SeededGenerator) -> [UpdaterSection] {
        let sectionIDs = Array(Array(0..<6).shuffled(using: &rng).prefix(Int.random(in: 0...4, using: &rng)))
        var itemIDs = Array(0..<24).shuffled(using: &rng)[...]
        return sectionIDs.indices.map { k in
            let count = Int.random(in: 0...5, using: &rng)
            let items = itemIDs.prefix(count).map {
                TextItem(id: $0, text: "v\(Int.random(in: 0...1, using: &rng))")
            }
            itemIDs = itemIDs.dropFirst(count)
            return UpdaterSection(model: "s\(sectionIDs[k])", elements: items)
        }
    }

    @Test func aKnownChangesetEndsShowingTheTarget() throws {
        let old = [
            UpdaterSection(model: "A", elements: [TextItem(id: 1, text: "a"), TextItem(id: 2, text: "b")]),
            UpdaterSection(model: "B", elements: [TextItem(id: 3, text: "c")]),
        ]
        let new = [
            UpdaterSection(model: "B", elements: [TextItem(id: 3, text: "c"), TextItem(id: 1, text: "A")]),
            UpdaterSection(model: "A", elements: [TextItem(id: 2, text: "b"), TextItem(id: 4, text: "d")]),
        ]
        for options in updaterOptionGrid {
            let changeset = try StagedChangeset(source: old, target: new, options: options)
            let screen = SectionScreen(sections: old)
            screen.apply(changeset)
            screen.view.finishAnimations()
            #expect(screen.problems(showing: new) == [], "\(optionName(options))")
        }
    }

    @Test func randomSectionsEndShowingTheTarget() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            var rng = SeededGenerator(seed: seed)
            let old = Self.sections(using: &rng)
            let new = Self.sections(using: &rng)
            for options in updaterOptionGrid {
                let changeset = try StagedChangeset(source: old, target: new, options: options)
                let screen = SectionScreen(sections: old)
                screen.apply(changeset)
                screen.view.finishAnimations()
                let problems = screen.problems(showing: new)
                #expect(problems.isEmpty, "seed \(seed) \(optionName(options)): \(problems)\nold \(old)\nnew \(new)")
            }
        }
    }
}
