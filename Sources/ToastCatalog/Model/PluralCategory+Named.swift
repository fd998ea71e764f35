import ToastICU

extension PluralCategory {
    /// ``init(rawValue:)``, by comparing the name with each category's: the synthesized
    /// initializer searches a table of names through the standard library's generic string
    /// switch, a few hundred instructions for every form a `.stringsdict` holds. A name is a
    /// category's exactly when its bytes are (no other spelling of these ASCII words is
    /// canonically equal to them).
    static func named(_ name: String) -> PluralCategory? {
        name.withUTF8Bytes { named(bytes: $0) }
    }

    /// ``named(_:)`` of the name whose UTF-8 is `bytes`, without making it: a plural form's
    /// member name as a reader holds it.
    @inline(__always)
    static func named(bytes: UnsafeBufferPointer<UInt8>) -> PluralCategory? {
        @inline(__always) func spells(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count == count else { return false }
            for offset in 0..<count where bytes[offset] != word.utf8Start[offset] { return false }
            return true
        }
        if spells("other") { return .other }
        if spells("one") { return .one }
        if spells("few") { return .few }
        if spells("many") { return .many }
        if spells("two") { return .two }
        if spells("zero") { return .zero }
        return nil
    }
}
