internal import CICU
import ToastSupport

/// Visual-order output for terminals that do no bidi of their own (`--bidi visual`).
///
/// The Unicode Bidi Algorithm runs once over the whole paragraph (ICU `ubidi_setPara` at the
/// given paragraph level), then each wrapped line is reordered on its own with
/// `ubidi_setLine` (UAX #9 rule L1 per line, then rule L2 over the line's grapheme clusters with
/// `ubidi_reorderVisual`, so marks, emoji sequences and flags stay whole even where a bidi run
/// ends inside one), mirrored (`(` ↔ `)`) and stripped
/// of bidi controls (joiners stay); Arabic is then shaped into presentation forms for the visual line
/// (`u_shapeArabic`; a lam-alef pair becomes one ligature, so the line may get one cell
/// shorter per ligature: a filler space, ICU's fixed-length option, would split the word).
///
/// The two ICU bidi objects are reused under a lock; obtain the instance from
/// ``ICUServices/visualBidi``.
///
/// ```swift
/// let bidi = try VisualBidi()
/// try bidi.reorder("abc אבג", lines: [0..<7], direction: .leftToRight)  // ["abc גבא"]
/// ```
public final class VisualBidi: Sendable {
    private struct Handles: @unchecked Sendable {
        let paragraph: OpaquePointer
        let line: OpaquePointer
    }
    private let handles: Locked<Handles>

    /// Opens the paragraph and line objects.
    public init() throws(ICUFailure) {
        var status = TOAST_U_ZERO_ERROR
        let paragraph = toast_ubidi_openSized(0, 0, &status)
        try throwIfFailed(status, "ubidi_openSized")
        let line = toast_ubidi_openSized(0, 0, &status)
        if status > TOAST_U_ZERO_ERROR || paragraph == nil || line == nil {
            if let paragraph { toast_ubidi_close(paragraph) }
            if let line { toast_ubidi_close(line) }
            throw ICUFailure(code: status > 0 ? status : 1, function: "ubidi_openSized")
        }
        handles = Locked(Handles(paragraph: paragraph!, line: line!))
    }

    deinit {
        handles.withLock { handles in
            toast_ubidi_close(handles.line)
            toast_ubidi_close(handles.paragraph)
        }
    }

    /// Reorders the lines of one paragraph into visual (left-to-right display) order.
    ///
    /// - Parameters:
    ///   - text: the paragraph in logical order; line feeds in it separate paragraphs that
    ///     share the level.
    ///   - lines: each line's range in UTF-16 code units of `text`, in order; a line never
    ///     spans a line feed.
    ///   - direction: the paragraph direction.
    ///   - shapeArabic: whether to shape Arabic letters into presentation forms.
    /// - Returns: one visual string per range.
    public func reorder(_ text: String, lines: [Range<Int>], direction: TextDirection,
                        shapeArabic: Bool = true) throws(ICUFailure) -> [String] {
        let units = Array(text.utf16)
        let level: UBiDiLevel = direction == .rightToLeft ? 1 : 0
        return try handles.withLock { (handles) throws(ICUFailure) -> [String] in
            try units.withUnsafeBufferPointer { (buffer) throws(ICUFailure) -> [String] in
                var status = TOAST_U_ZERO_ERROR
                toast_ubidi_setPara(handles.paragraph, buffer.baseAddress, Int32(buffer.count), level, nil, &status)
                try throwIfFailed(status, "ubidi_setPara")
                var result: [String] = []
                result.reserveCapacity(lines.count)
                for range in lines {
                    let lower = min(max(range.lowerBound, 0), buffer.count)
                    let upper = min(max(range.upperBound, lower), buffer.count)
                    if lower == upper { result.append(""); continue }
                    status = TOAST_U_ZERO_ERROR
                    toast_ubidi_setLine(handles.paragraph, Int32(lower), Int32(upper), handles.line, &status)
                    try throwIfFailed(status, "ubidi_setLine")
                    guard let levels = toast_ubidi_getLevels(handles.line, &status), status <= TOAST_U_ZERO_ERROR else {
                        throw ICUFailure(code: status > 0 ? status : 1, function: "ubidi_getLevels")
                    }
                    // Rule L2 runs over grapheme clusters, not code units: a bidi run may end
                    // inside a cluster (an emoji at level 0, the joiner and mark after it at
                    // level 1), and reversing the pieces apart would split what a terminal
                    // draws as one glyph into wider ones. Each cluster takes the level of its
                    // first scalar (the base its marks and joiners belong to).
                    let lineText = String(decoding: buffer[lower..<upper], as: UTF16.self)
                    var clusters: [(range: Range<Int>, scalar: Unicode.Scalar?)] = []
                    var clusterLevels: [UBiDiLevel] = []
                    var offset = 0
                    for character in lineText {
                        let length = character.utf16.count
                        let scalars = character.unicodeScalars
                        clusters.append((offset..<(offset + length), scalars.count == 1 ? scalars.first : nil))
                        clusterLevels.append(levels[offset])
                        offset += length
                    }
                    var order = [Int32](repeating: 0, count: clusters.count)
                    toast_ubidi_reorderVisual(clusterLevels, Int32(clusters.count), &order)
                    var visual: [UInt16] = []
                    visual.reserveCapacity(upper - lower)
                    for logicalIndex in order {
                        let cluster = clusters[Int(logicalIndex)]
                        // A mirrored character in a right-to-left cluster ("(" ↔ ")") gets
                        // its mirror image.
                        if clusterLevels[Int(logicalIndex)] & 1 == 1, let scalar = cluster.scalar,
                           let mirrored = Unicode.Scalar(UInt32(toast_u_charMirror(UChar32(scalar.value)))) {
                            visual.append(contentsOf: mirrored.utf16)
                        } else {
                            visual.append(contentsOf: buffer[(lower + cluster.range.lowerBound)..<(lower + cluster.range.upperBound)])
                        }
                    }
                    // Bidi controls have done their work; zero-width joiners stay.
                    visual.removeAll { Self.isBidiControl($0) }
                    let unshaped = visual
                    if shapeArabic, visual.contains(where: { $0 >= 0x0600 && $0 <= 0x06FF || $0 >= 0x0750 && $0 <= 0x077F }) {
                        let source = visual
                        let shapeOptions = UInt32(TOAST_U_SHAPE_LETTERS_SHAPE) | UInt32(TOAST_U_SHAPE_TEXT_DIRECTION_VISUAL_LTR)
                            | UInt32(TOAST_U_SHAPE_LENGTH_GROW_SHRINK)
                        visual = try source.withUnsafeBufferPointer { (src) throws(ICUFailure) -> [UInt16] in
                            try fillUTF16("u_shapeArabic", initialCapacity: src.count + 4) { dest, size, status in
                                toast_u_shapeArabic(src.baseAddress, Int32(src.count), dest, size, shapeOptions, &status)
                            }
                        }
                    }
                    // ICU shapes tashkeel into spacing presentation forms; a terminal needs the
                    // combining marks, which stay on their letter.
                    for index in visual.indices where visual[index] >= 0xFE70 && visual[index] <= 0xFE7F {
                        if let mark = Self.tashkeel[visual[index]] { visual[index] = mark }
                    }
                    var line = String(decoding: visual, as: UTF16.self)
                    // Shaping may only keep or shrink the width the line was wrapped to (a
                    // mark ICU turns into a spacing form would widen it): else unshaped.
                    if visual != unshaped {
                        let before = String(decoding: unshaped, as: UTF16.self)
                        if TextWidth.cells(of: line) > TextWidth.cells(of: before) { line = before }
                    }
                    result.append(line)
                }
                return result
            }
        }
    }

    /// ALM, LRM, RLM, the embeddings and overrides, and the isolates.
    private static func isBidiControl(_ unit: UInt16) -> Bool {
        unit == 0x061C || unit == 0x200E || unit == 0x200F || (0x202A...0x202E).contains(unit) || (0x2066...0x2069).contains(unit)
    }

    /// Spacing tashkeel presentation forms → the combining marks.
    private static let tashkeel: [UInt16: UInt16] = [
        0xFE70: 0x064B, 0xFE71: 0x064B, 0xFE72: 0x064C, 0xFE74: 0x064D, 0xFE76: 0x064E, 0xFE77: 0x064E,
        0xFE78: 0x064F, 0xFE79: 0x064F, 0xFE7A: 0x0650, 0xFE7B: 0x0650, 0xFE7C: 0x0651, 0xFE7D: 0x0651,
        0xFE7E: 0x0652, 0xFE7F: 0x0652,
    ]
}
