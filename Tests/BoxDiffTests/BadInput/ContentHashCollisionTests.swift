import BoxDiffTestSupport
import BoxDiffValidation
import Foundation
import Testing

@testable import BoxDiff

// Contents and ids crafted to share their unseeded XXH3.

@Suite("Bad input: contents and ids sharing one XXH3")
struct ContentHashCollisionTests {
    static let a = xxh3String(1, crafted: true)
    static let b = xxh3String(2, crafted: true)

    @Test func premise() {
        #expect(Self.a != Self.b)
        #expect(Component(Self.a).contentHash == Component(Self.b).contentHash)
        #expect(IdentityHashing.hash(Self.a) == IdentityHashing.hash(Self.b))
    }

    static var allOptions: [DiffOptions] {
        var list: [DiffOptions] = []
        for algorithm in DiffAlgorithm.allCases {
            for mode in BatchMode.allCases {
                for style in UpdateStyle.allCases {
                    for dup in DuplicatePolicy.allCases {
                        list.append(DiffOptions(algorithm: algorithm, duplicates: dup, mode: mode, updateStyle: style))
                    }
                }
            }
        }
        return list
    }

    /// Row content changes from a to b (one hash): must be an update, in every option set.
    @Test(arguments: allOptions)
    func boxRowContentCollisionIsUpdated(options: DiffOptions) throws {
        for shape in 0..<4 {
            let oldRows: [Node<Int>] = [
                Node(id: 1, component: Component(Self.a)), Node(id: 2, component: Component("x")),
            ]
            let newRows: [Node<Int>] =
                shape == 1
                ? [Node(id: 2, component: Component("x")), Node(id: 1, component: Component(Self.b))]
                : [Node(id: 1, component: Component(Self.b)), Node(id: 2, component: Component("x"))]
            let old: Box<Int, Int>
            let new: Box<Int, Int>
            if shape == 2 {
                old = Box(sections: [Section(id: 0, rows: [oldRows[0]]), Section(id: 1, rows: [oldRows[1]])])
                new = Box(sections: [Section(id: 1, rows: [newRows[1]]), Section(id: 0, rows: [newRows[0]])])
            } else if shape == 3 {
                old = Box(sections: [Section(id: 0, rows: oldRows)])
                new = Box(sections: [Section(id: 0, rows: newRows), Section(id: 9, rows: [])])
            } else {
                old = Box(sections: [Section(id: 0, rows: oldRows)])
                new = Box(sections: [Section(id: 0, rows: newRows)])
            }
            let c = try StagedChangeset(source: old, target: new, options: options)
            #expect(!c.isEmpty, "shape \(shape)")
            #expect(c.applied(to: old) == new, "shape \(shape)")
            #expect(c.violations(from: old).isEmpty, "shape \(shape)")
        }
    }

    @Test(arguments: allOptions)
    func boxHeaderCollisionIsUpdated(options: DiffOptions) throws {
        let old = Box<Int, Int>(sections: [
            Section(id: 0, header: Component(Self.a), rows: [Node(id: 1, component: Component(1))])
        ])
        let new = Box<Int, Int>(sections: [
            Section(id: 0, header: Component(Self.b), rows: [Node(id: 1, component: Component(1))])
        ])
        let c = try StagedChangeset(source: old, target: new, options: options)
        #expect(!c.isEmpty)
        #expect(c.applied(to: old) == new)
        #expect(c.violations(from: old).isEmpty)
    }

    /// Two distinct String row ids sharing one identity hash: never paired, never a duplicate.
    @Test(arguments: allOptions)
    func boxRowIDCollision(options: DiffOptions) throws {
        let old = Box<Int, String>(sections: [Section(id: 0, rows: [Node(id: Self.a, component: Component(1))])])
        let new = Box<Int, String>(sections: [
            Section(
                id: 0, rows: [Node(id: Self.b, component: Component(1)), Node(id: Self.a, component: Component(1))])
        ])
        let c = try StagedChangeset(source: old, target: new, options: options)
        #expect(c.applied(to: old) == new)
        #expect(c.violations(from: old).isEmpty)
        let c2 = try StagedChangeset(source: new, target: old, options: options)
        #expect(c2.applied(to: new) == old)
    }

    @Test(arguments: allOptions)
    func boxSectionIDCollision(options: DiffOptions) throws {
        let old = Box<String, Int>(sections: [Section(id: Self.a, rows: [Node(id: 1, component: Component(1))])])
        let new = Box<String, Int>(sections: [
            Section(id: Self.b, rows: [Node(id: 2, component: Component(1))]),
            Section(id: Self.a, rows: [Node(id: 1, component: Component(1))]),
        ])
        let c = try StagedChangeset(source: old, target: new, options: options)
        #expect(c.applied(to: old) == new)
        #expect(c.violations(from: old).isEmpty)
    }

    /// The `==`-numbered inputs (`replaySteps(from:)`) catch both.
    @Test func numberedReplayInputsCatchTheMissedUpdate() throws {
        for (a, b) in [
            (Component(Self.a), Component(Self.b)),
            (Component(PartlyHashed(id: 1, text: "old")), Component(PartlyHashed(id: 1, text: "new"))),
        ] {
            let old = Box<Int, Int>(sections: [Section(id: 0, rows: [Node(id: 1, component: a)])])
            let new = Box<Int, Int>(sections: [Section(id: 0, rows: [Node(id: 1, component: b)])])
            let right = try StagedChangeset(source: old, target: new)
            let (before, steps) = right.replaySteps(from: old)
            #expect(BatchUpdateValidator().violations(from: before, to: steps.last!.afterState!, steps: steps).isEmpty)
            // The same stage without its reload.
            var stage = right[0]
            stage.elementUpdated = []
            let wrong = StagedChangeset([stage])
            let (before2, steps2) = wrong.replaySteps(from: old)
            #expect(
                !BatchUpdateValidator().violations(from: before2, to: steps2.last!.afterState!, steps: steps2).isEmpty)
        }
    }
}
