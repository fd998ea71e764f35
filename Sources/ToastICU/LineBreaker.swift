internal import CICU
import ToastSupport

/// ICU line-break opportunities for one locale (UAX #14 with CLDR tailorings: Thai by
/// dictionary, Japanese kinsoku).
///
/// The ICU iterator is stateful; calls are serialized by a mutex. Obtain instances from
/// ``ICUServices``.
public final class LineBreaker: Sendable {
    private struct Handle: @unchecked Sendable { let iterator: OpaquePointer }
    private let handle: Locked<Handle>
    /// The locale whose tailoring is used.
    public let locale: LocaleTag

    /// Opens a line-break iterator for `locale`.
    public init(locale: LocaleTag) throws(ICUFailure) {
        var status = TOAST_U_ZERO_ERROR
        let iterator = toast_ubrk_open(TOAST_UBRK_LINE, locale.icuID, nil, 0, &status)
        try throwIfFailed(status, "ubrk_open")
        guard let iterator else { throw ICUFailure(code: 1, function: "ubrk_open") }
        handle = Locked(Handle(iterator: iterator))
        self.locale = locale
    }

    deinit { handle.withLock { toast_ubrk_close($0.iterator) } }

    /// The positions, in UTF-16 code units, where a line may start, after 0 and ending with
    /// `text.utf16.count`.
    ///
    /// ```swift
    /// breaker.opportunities(in: "Hello big world") // [6, 10, 15]
    /// ```
    public func opportunities(in text: String) -> [Int] {
        let units = Array(text.utf16)
        if units.isEmpty { return [] }
        return handle.withLock { handle in
            units.withUnsafeBufferPointer { buffer in
                var status = TOAST_U_ZERO_ERROR
                toast_ubrk_setText(handle.iterator, buffer.baseAddress, Int32(buffer.count), &status)
                guard status <= TOAST_U_ZERO_ERROR else { return [buffer.count] }
                var result: [Int] = []
                _ = toast_ubrk_first(handle.iterator)
                while true {
                    let next = toast_ubrk_next(handle.iterator)
                    if next == TOAST_UBRK_DONE { break }
                    result.append(Int(next))
                }
                // Detach the iterator from the buffer before it goes away.
                toast_ubrk_setText(handle.iterator, nil, 0, &status)
                return result
            }
        }
    }
}
