internal import CICU

// ICU's C types as CICU declares them (plain C, so that CICU never clashes with Foundation's
// private ICU in a client that imports both; see Sources/CICU/include/CICU.h).
/// ICU's `UErrorCode`: 0 success, negative warnings, positive failures.
typealias UErrorCode = Int32
/// ICU's `UChar`, a UTF-16 code unit.
typealias UChar = UInt16
/// ICU's `UChar32`, a code point.
typealias UChar32 = Int32
/// ICU's `UBiDiLevel`, an embedding level.
typealias UBiDiLevel = UInt8

/// An ICU call that reported a failure status.
///
/// ToastICU turns every failing `UErrorCode` into this error; callers above ToastICU never see
/// ICU types.
public struct ICUFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The raw `UErrorCode` value.
    public let code: Int32
    /// The ICU function that failed, such as `uplrules_openForType`.
    public let function: String

    /// ICU's own name for the code, such as `TOAST_U_ILLEGAL_ARGUMENT_ERROR`.
    public var name: String {
        String(cString: toast_u_errorName(code))
    }

    /// `function failed: NAME`.
    public var description: String { "\(function) failed: \(name)" }
}

@inline(__always)
func throwIfFailed(_ status: UErrorCode, _ function: String) throws(ICUFailure) {
    if status > TOAST_U_ZERO_ERROR {
        throw ICUFailure(code: status, function: function)
    }
}

/// Calls a UTF-16 buffer-filling ICU function, retrying once at the size ICU reports.
func readUTF16(
    _ function: String, initialCapacity: Int = 64,
    _ call: (UnsafeMutablePointer<UChar>, Int32, inout UErrorCode) -> Int32
) throws(ICUFailure) -> String {
    String(decoding: try fillUTF16(function, initialCapacity: initialCapacity, call), as: UTF16.self)
}

/// The code units a UTF-16 buffer-filling ICU function writes, retrying once at the size ICU
/// reports.
func fillUTF16(
    _ function: String, initialCapacity: Int = 64,
    _ call: (UnsafeMutablePointer<UChar>, Int32, inout UErrorCode) -> Int32
) throws(ICUFailure) -> [UInt16] {
    var capacity = max(initialCapacity, 1)
    for _ in 0..<2 {
        var status = TOAST_U_ZERO_ERROR
        var buffer = [UChar](repeating: 0, count: capacity)
        let length = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, Int32($0.count), &status) }
        if status == TOAST_U_BUFFER_OVERFLOW_ERROR { capacity = Int(length) + 1; continue }
        try throwIfFailed(status, function)
        buffer.removeSubrange(Int(length)...)
        return buffer
    }
    throw ICUFailure(code: TOAST_U_BUFFER_OVERFLOW_ERROR, function: function)
}

/// Calls a `char`-buffer-filling ICU function (locale IDs), retrying once at the reported size.
func readChars(
    _ function: String, initialCapacity: Int = 96,
    _ call: (UnsafeMutablePointer<CChar>, Int32, inout UErrorCode) -> Int32
) throws(ICUFailure) -> String {
    var capacity = initialCapacity
    for _ in 0..<2 {
        var status = TOAST_U_ZERO_ERROR
        var buffer = [CChar](repeating: 0, count: capacity)
        let length = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, Int32($0.count), &status) }
        if status == TOAST_U_BUFFER_OVERFLOW_ERROR || status == TOAST_U_STRING_NOT_TERMINATED_WARNING {
            if Int(length) >= capacity { capacity = Int(length) + 1; continue }
        }
        try throwIfFailed(status, function)
        return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    throw ICUFailure(code: TOAST_U_BUFFER_OVERFLOW_ERROR, function: function)
}

/// The version of the ICU library ToastKit runs on, such as `72.1`.
public var icuVersion: String {
    var info: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    withUnsafeMutablePointer(to: &info) {
        $0.withMemoryRebound(to: UInt8.self, capacity: 4) { toast_u_getVersion($0) }
    }
    return info.2 == 0 ? "\(info.0).\(info.1)" : "\(info.0).\(info.1).\(info.2)"
}

/// The CLDR version of ICU's data, such as `42`.
public var cldrVersion: String {
    var info: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    var status = TOAST_U_ZERO_ERROR
    withUnsafeMutablePointer(to: &info) {
        $0.withMemoryRebound(to: UInt8.self, capacity: 4) { toast_ulocdata_getCLDRVersion($0, &status) }
    }
    return info.1 == 0 ? "\(info.0)" : "\(info.0).\(info.1)"
}
