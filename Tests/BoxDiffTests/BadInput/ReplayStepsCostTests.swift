import BoxDiffTestSupport
import BoxDiffValidation
import Foundation
import Testing

@testable import BoxDiff

// Review H: the public flat and sectioned `replaySteps()` file contents per
// id in `HashBuckets`, keyed by the id's own `hashValue`. A `Data` id's
// reads its count and first 80 bytes, a `Decimal`'s is its double's, so
// distinct ids (not one id repeated, the documented quadratic case) that
// share it fall in one bucket, each compared with every earlier one.

private struct DataIDItem: Differentiable {
    var id: Data
    var text: Int
    var differenceIdentifier: Data { id }
    func isContentEqual(to source: DataIDItem) -> Bool { text == source.text }
}

@Suite("Review H: replaySteps with ids sharing a hashValue")
struct ReplayStepsCostTests {
    static let n = 2_500

    fileprivate static func flat(_ late: Bool, target: Bool) -> [DataIDItem] {
        let items = (0..<n).map { DataIDItem(id: dataDiffering($0, late: late), text: target ? $0 + 1 : $0) }
        return target ? items.reversed() : items
    }

    @Test func flatReplayStepsWithDataIDsSharingHashValue() throws {
        var times: [Bool: Double] = [:]
        for late in [false, true] {
            let c = try StagedChangeset(source: Self.flat(late, target: false), target: Self.flat(late, target: true))
            times[late] = cpuSeconds { _ = c.replaySteps() }
        }
        #expect(times[true]! <= 5 * times[false]! + 0.05, "crafted \(times[true]!) s, control \(times[false]!) s")
    }

    @Test func sectionedReplayStepsWithDataIDsSharingHashValue() throws {
        func sections(_ late: Bool, target: Bool) -> [ArraySection<Int, DataIDItem>] {
            let items = Self.flat(late, target: target)
            return stride(from: 0, to: items.count, by: 10).map {
                ArraySection(model: $0, elements: items[$0..<min($0 + 10, items.count)])
            }
        }
        var times: [Bool: Double] = [:]
        for late in [false, true] {
            let c = try StagedChangeset(source: sections(late, target: false), target: sections(late, target: true))
            times[late] = cpuSeconds { _ = c.replaySteps() }
        }
        #expect(times[true]! <= 5 * times[false]! + 0.05, "crafted \(times[true]!) s, control \(times[false]!) s")
    }
}
