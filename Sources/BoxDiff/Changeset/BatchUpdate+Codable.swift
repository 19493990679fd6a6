// JSON for batches, stages and staged changesets. The keys are part of
// BoxDiff's stable format: servers that drive a UI send them.

/// The JSON keys of a ``BatchUpdate`` (its property names) and of a
/// ``Changeset``, which adds `data` beside them.
enum BatchUpdateCodingKeys: String, CodingKey {
    case data
    case sectionDeleted, sectionInserted, sectionUpdated, sectionMoved
    case elementDeleted, elementInserted, elementUpdated, elementMoved, elementReconfigured
}

extension BatchUpdate: Codable {
    /// Decodes an object whose keys are the list names (`sectionDeleted`,
    /// `sectionInserted`, `sectionUpdated`, `sectionMoved`,
    /// `elementDeleted`, `elementInserted`, `elementUpdated`,
    /// `elementMoved`, `elementReconfigured`); a missing key is an empty
    /// list, other keys are ignored.
    public init(from decoder: any Decoder) throws {
        try self.init(lists: decoder.container(keyedBy: BatchUpdateCodingKeys.self))
    }

    /// Encodes the non-empty lists under their property names, e.g.
    /// `{"sectionDeleted":[2],"elementMoved":[{"source":{"section":0,"element":1},"target":{"section":0,"element":0}}]}`;
    /// an empty batch is `{}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BatchUpdateCodingKeys.self)
        try encodeLists(into: &container)
    }

    /// Reads the lists from `container`, missing ones as empty.
    init(lists container: KeyedDecodingContainer<BatchUpdateCodingKeys>) throws {
        func list<T: Decodable>(_ key: BatchUpdateCodingKeys) throws -> [T] {
            try container.decodeIfPresent([T].self, forKey: key) ?? []
        }
        self.init(
            sectionDeleted: try list(.sectionDeleted), sectionInserted: try list(.sectionInserted),
            sectionUpdated: try list(.sectionUpdated), sectionMoved: try list(.sectionMoved),
            elementDeleted: try list(.elementDeleted), elementInserted: try list(.elementInserted),
            elementUpdated: try list(.elementUpdated), elementMoved: try list(.elementMoved),
            elementReconfigured: try list(.elementReconfigured))
    }

    /// Writes the non-empty lists into `container`.
    func encodeLists(into container: inout KeyedEncodingContainer<BatchUpdateCodingKeys>) throws {
        func list<T: Encodable>(_ values: [T], _ key: BatchUpdateCodingKeys) throws {
            if !values.isEmpty { try container.encode(values, forKey: key) }
        }
        try list(sectionDeleted, .sectionDeleted)
        try list(sectionInserted, .sectionInserted)
        try list(sectionUpdated, .sectionUpdated)
        try list(sectionMoved, .sectionMoved)
        try list(elementDeleted, .elementDeleted)
        try list(elementInserted, .elementInserted)
        try list(elementUpdated, .elementUpdated)
        try list(elementMoved, .elementMoved)
        try list(elementReconfigured, .elementReconfigured)
    }
}

extension Changeset: Codable where Data: Codable {
    /// Decodes an object with the stage's `data` (required) beside the
    /// ``BatchUpdate`` list keys (missing lists are empty), DifferenceKit's
    /// layout: `{"data":[…],"elementDeleted":[{"section":0,"element":3}]}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: BatchUpdateCodingKeys.self)
        self.init(
            data: try container.decode(Data.self, forKey: .data),
            batchUpdate: try BatchUpdate(lists: container))
    }

    /// Encodes `data` and the non-empty call lists in one object, e.g.
    /// `{"data":["a","c"],"elementDeleted":[{"section":0,"element":1}]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BatchUpdateCodingKeys.self)
        try container.encode(data, forKey: .data)
        try batchUpdate.encodeLists(into: &container)
    }
}

extension StagedChangeset: Codable where Data: Codable {
    /// The JSON keys of a staged changeset.
    enum CodingKeys: String, CodingKey {
        case stages
        case reloadsEverything
        case isMinimal
    }

    /// Decodes `{"stages":[…],"reloadsEverything":false,"isMinimal":true}`:
    /// `stages` is required, `reloadsEverything` defaults to false and
    /// `isMinimal` to true.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode([Changeset<Data>].self, forKey: .stages),
            reloadsEverything: try container.decodeIfPresent(Bool.self, forKey: .reloadsEverything) ?? false,
            isMinimal: try container.decodeIfPresent(Bool.self, forKey: .isMinimal) ?? true)
    }

    /// Encodes all three keys: `stages` (each a ``Changeset``),
    /// `reloadsEverything` and `isMinimal`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stages, forKey: .stages)
        try container.encode(reloadsEverything, forKey: .reloadsEverything)
        try container.encode(isMinimal, forKey: .isMinimal)
    }
}
