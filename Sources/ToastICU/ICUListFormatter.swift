internal import CICU

/// Joins short items the way a locale writes a narrow list (`Retry, Dismiss`;
/// Japanese `再試行、破棄`), from ICU's list patterns.
public final class ICUListFormatter: @unchecked Sendable {
    private let handle: OpaquePointer
    /// The locale of the list patterns.
    public let locale: LocaleTag

    /// Opens the narrow "and" list patterns of `locale` (English `A, B`; German `A und B`;
    /// Japanese `A、B`).
    public init(locale: LocaleTag) throws(ICUFailure) {
        var status = TOAST_U_ZERO_ERROR
        let opened = toast_ulistfmt_openForType(locale.icuID, TOAST_ULISTFMT_TYPE_AND, TOAST_ULISTFMT_WIDTH_NARROW, &status)
        try throwIfFailed(status, "ulistfmt_openForType")
        guard let opened else { throw ICUFailure(code: 1, function: "ulistfmt_openForType") }
        handle = opened
        self.locale = locale
    }

    deinit { toast_ulistfmt_close(handle) }

    /// Joins `items`; an empty list gives an empty string.
    public func format(_ items: [String]) -> String {
        if items.count < 2 { return items.first ?? "" }
        let arrays = items.map { Array($0.utf16) }
        let lengths = arrays.map { Int32($0.count) }
        // Pin every item for the duration of the call.
        func withPointers<R>(_ index: Int, _ collected: [UnsafePointer<UChar>?],
                             _ body: ([UnsafePointer<UChar>?]) -> R) -> R {
            if index == arrays.count { return body(collected) }
            return arrays[index].withUnsafeBufferPointer { buffer in
                withPointers(index + 1, collected + [buffer.baseAddress ?? UnsafePointer(bitPattern: 1)], body)
            }
        }
        let joined = withPointers(0, []) { pointers in
            try? readUTF16("ulistfmt_format", initialCapacity: 128) { out, capacity, status in
                toast_ulistfmt_format(handle, pointers, lengths, Int32(pointers.count), out, capacity, &status)
            }
        }
        return joined ?? items.joined(separator: ", ")
    }
}
