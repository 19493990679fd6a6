import BoxDiffTestSupport
import BoxDiffValidation
import Foundation
import Testing

@testable import BoxDiff

// `Decimal` ids and contents chosen by whoever supplies them (ids past
// Int64 decoded as `Decimal` to keep every digit, amounts). `Decimal`'s own
// `hashValue` is its double's, so the up to 38-digit decimals that round to
// one double all hashed alike: as ids, the exact numbering that told them
// apart compared each with every earlier one; as contents, the validator
// filed them under one hash. Both were quadratic (found by review,
// 2026-11-29; a release build, 4,000 flat ids: 1.78 s against 0.0019 s for
// decimals with distinct doubles, 243x at 1,000, 480x at 2,000, 964x at
// 4,000). Colliding decimals are now told apart (and contents filed) by
// their digits, through XXH3; the diff still hashes them with `hashValue`,
// 20 ns against about 1 µs for the digits.

/// A decimal with 30 significant digits: `1.000…0` followed by the digits
/// of `i + 1,000,000` (`crafted`: all round to the double 1.0), or
/// `i + 0.5` (distinct doubles).
private func decimal(_ i: Int, crafted: Bool) -> Decimal {
    Decimal(string: crafted ? "1.0000000000000000000000\(i + 1_000_000)" : "\(i).5")!
}

private struct Amount: Differentiable {
    var id: Decimal
    var differenceIdentifier: Decimal { id }
    func isContentEqual(to source: Amount) -> Bool { true }
}

@Suite struct DecimalIdentityTests {
    @Test func decimalIDsSharingADoubleCostWhatOthersCost() throws {
        func flat(_ n: Int, crafted: Bool) -> [Amount] {
            (0..<n).map { Amount(id: decimal($0, crafted: crafted)) }
        }
        let n = 2_500
        let crafted = flat(n, crafted: true)
        #expect(Set(crafted.map(\.id.hashValue)).count == 1)
        // Linear in the number of such ids: four times as many cost about
        // four times as much, where telling them apart one by one cost
        // sixteen (0.14 s and 2.2 s at 1,250 and 5,000, debug build, before
        // the fix). Not a ratio to decimals with distinct doubles, as the
        // other such tests are: those are never read, these are (a
        // description each), and under AddressSanitizer that reading alone
        // ran to 50 times the control (0.217 s against 0.004 s).
        let times = try [1_250, 5_000].map { count in
            let ids = flat(count, crafted: true)
            return try cpuSeconds { _ = try StagedChangeset(source: ids, target: ids.reversed()) }
        }
        #expect(times[1] <= 8 * times[0] + 0.05, "\(times[0]) s at 1,250, \(times[1]) s at 5,000")
        let changeset = try StagedChangeset(source: crafted, target: crafted.reversed())
        #expect(changeset.violations(from: crafted).isEmpty)
        #expect(changeset.stages.flatMap(\.elementMoved).count == n - 1)
    }

    @Test func decimalContentsSharingADoubleValidateLikeOthers() throws {
        let n = 1_500
        func box(_ crafted: Bool, target: Bool) -> Box<Int, Int> {
            let rows = (0..<n).map { i in
                Node(id: i, component: Component(decimal(target ? n + i : i, crafted: crafted)))
            }
            return Box(sections: [Section(id: 0, rows: rows)])
        }
        let crafted = (box(true, target: false), box(true, target: true))
        let control = (box(false, target: false), box(false, target: true))
        let craftedChangeset = try expectValidatesLikeControl(crafted: crafted, control: control)
        #expect(craftedChangeset.stages.flatMap(\.elementUpdated).count == n)
    }

    /// Equal decimals written differently are one id; different ones, even
    /// with one double, are not.
    @Test func equalDecimalsAreOneID() throws {
        let old = ["1.0", "100", "-0.500", "0", "123456789012345678901234567890"].map {
            Amount(id: Decimal(string: $0)!)
        }
        let new = [
            Decimal(1), Decimal(sign: .plus, exponent: 2, significand: 1), Decimal(string: "-0.5")!,
            Decimal(sign: .minus, exponent: 3, significand: 0),
            Decimal(string: "123456789012345678901234567890.000")!,
        ].map { Amount(id: $0) }
        for (a, b) in zip(old, new) {
            let changeset = try StagedChangeset(source: [a], target: [b])
            #expect(changeset.isEmpty == (a.id == b.id), "\(a.id) and \(b.id)")
        }
        let apart = [Amount(id: decimal(1, crafted: true))]
        #expect(try !StagedChangeset(source: apart, target: [Amount(id: decimal(2, crafted: true))]).isEmpty)
    }
}
