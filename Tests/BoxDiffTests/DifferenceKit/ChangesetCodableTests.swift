import BoxDiff
import Foundation
import Testing

/// JSON for paths, moves, batches, stages and staged changesets, as a
/// server-driven UI sends them.
@Suite("DifferenceKit porting: JSON")
struct ChangesetCodableTests {
    private func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    @Test func elementPathKeys() throws {
        #expect(try json(ElementPath(element: 3, section: 0)) == #"{"element":3,"section":0}"#)
        #expect(try decode(ElementPath.self, #"{"section":2,"element":5}"#) == ElementPath(element: 5, section: 2))
        #expect(throws: DecodingError.self) { try decode(ElementPath.self, #"{"section":2,"row":5}"#) }
        #expect(throws: DecodingError.self) { try decode(ElementPath.self, #"{"section":-1,"element":5}"#) }
        #expect(throws: DecodingError.self) { try decode(ElementPath.self, #"{"section":0,"element":-5}"#) }
    }

    @Test func moveKeys() throws {
        #expect(try json(Move(source: 2, target: 0)) == #"{"source":2,"target":0}"#)
        let row = Move(source: ElementPath(element: 1, section: 0), target: ElementPath(element: 0, section: 4))
        #expect(
            try json(row) == #"{"source":{"element":1,"section":0},"target":{"element":0,"section":4}}"#)
        #expect(try decode(Move<ElementPath>.self, try json(row)) == row)
        #expect(throws: DecodingError.self) { try decode(Move<Int>.self, #"{"source":2,"destination":0}"#) }
    }

    @Test func batchUpdateOmitsEmptyListsAndReadsMissingOnesAsEmpty() throws {
        #expect(try json(BatchUpdate()) == "{}")
        #expect(try decode(BatchUpdate.self, "{}") == BatchUpdate())
        let update = BatchUpdate(sectionDeleted: [2], elementInserted: [ElementPath(element: 0, section: 1)])
        #expect(try json(update) == #"{"elementInserted":[{"element":0,"section":1}],"sectionDeleted":[2]}"#)
        let sent =
            #"{"sectionMoved":[{"source":1,"target":0}],"elementReconfigured":[{"section":0,"element":2}],"extra":true}"#
        #expect(
            try decode(BatchUpdate.self, sent)
                == BatchUpdate(
                    sectionMoved: [Move(source: 1, target: 0)],
                    elementReconfigured: [ElementPath(element: 2, section: 0)]))
    }

    @Test func changesetKeepsDataBesideTheLists() throws {
        let stage = Changeset(
            data: ["a", "c"], sectionUpdated: [0], elementDeleted: [ElementPath(element: 1, section: 0)],
            elementMoved: [
                Move(source: ElementPath(element: 2, section: 0), target: ElementPath(element: 0, section: 0))
            ])
        let text = try json(stage)
        #expect(
            text == #"{"data":["a","c"],"elementDeleted":[{"element":1,"section":0}],"#
                + #""elementMoved":[{"source":{"element":2,"section":0},"target":{"element":0,"section":0}}],"#
                + #""sectionUpdated":[0]}"#)
        #expect(try decode(Changeset<[String]>.self, text) == stage)
        #expect(try decode(Changeset<[Int]>.self, #"{"data":[]}"#) == Changeset(data: [Int]()))
        #expect(throws: DecodingError.self) { try decode(Changeset<[Int]>.self, #"{"elementDeleted":[]}"#) }
    }

    @Test func stagedChangesetRoundTrips() throws {
        let changeset = try StagedChangeset(source: ["a", "b", "c", "d", "e"], target: ["e", "a", "x", "c", "b"])
        #expect(changeset.count >= 2)
        let back = try decode(StagedChangeset<[String]>.self, try json(changeset))
        #expect(back == changeset)
        #expect(back.map(\.data) == changeset.map(\.data))
        #expect("\(back)" == "\(changeset)")

        let reload = StagedChangeset([Changeset(data: [1, 2])], reloadsEverything: true, isMinimal: false)
        let reloadJSON = try json(reload)
        #expect(reloadJSON == #"{"isMinimal":false,"reloadsEverything":true,"stages":[{"data":[1,2]}]}"#)
        let reloadBack = try decode(StagedChangeset<[Int]>.self, reloadJSON)
        #expect(reloadBack.reloadsEverything && !reloadBack.isMinimal && reloadBack == reload)

        let minimal = try decode(StagedChangeset<[Int]>.self, #"{"stages":[]}"#)
        #expect(minimal.isEmpty && !minimal.reloadsEverything && minimal.isMinimal)
    }

    @Test func randomFlatDiffsRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let old = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Int.random(in: 0...15, using: &generator)
            }
            let new = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Int.random(in: 0...15, using: &generator)
            }
            let changeset = try StagedChangeset(source: old, target: new)
            let back = try decode(StagedChangeset<[Int]>.self, try json(changeset))
            #expect(back == changeset, "old \(old), new \(new)")
        }
    }
}
