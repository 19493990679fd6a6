import BoxDiffIGListKit
import Foundation
import Testing

/// A model whose identifier is whatever object it was given.
private final class AnyIDModel: ListDiffable {
    let id: NSObjectProtocol
    let version: Int
    init(_ id: NSObjectProtocol, _ version: Int = 0) {
        self.id = id
        self.version = version
    }
    func diffIdentifier() -> NSObjectProtocol { id }
    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool { (object as? AnyIDModel)?.version == version }
}

@Suite struct EqualIdentifiersHashAlikeTests {
    /// `NSDecimalNumber` and `NSNumber` identifiers that `isEqual(_:)`
    /// calls equal (both ways, on Linux) must pair, as IGListKit's table
    /// (hash, then isEqual) pairs them when their hashes agree.
    @Test(arguments: ["0.5", "1.5", "100000000000000000000", "18446744073709551615"])
    func decimalAndNumberThatAreEqualPair(text: String) {
        let decimal = NSDecimalNumber(string: text)
        let number: NSNumber =
            text == "18446744073709551615" ? NSNumber(value: UInt64.max) : NSNumber(value: Double(text)!)
        #expect(decimal.isEqual(number) && number.isEqual(decimal))
        let result = ListDiff(oldArray: [AnyIDModel(decimal)], newArray: [AnyIDModel(number)], option: .equality)
        #expect(result.inserts.isEmpty && result.deletes.isEmpty, "\(text): \(result)")
        #expect(result.oldIndex(forIdentifier: number) == 0)
        #expect(result.newIndex(forIdentifier: decimal) == 0)
    }

    /// Composite identifiers decoded from JSON with a null in them (an
    /// `NSArray` or `NSDictionary` holding `NSNull`): equal by
    /// `isEqual(_:)` and by their own `hash` (the count), so IGListKit's
    /// table pairs them. On Linux each `NSNull()` is its own instance,
    /// hashed by address; hashing the collections' elements must not make
    /// equal identifiers hash apart.
    @Test(arguments: [#"[1,null]"#, #"{"id":1,"avatar":null}"#, #"[[2,{"a":null}]]"#])
    func jsonIdentifiersWithNullPair(json: String) throws {
        func decode() throws -> NSObjectProtocol {
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as AnyObject as! NSObjectProtocol
        }
        let old = try decode()
        let new = try decode()
        let query = try decode()
        #expect(old.isEqual(new))
        let result = ListDiff(oldArray: [AnyIDModel(old)], newArray: [AnyIDModel(new)], option: .equality)
        #expect(result.inserts.isEmpty && result.deletes.isEmpty, "\(json): \(result)")
        #expect(result.oldIndex(forIdentifier: query) == 0)
    }

    /// A bare `NSNull` identifier (a JSON null id) pairs with another.
    @Test func nullIdentifiersPair() {
        let result = ListDiff(oldArray: [AnyIDModel(NSNull())], newArray: [AnyIDModel(NSNull())], option: .equality)
        #expect(result.inserts.isEmpty && result.deletes.isEmpty, "\(result)")
    }
}
