import ToastCatalog
/// A map from short strings (locale codes) to values for lookups on every entry, without
/// `Hasher`: open addressing over an FNV-1a hash of the key's UTF-8 bytes.
struct ShortStringMap<Value> {
    private var keysAndValues: [(key: String, value: Value)?] = Array(repeating: nil, count: 64)
    private var count = 0

    /// The slot holding `key`, or the empty slot where it would go.
    private func slot(of key: String) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let mask = keysAndValues.count - 1
        var i = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while let slot = keysAndValues[i], slot.key != key { i = (i + 1) & mask }
        return i
    }

    /// The value of `key`, if any.
    subscript(key: String) -> Value? { keysAndValues[slot(of: key)]?.value }

    /// The value of `key`, made by `make` and kept when `key` is new.
    @discardableResult
    mutating func insertIfAbsent(_ key: String, _ make: () -> Value) -> Value {
        let i = slot(of: key)
        if let found = keysAndValues[i] { return found.value }
        let value = make()
        keysAndValues[i] = (key, value)
        count += 1
        if count * 2 > keysAndValues.count {
            let old = keysAndValues
            keysAndValues = Array(repeating: nil, count: old.count * 2)
            count = 0
            for case let (key, value)? in old { insertIfAbsent(key) { value } }
        }
        return value
    }

    /// The keys.
    var keys: [String] { keysAndValues.compactMap { $0?.key } }
}

/// The locale codes of the entries checked, gathered without `Hasher` (each entry adds its
/// forty-odd codes, nearly always the same ones).
struct LocaleCodeSet {
    private var codes = ShortStringMap<Void>()

    /// Adds `code` unless it is there.
    mutating func insert(_ code: String) { codes.insertIfAbsent(code) { () } }

    /// The codes.
    var set: Set<String> { Set(codes.keys) }
}
