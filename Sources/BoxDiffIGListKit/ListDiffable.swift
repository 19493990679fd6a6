import BoxDiff
import Foundation

/// An object that can be diffed: IGListKit's `ListDiffable` (`IGListDiffable`),
/// with the same two requirements, so a conforming IGListKit model compiles
/// unchanged against `import BoxDiffIGListKit`.
///
/// ```swift
/// final class User: ListDiffable {
///     let id: Int
///     let name: String
///     init(id: Int, name: String) { self.id = id; self.name = name }
///
///     func diffIdentifier() -> NSObjectProtocol { NSNumber(value: id) }
///
///     func isEqual(toDiffableObject object: ListDiffable?) -> Bool {
///         guard let other = object as? User else { return false }
///         return name == other.name
///     }
/// }
/// ```
///
/// Conforming types are classes, as IGListKit's Objective-C protocol only
/// admits objects: ``ListDiffOption/pointerPersonality`` compares them by
/// identity (`===`).
public protocol ListDiffable: AnyObject {
    /// A key that identifies the object across the old and new arrays.
    ///
    /// Two keys name the same object when they are the same instance or
    /// `isEqual(_:)` says so; `hash` must agree with `isEqual(_:)`, as
    /// Foundation requires. Objects with equal identifiers but different
    /// contents are one object that was updated. The identifier of an
    /// object must never change.
    func diffIdentifier() -> NSObjectProtocol

    /// Whether the receiver's contents equal `object`'s.
    ///
    /// Called on the new object with its old partner as `object` (the
    /// same identifier), under ``ListDiffOption/equality`` only, and only
    /// when the two are not the same instance; `false` reports the pair
    /// in ``ListIndexSetResult/updates``.
    ///
    /// - Parameter object: The old object paired with the receiver.
    /// - Returns: `true` when nothing changed between the two.
    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool
}

extension NSString: ListDiffable {
    /// The string itself, as in IGListKit's `NSString` category: strings
    /// with equal characters are one object.
    public func diffIdentifier() -> NSObjectProtocol { self }

    /// `isEqual(_:)`, as in IGListKit's `NSString` category. (On Linux,
    /// where `isEqual(_:)` between strings is Swift's `==`, two strings
    /// are compared in linear time whatever their combining marks.)
    public func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool {
        #if !canImport(Darwin)
            if let other = object as? NSString { return linearStringsEqual(self as String, other as String) }
        #endif
        return isEqual(object)
    }
}

extension NSNumber: ListDiffable {
    /// The number itself, as in IGListKit's `NSNumber` category: equal
    /// numbers are one object.
    public func diffIdentifier() -> NSObjectProtocol { self }

    /// `isEqual(_:)`, as in IGListKit's `NSNumber` category.
    public func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool { isEqual(object) }
}

/// How ``ListDiff(oldArray:newArray:option:)`` decides that an object
/// paired by its ``ListDiffable/diffIdentifier()`` was updated
/// (IGListKit's `ListDiffOption`, with its raw values: IGListKit declares
/// it as an `NS_ENUM(NSInteger, ...)`, so its Swift has
/// `ListDiffOption(rawValue:)` and `rawValue`).
public enum ListDiffOption: Int, Sendable, Hashable {
    /// Updated when the old and new objects are different instances
    /// (`!==`); ``ListDiffable/isEqual(toDiffableObject:)`` is never
    /// called. For immutable models, where a change is a new object.
    /// Raw value 0.
    case pointerPersonality = 0
    /// Updated when the objects are different instances and the new one's
    /// ``ListDiffable/isEqual(toDiffableObject:)`` with the old one returns
    /// `false`. Raw value 1.
    case equality = 1
}

/// A move from an index of the old array to an index of the new array
/// (IGListKit's `ListMoveIndex`).
public struct ListMoveIndex: Hashable, Sendable, CustomStringConvertible {
    /// The index in the old array.
    public let from: Int
    /// The index in the new array.
    public let to: Int

    /// A move from `from` (old array) to `to` (new array).
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    /// `from -> to`.
    public var description: String { "\(from) -> \(to)" }
}

/// A move from an index path of the old section to an index path of the
/// new section (IGListKit's `ListMoveIndexPath`).
public struct ListMoveIndexPath: Hashable, Sendable, CustomStringConvertible {
    /// The index path in the old collection.
    public let from: IndexPath
    /// The index path in the new collection.
    public let to: IndexPath

    /// A move from `from` (old collection) to `to` (new collection).
    public init(from: IndexPath, to: IndexPath) {
        self.from = from
        self.to = to
    }

    /// `from -> to`.
    public var description: String { "\(from) -> \(to)" }
}
