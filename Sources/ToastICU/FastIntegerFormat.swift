/// A locale's plain integer format, learned once from ICU and applied without calling ICU:
/// its ten digits, grouping separator, primary and secondary group sizes, minimum grouping
/// digits and negative prefix and suffix.
///
/// It is only used when it reproduces ICU's output exactly on a set of probe numbers
/// (including the extremes); otherwise formatting stays with ICU. Formatting through ICU
/// costs a C call and a UTF-16 round trip per number, this a few dozen byte appends.
struct FastIntegerFormat: Sendable {
    let digits: [[UInt8]]          // UTF-8 of 0…9
    let separator: [UInt8]
    let primary: Int
    let secondary: Int
    let minimumGrouping: Int
    let negativePrefix: [UInt8]
    let negativeSuffix: [UInt8]

    static let probes: [Int64] = [0, 5, 42, 999, 1000, 9999, 10_000, 12_345, 100_000, 999_999, 1_234_567, 10_000_000,
                                  123_456_789_012, .max, .min, -1, -1000, -12_345_678]

    /// Learns the format from `icu` (ICU's own integer formatting for the locale) and checks it.
    init?(learningFrom icu: (Int64) -> String) {
        var digits: [[UInt8]] = []
        for d in 0...9 {
            let text = icu(Int64(d))
            guard text.unicodeScalars.count == 1 else { return nil }
            digits.append(Array(text.utf8))
        }
        let digitScalars = digits.map { String(decoding: $0, as: UTF8.self).unicodeScalars.first! }
        // Group structure from a long number: runs of digits separated by one separator.
        let long = icu(1_234_567_890_123)
        var groups: [Int] = []
        var separator: String?
        var current = 0
        var pending = ""
        for scalar in long.unicodeScalars {
            if digitScalars.contains(scalar) {
                if !pending.isEmpty {
                    guard separator == nil || separator == pending else { return nil }
                    separator = pending
                    groups.append(current)
                    current = 0
                    pending = ""
                }
                current += 1
            } else {
                guard current > 0 else { return nil }  // no prefix expected for positives
                pending.unicodeScalars.append(scalar)
            }
        }
        guard pending.isEmpty, current > 0 else { return nil }
        groups.append(current)
        self.digits = digits
        self.separator = Array((separator ?? "").utf8)
        if groups.count >= 2 {
            primary = groups[groups.count - 1]
            secondary = groups[groups.count - 2]
        } else {
            primary = 0  // no grouping
            secondary = 0
        }
        // Minimum grouping digits: 1000 ungrouped but 10000 grouped → 2.
        let thousand = icu(1000)
        minimumGrouping = (primary == 3 && thousand.unicodeScalars.count == 4 && icu(10_000).unicodeScalars.count > 5) ? 2 : 1
        let negative = icu(-1)
        guard let one = negative.firstRange(of: String(digitScalars[1])) else { return nil }
        negativePrefix = Array(negative[..<one.lowerBound].utf8)
        negativeSuffix = Array(negative[one.upperBound...].utf8)
        for probe in Self.probes where format(probe) != icu(probe) { return nil }
    }

    func format(_ value: Int64) -> String {
        var magnitude = value.magnitude
        // Digits, least significant first, into a fixed buffer (at most 20 for 64 bits).
        var reversed: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let count = withUnsafeMutableBytes(of: &reversed) { raw -> Int in
            var n = 0
            repeat {
                raw[n] = UInt8(magnitude % 10)
                magnitude /= 10
                n += 1
            } while magnitude > 0
            return n
        }
        let grouping = primary > 0 && count >= primary + minimumGrouping
        let groups = grouping ? 1 + max(0, (count - primary - 1) / max(secondary, 1)) : 0
        let capacity = negativePrefix.count + negativeSuffix.count + count * digits[0].count + groups * separator.count + 16
        return withUnsafeBytes(of: reversed) { digitBytes in
            String(unsafeUninitializedCapacity: capacity) { buffer in
                var at = 0
                func put(_ bytes: [UInt8]) {
                    for byte in bytes { buffer[at] = byte; at += 1 }
                }
                if value < 0 { put(negativePrefix) }
                for position in stride(from: count - 1, through: 0, by: -1) {
                    put(digits[Int(digitBytes[position])])
                    if grouping && position > 0 && isGroupBoundary(position) { put(separator) }
                }
                if value < 0 { put(negativeSuffix) }
                return at
            }
        }
    }

    /// Whether a separator follows the digit that has `position` digits to its right.
    private func isGroupBoundary(_ position: Int) -> Bool {
        if position == primary { return true }
        guard position > primary else { return false }
        return (position - primary) % secondary == 0
    }
}
