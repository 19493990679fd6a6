import Foundation
import Testing

@testable import BoxDiff

/// `IndexSet(runsOf:)`, the section sets the updater hands the view, holds
/// exactly the listed indexes, whatever their order and runs.
struct IndexSetRunsTests {
    @Test func knownLists() {
        let lists: [[Int]] = [
            [], [0], [7], [0, 1, 2], [2, 3, 9, 10, 11, 40], [5, 4, 3], [3, 1, 2], [1, 1, 2], [0, 2, 4, 6],
        ]
        for list in lists {
            #expect(IndexSet(runsOf: list) == IndexSet(list), "\(list)")
        }
    }

    @Test func randomLists() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let count = Int.random(in: 0...30, using: &generator)
            var list = (0..<count).map { _ in Int.random(in: 0..<40, using: &generator) }
            if Bool.random(using: &generator) { list = Array(Set(list)).sorted() }
            let set = IndexSet(runsOf: list)
            #expect(set == IndexSet(list), "\(list)")
            #expect(set.count == Set(list).count)
        }
    }
}
