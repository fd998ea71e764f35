internal import CICU
import ToastSupport

/// A cached ICU number formatter for one locale and one skeleton.
///
/// ICU's formatted-result object is mutable, so formatting is serialized by a mutex; open one
/// per locale and skeleton through ``ICUServices`` and reuse it.
public final class ICUNumberFormatter: Sendable {
    private struct Handles: @unchecked Sendable {
        let formatter: OpaquePointer
        let result: OpaquePointer
    }
    private let handles: Locked<Handles>
    /// The locale the formatter was opened for.
    public let locale: LocaleTag
    /// The ICU number skeleton, such as `precision-integer` or `.00`.
    public let skeleton: String
    /// For the default skeleton: the integer format learned from ICU, used without ICU.
    private let fastIntegers: FastIntegerFormat?

    /// Opens a formatter; `skeleton` uses ICU's number-skeleton syntax (empty for the default).
    public init(locale: LocaleTag, skeleton: String) throws(ICUFailure) {
        let units = Array(skeleton.utf16)
        var status = TOAST_U_ZERO_ERROR
        let formatter = units.withUnsafeBufferPointer {
            toast_unumf_openForSkeletonAndLocale($0.baseAddress, Int32($0.count), locale.icuID, &status)
        }
        try throwIfFailed(status, "unumf_openForSkeletonAndLocale")
        status = TOAST_U_ZERO_ERROR
        let result = toast_unumf_openResult(&status)
        if status > TOAST_U_ZERO_ERROR || formatter == nil || result == nil {
            if let formatter { toast_unumf_close(formatter) }
            if let result { toast_unumf_closeResult(result) }
            throw ICUFailure(code: status, function: "unumf_openResult")
        }
        let opened = Handles(formatter: formatter!, result: result!)
        handles = Locked(opened)
        self.locale = locale
        self.skeleton = skeleton
        fastIntegers = skeleton.isEmpty
            ? FastIntegerFormat(learningFrom: { value in Self.formatWithICU(value, opened) ?? "" }) : nil
    }

    private static func formatWithICU(_ value: Int64, _ handles: Handles) -> String? {
        var status = TOAST_U_ZERO_ERROR
        toast_unumf_formatInt(handles.formatter, value, handles.result, &status)
        return read(handles, status)
    }

    deinit {
        handles.withLock { handles in
            toast_unumf_close(handles.formatter)
            toast_unumf_closeResult(handles.result)
        }
    }

    /// Formats an integer: `1234567` → `1,234,567` (en), `١٬٢٣٤٬٥٦٧` (ar).
    public func format(_ value: Int64) -> String {
        if let fastIntegers { return fastIntegers.format(value) }
        return handles.withLock { handles in
            var status = TOAST_U_ZERO_ERROR
            toast_unumf_formatInt(handles.formatter, value, handles.result, &status)
            return Self.read(handles, status) ?? String(value)
        }
    }

    /// Formats a floating-point number; non-finite values format as ICU spells them.
    public func format(_ value: Double) -> String {
        handles.withLock { handles in
            var status = TOAST_U_ZERO_ERROR
            toast_unumf_formatDouble(handles.formatter, value, handles.result, &status)
            return Self.read(handles, status) ?? String(value)
        }
    }

    /// Formats an unsigned integer exactly, also above `Int64.max`.
    public func format(_ value: UInt64) -> String {
        if value <= UInt64(Int64.max) { return format(Int64(value)) }
        let digits = String(value)
        return handles.withLock { handles in
            var status = TOAST_U_ZERO_ERROR
            toast_unumf_formatDecimal(handles.formatter, digits, Int32(digits.utf8.count),
                                handles.result, &status)
            return Self.read(handles, status) ?? digits
        }
    }

    /// Formats `value` and hands ICU's formatted result (a `UFormattedNumber`) to `body`.
    func withFormatted<R>(_ value: Double, _ body: (OpaquePointer) -> R) -> R? {
        handles.withLock { handles in
            var status = TOAST_U_ZERO_ERROR
            toast_unumf_formatDouble(handles.formatter, value, handles.result, &status)
            guard status <= TOAST_U_ZERO_ERROR else { return nil }
            return body(handles.result)
        }
    }

    /// Formats a decimal string exactly and hands the result and its text to `body`.
    func withFormatted<R>(decimal: String, _ body: (OpaquePointer, String) -> R) -> R? {
        handles.withLock { handles in
            var status = TOAST_U_ZERO_ERROR
            toast_unumf_formatDecimal(handles.formatter, decimal, Int32(decimal.utf8.count), handles.result, &status)
            guard status <= TOAST_U_ZERO_ERROR, let text = Self.read(handles, status) else { return nil }
            return body(handles.result, text)
        }
    }

    private static func read(_ handles: Handles, _ status: UErrorCode) -> String? {
        guard status <= TOAST_U_ZERO_ERROR else { return nil }
        return try? readUTF16("unumf_resultToString", initialCapacity: 48) { buffer, capacity, status in
            toast_unumf_resultToString(handles.result, buffer, capacity, &status)
        }
    }
}
