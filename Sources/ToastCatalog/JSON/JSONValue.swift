/// A JSON value that keeps what a lossless rewrite needs: member order, duplicate members,
/// numbers as written, and where each member stood.
public indirect enum JSONValue: Sendable, Equatable {
    /// An object: its members in file order, duplicates kept.
    case object([JSONMember])
    /// An array.
    case array([JSONValue])
    /// A string, unescaped.
    case string(String)
    /// A number exactly as written (`1.0` stays `1.0`).
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The value of the last member named `key`, for objects (JSON's "last wins").
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The string, for `.string`.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A short name of the value's kind for messages: `object`, `string`…
    public var kindName: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }
}

/// One member of a JSON object, with the position of its key.
///
/// Equality compares names and values only, not positions: the same document read from two
/// layouts is equal.
public struct JSONMember: Sendable, Equatable {
    /// Members are equal when names and values are; positions do not count.
    public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
        lhs.key == rhs.key && lhs.value == rhs.value
    }

    /// The member name.
    public var key: String
    /// The member value.
    public var value: JSONValue
    /// 1-based line of the key's opening quote.
    public var line: Int
    /// 1-based column (Unicode scalars) of the key's opening quote.
    public var column: Int

    /// Creates a member.
    public init(key: String, value: JSONValue, line: Int = 0, column: Int = 0) {
        self.key = key
        self.value = value
        self.line = line
        self.column = column
    }
}
