// The app types the documentation's code examples assume, for
// scripts/doc-snippets.sh: compiled as the module DocSnippetPrelude, which
// every block imports. A block that declares one of these names (its own
// `Message`, `User`) shadows it. Not a target: SwiftPM does not build this
// directory.

import BoxDiff
import BoxDiffIGListKit
import Foundation

/// A row of the inbox samples.
public struct Message: Differentiable, Hashable, Sendable {
    public var id: Int
    public var text: String
    public init(id: Int, text: String) {
        self.id = id
        self.text = text
    }
    /// The row's component.
    public var row: String { text }
    /// The row's title.
    public var title: String { text }
    public var differenceIdentifier: Int { id }
    public func isContentEqual(to source: Message) -> Bool { text == source.text }
}

/// A row component.
public struct MessageRow: Hashable, Sendable {
    public var message: Message
    public init(_ message: Message) { self.message = message }
}

/// A row component.
public struct Label: Hashable, Sendable {
    public var text: String
    public init(text: String) { self.text = text }
}

/// A Bento component: a class.
public final class EmptySpaceComponent {
    public let height: Double
    public init(height: Double) { self.height = height }
}

/// The state the render functions read.
public struct AppState: Sendable {
    public var pinned: [Message] = []
    public var messages: [Message] = []
    public var count = 0
    public var hasMore = false
    public init() {}
}

/// The README's settings screen's state.
@MainActor public final class SettingsState {
    public var sync = false
    public var isAdmin = false
    public init() {}
    public func toggleSync() { sync.toggle() }
}

/// A Bento component holding a closure.
public final class ToggleComponent {
    public let title: String
    public let isOn: Bool
    public let didToggle: () -> Void
    public init(title: String, isOn: Bool, didToggle: @escaping () -> Void) {
        self.title = title
        self.isOn = isOn
        self.didToggle = didToggle
    }
}

/// A folder of the DifferenceKit migration article.
public struct Folder: Sendable {
    public var id: String
    public var name: String
    public var messages: [Message]
    public init(id: String, name: String, messages: [Message]) {
        self.id = id
        self.name = name
        self.messages = messages
    }
}

/// A cell.
public final class Cell {
    public init() {}
    public func show(_ value: Any) {}
}

/// IGListKit's users.
public final class ListUser: ListDiffable {
    public let id: Int
    public init(id: Int) { self.id = id }
    public func diffIdentifier() -> NSObjectProtocol { NSNumber(value: id) }
    public func isEqual(toDiffableObject object: ListDiffable?) -> Bool { object === self }
}

/// The lists IGListKit's samples diff.
@MainActor public var oldUsers: [ListUser] { [ListUser(id: 1)] }
/// The lists IGListKit's samples diff.
@MainActor public var newUsers: [ListUser] { [ListUser(id: 2)] }

#if !canImport(Darwin)
    extension IndexPath {
        /// UIKit's and AppKit's, which Linux's Foundation does not have.
        public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    }
#endif
