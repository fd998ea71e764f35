/// Text in a toast: a localizable key or a verbatim string.
///
/// A string literal is a key; a `String` value is verbatim; an interpolated literal becomes
/// the key Apple's tooling extracts, with the values kept as typed arguments:
///
/// ```swift
/// let n = 3
/// let text: ToastText = "\(n) files uploaded"
/// // .key(key: "%lld files uploaded", arguments: [.int(3)])
/// ToastText(verbatim: userInput)  // shown as is (after sanitizing)
/// ```
public enum ToastText: Sendable, Hashable {
    /// A catalog key, looked up with locale fallback. `table` `nil` searches every table.
    case key(key: String, table: String? = nil, arguments: [ToastArgument] = [], defaultValue: String? = nil)
    /// Text shown as given.
    case verbatim(String)

    /// A key in `table` with arguments.
    public init(key: String, table: String? = nil, arguments: [ToastArgument] = [], defaultValue: String? = nil) {
        self = .key(key: key, table: table, arguments: arguments, defaultValue: defaultValue)
    }

    /// Verbatim text: a `String` value is never looked up.
    public init(verbatim text: String) {
        self = .verbatim(text)
    }

    /// Verbatim text from a `String` value.
    public init(_ text: String) {
        self = .verbatim(text)
    }

    /// The key, for `.key`.
    public var key: String? {
        if case .key(let key, _, _, _) = self { return key }
        return nil
    }

    /// The arguments, for `.key`.
    public var arguments: [ToastArgument] {
        if case .key(_, _, let arguments, _) = self { return arguments }
        return []
    }
}

extension ToastText: ExpressibleByStringInterpolation {
    /// A plain literal is a key.
    public init(stringLiteral value: String) {
        self = .key(key: value)
    }

    /// A one-character literal is a key.
    public init(unicodeScalarLiteral value: String) {
        self = .key(key: value)
    }

    /// A one-character literal is a key.
    public init(extendedGraphemeClusterLiteral value: String) {
        self = .key(key: value)
    }

    /// An interpolated literal is the Apple-extracted key with typed arguments.
    public init(stringInterpolation: Interpolation) {
        self = .key(key: stringInterpolation.key, arguments: stringInterpolation.arguments)
    }

    /// Builds the key Xcode extracts for an interpolated literal: `%` in literal parts is
    /// doubled, each value becomes its specifier.
    public struct Interpolation: StringInterpolationProtocol, Sendable {
        /// The key built so far.
        public private(set) var key = ""
        /// The arguments in order.
        public private(set) var arguments: [ToastArgument] = []

        /// Starts an empty key.
        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 4 * interpolationCount)
        }

        /// Literal text: `%` is doubled, as Xcode writes it in keys.
        public mutating func appendLiteral(_ literal: String) {
            key += literal.replacingPercent()
        }

        /// `Int`, `Int8`…`Int64`: `%lld`.
        public mutating func appendInterpolation<T: SignedInteger>(_ value: T) {
            append(.int(Int64(clamping: value)))
        }

        /// `UInt`, `UInt8`…`UInt64`: `%llu`.
        public mutating func appendInterpolation<T: UnsignedInteger>(_ value: T) {
            append(.uint(UInt64(clamping: value)))
        }

        /// `Double`: `%lf`.
        public mutating func appendInterpolation(_ value: Double) {
            append(.double(value))
        }

        /// `Float`: `%f`.
        public mutating func appendInterpolation(_ value: Float) {
            append(.float(value))
        }

        /// `String`: `%@`.
        public mutating func appendInterpolation(_ value: String) {
            append(.string(value))
        }

        /// Any other value: `%@` with its description.
        public mutating func appendInterpolation<T>(_ value: T) {
            append(.string(String(describing: value)))
        }

        private mutating func append(_ argument: ToastArgument) {
            key += argument.keySpecifier
            arguments.append(argument)
        }
    }
}

extension String {
    fileprivate func replacingPercent() -> String {
        guard utf8.contains(UInt8(ascii: "%")) else { return self }
        var out = ""
        for character in self { out += character == "%" ? "%%" : String(character) }
        return out
    }
}
