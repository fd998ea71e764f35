internal import CICU
import ToastSupport

/// An ICU collator, for sorting keys the way Xcode sorts String Catalog members.
public final class Collator: Sendable {
    private struct Handle: @unchecked Sendable { let collator: OpaquePointer }
    private let handle: Locked<Handle>

    /// Opens a collator for `locale`; `numeric` compares digit runs as numbers.
    public init(locale: LocaleTag, numeric: Bool = false) throws(ICUFailure) {
        var status = TOAST_U_ZERO_ERROR
        let opened = toast_ucol_open(locale.icuID, &status)
        try throwIfFailed(status, "ucol_open")
        guard let opened else { throw ICUFailure(code: 1, function: "ucol_open") }
        if numeric {
            status = TOAST_U_ZERO_ERROR
            toast_ucol_setAttribute(opened, TOAST_UCOL_NUMERIC_COLLATION, TOAST_UCOL_ON, &status)
            if status > TOAST_U_ZERO_ERROR {
                toast_ucol_close(opened)
                throw ICUFailure(code: status, function: "ucol_setAttribute")
            }
        }
        handle = Locked(Handle(collator: opened))
    }

    deinit { handle.withLock { toast_ucol_close($0.collator) } }

    /// Whether `a` sorts before `b`; exact ties are broken by code point.
    public func precedes(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf16)
        let right = Array(b.utf16)
        let result = handle.withLock { handle in
            left.withUnsafeBufferPointer { l in
                right.withUnsafeBufferPointer { r in
                    toast_ucol_strcoll(handle.collator, l.baseAddress, Int32(l.count), r.baseAddress, Int32(r.count))
                }
            }
        }
        if result == TOAST_UCOL_LESS { return true }
        if result == TOAST_UCOL_GREATER { return false }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    /// The collation key of `text`: two keys compared byte by byte (`lexicographicallyPrecedes`)
    /// order their texts as the collator does, so a sort that meets the same text many times
    /// asks ICU once per text (as ``precedes(_:_:)`` would ask once per comparison). Texts
    /// that collate equal have equal keys; break such ties by code point, as `precedes` does.
    public func sortKey(_ text: String) -> [UInt8] {
        let units = Array(text.utf16)
        var capacity = units.count * 4 + 16
        while true {
            var key = [UInt8](repeating: 0, count: capacity)
            let needed = handle.withLock { handle in
                units.withUnsafeBufferPointer { source in
                    key.withUnsafeMutableBufferPointer { out in
                        toast_ucol_getSortKey(handle.collator, source.baseAddress, Int32(source.count), out.baseAddress, Int32(out.count))
                    }
                }
            }
            if needed <= 0 { return [] }  // ICU failed; every such text collates equal (then code point order).
            if Int(needed) <= capacity {
                key.removeLast(capacity - Int(needed))
                return key
            }
            capacity = Int(needed)
        }
    }
}
