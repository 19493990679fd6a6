import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

// `PartlyHashed` (Hashing/ContentEqualityTests.swift): a legal `Hashable`
// whose hash covers only its id.

@Suite("Validator: contents compared by ==")
struct ContentNumberingTests {
    /// A row and a header whose content hash stays while `==` says they
    /// changed: the diff reloads them, and the replay check must count them
    /// as changed (it compared hashes and reported "reload of unchanged
    /// content", so `validatesChangesets` trapped on a correct diff).
    @Test(arguments: [UpdateStyle.reload, .reconfigure], [BatchMode.staged, .singleBatch])
    func equalHashesDifferentValuesAreChanges(_ style: UpdateStyle, _ mode: BatchMode) throws {
        func box(_ text: String) -> Box<Int, Int> {
            Box(sections: [
                Section(
                    id: 0, header: Component(PartlyHashed(id: 1, text: text)),
                    rows: [
                        Node(id: 1, component: PartlyHashed(id: 7, text: text)),
                        Node(id: 2, component: PartlyHashed(id: 7, text: "same")),
                    ])
            ])
        }
        let old = box("a")
        let new = box("b")
        #expect(
            Component(PartlyHashed(id: 7, text: "a")).contentHash
                == Component(PartlyHashed(id: 7, text: "b")).contentHash)
        var options = DiffOptions()
        options.updateStyle = style
        options.mode = mode
        let changeset = try StagedChangeset(source: old, target: new, options: options)
        #expect(changeset.changeCount > 0)
        #expect(changeset.violations(from: old).isEmpty, "\(changeset.violations(from: old))")
        _ = try StagedChangeset(source: old, target: new, options: options).validated(from: old)
    }

    /// Equal components get one number and different ones different
    /// numbers, whatever their hashes.
    @Test func numbersFollowEquality() {
        let numbering = ContentNumbering()
        let a = Component(PartlyHashed(id: 1, text: "a"))
        let b = Component(PartlyHashed(id: 1, text: "b"))
        let n = numbering.number(a.contentHash, a)
        #expect(numbering.number(b.contentHash, b) != n)
        #expect(numbering.number(a.contentHash, Component(PartlyHashed(id: 1, text: "a"))) == n)
        #expect(numbering.number(5, a, nil) != numbering.number(5, b, nil))
    }

    /// A section's number follows its footer's `==` too, not only its
    /// header's: two footers sharing a hash are told apart.
    @Test func sectionNumbersFollowTheFootersEquality() {
        let numbering = ContentNumbering()
        let header = Component(PartlyHashed(id: 1, text: "header"))
        let a = Component(PartlyHashed(id: 2, text: "a"))
        let b = Component(PartlyHashed(id: 2, text: "b"))
        let n = numbering.number(9, header, a)
        #expect(numbering.number(9, header, b) != n)
        #expect(numbering.number(9, header, Component(PartlyHashed(id: 2, text: "a"))) == n)
    }

    /// Occurrences of equal values are equal only when their identities
    /// are `==`, not merely of one hash.
    @Test func occurrencesOfIdentitiesSharingAHashAreNotEqual() {
        let occurrences = ContentOccurrences<Int, PartlyHashed>(isContentEqual: ==)
        let x = occurrences.occurrence(of: 5, id: PartlyHashed(id: 1, text: "x"))
        let y = occurrences.occurrence(of: 5, id: PartlyHashed(id: 1, text: "y"))
        let xAgain = occurrences.occurrence(of: 5, id: PartlyHashed(id: 1, text: "x"))
        #expect(!occurrences.equal(x, y))
        #expect(occurrences.equal(x, xAgain))
        #expect(occurrences.equal(xAgain, x))
    }
}
