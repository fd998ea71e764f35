import ToastICU

/// A `.stringsdict` localization as a ``StringsTable`` keeps it: encoded into the table's text,
/// so that a file's entries take about the size of their texts, not a value, a dictionary per
/// substitution and per plural form, and a string per form (an `.lproj` tree's `.stringsdict`
/// files held as values took three times their size, most of what `convert` of a tree held).
///
/// The shape a `.stringsdict` reader makes of almost every entry is encoded: a format without
/// state or unknown members, and textual substitutions without unknown members whose forms are
/// plain texts. Decoding makes the same value again, member for member. Any other value (a rule
/// type the reader keeps as written, a member that is not a plural form) is kept as it is, in
/// ``StringsTable/keptValues``, and the text names its index.
///
/// The encoding: a tag byte, 0 for an encoded value, 1 for a kept one (then its index, four
/// bytes little-endian). An encoded value is its format (a length, then UTF-8 bytes), the
/// number of its substitutions, and for each its name, its value type (length + 1, 0 for none),
/// its argument (argument + 1, 0 for none), the number of its forms, and for each form its
/// category (its index in ``PluralCategory/allCases``) and text. Numbers are LEB128.
extension StringsTable {
    /// Appends `value`, encoded; returns its range in ``text``, for a record's value.
    mutating func appendEncoded(_ value: LocalizedValue) -> Range<Int> {
        let start = text.count
        guard Self.isEncodable(value), let format = value.stringUnit?.value else {
            text.append(1)
            let index = UInt32(keptValues.count)
            keptValues.append(value)
            for shift in stride(from: 0, to: 32, by: 8) { text.append(UInt8(truncatingIfNeeded: index >> UInt32(shift))) }
            return start..<text.count
        }
        return appendEncoded(format: format, substitutions: value.substitutions.map { name, substitution in
            var forms = [String?](repeating: nil, count: PluralCategory.allCases.count)
            for (category, form) in substitution.plural { forms[category.ordinal] = form.stringUnit!.value }
            return EncodedSubstitution(name: name, formatSpecifier: substitution.formatSpecifier, argNum: substitution.argNum, forms: forms)
        })
    }

    /// A substitution as the encoding holds it: its name, value type, argument, and the text
    /// of each plural category's form by the category's ``PluralCategory/ordinal`` (`nil`
    /// where it has none).
    struct EncodedSubstitution {
        var name: String
        var formatSpecifier: String?
        var argNum: Int?
        var forms: [String?]
    }

    /// Appends an encodable value given by its format and substitutions (each name once),
    /// encoded; returns its range in ``text``. A `.stringsdict` entry is encoded this way
    /// without making its value.
    mutating func appendEncoded(format: String, substitutions: [EncodedSubstitution]) -> Range<Int> {
        let start = text.count
        text.append(0)
        appendText(format)
        appendNumber(substitutions.count)
        for substitution in substitutions {
            appendText(substitution.name)
            if let specifier = substitution.formatSpecifier {
                appendNumber(specifier.utf8.count + 1)
                text.append(contentsOf: specifier.utf8)
            } else {
                appendNumber(0)
            }
            appendNumber(substitution.argNum.map { $0 + 1 } ?? 0)
            appendNumber(substitution.forms.lazy.filter { $0 != nil }.count)
            for (ordinal, form) in substitution.forms.enumerated() {
                guard let form else { continue }
                text.append(UInt8(ordinal))
                appendText(form)
            }
        }
        return start..<text.count
    }

    /// ``appendEncoded(format:substitutions:)`` of a `.stringsdict` entry read as ranges of its
    /// file's `bytes` (``PlainStringsdictEntry``: each variable named once, a plural rule with
    /// text forms): the same bytes, the texts copied from the file. Each substitution's value
    /// type is its variable's `NSStringFormatValueTypeKey` without a leading `%`; its argument
    /// is the one `arguments` gives it, by the variables' order (none when `arguments` is
    /// empty: no text has a `$`, so no substitution has one).
    mutating func appendEncoded(plain entry: PlainStringsdictEntry, arguments: [Int?], in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        func appendText(_ range: Range<Int>) {
            appendNumber(range.count)
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        }
        let start = text.count
        text.append(0)
        appendText(entry.format)
        appendNumber(entry.variables.count)
        for (index, variable) in entry.variables.enumerated() {
            appendText(variable.name)
            if var specifier = variable.valueType {
                if bytes[specifier].first == UInt8(ascii: "%") { specifier = specifier.dropFirst() }
                appendNumber(specifier.count + 1)
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[specifier]))
            } else {
                appendNumber(0)
            }
            appendNumber((index < arguments.count ? arguments[index] : nil).map { $0 + 1 } ?? 0)
            appendNumber(PluralCategory.allCases.count(where: { entry.form($0, ofVariable: index) != nil }))
            for category in PluralCategory.allCases {
                guard let form = entry.form(category, ofVariable: index) else { continue }
                text.append(UInt8(category.ordinal))
                appendText(form)
            }
        }
        return start..<text.count
    }

    /// Whether the encoding holds `value` exactly (see the type's description).
    static func isEncodable(_ value: LocalizedValue) -> Bool {
        guard let unit = value.stringUnit, unit.state == nil, unit.extra.isEmpty else { return false }
        let substitutions = value.substitutions
        // A value without substitutions decodes to one that never had a box.
        if substitutions.isEmpty { return value.isBare }
        guard value.plural.isEmpty, value.device.isEmpty, value.extra.isEmpty else { return false }
        for substitution in substitutions.values {
            guard substitution.isTextual, substitution.extra.isEmpty else { return false }
            if let argument = substitution.argNum, argument < 0 || argument >= Int(Int32.max) { return false }
            for form in substitution.plural.values {
                guard form.isBare, let formUnit = form.stringUnit, formUnit.state == nil, formUnit.extra.isEmpty else { return false }
            }
        }
        return true
    }

    /// The value encoded at `range` of ``text``.
    func decodedValue(at range: Range<Int>) -> LocalizedValue {
        text.withUnsafeBufferPointer { text in
            var reader = Reader(bytes: text, index: range.lowerBound)
            if reader.byte() == 1 {
                var index = 0
                for shift in stride(from: 0, to: 32, by: 8) { index |= Int(reader.byte()) << shift }
                return keptValues[index]
            }
            let unit = StringUnit(state: nil, value: reader.text())
            let substitutionCount = reader.number()
            // The tables are made at their size (the encoding gives the counts) and the value
            // made of them at once: grown an entry at a time, and set through the value, they
            // were reallocated twice or three times each.
            var substitutions = [String: Substitution](minimumCapacity: substitutionCount)
            for _ in 0..<substitutionCount {
                let name = reader.text()
                var substitution = Substitution(isTextual: true)
                let specifierLength = reader.number()
                if specifierLength > 0 { substitution.formatSpecifier = reader.text(length: specifierLength - 1) }
                let argument = reader.number()
                if argument > 0 { substitution.argNum = argument - 1 }
                let formCount = reader.number()
                var forms = [PluralCategory: LocalizedValue](minimumCapacity: formCount)
                for _ in 0..<formCount {
                    let category = PluralCategory.allCases[Int(reader.byte())]
                    forms[category] = LocalizedValue(unit: StringUnit(state: nil, value: reader.text()))
                }
                substitution.plural = forms
                substitutions[name] = substitution
            }
            return LocalizedValue(stringUnit: unit, substitutions: substitutions)
        }
    }

    /// The value encoded at `range` of ``text`` read as its parts (``encodedParts(at:)``, as
    /// strings), without making the value's tables (``decodedValue(at:)`` makes the same
    /// strings); `nil` for a value kept as it was read (``keptValues``).
    func encodedValue(at range: Range<Int>) -> EncodedStringsdictValue? {
        text.withUnsafeBufferPointer { text in
            func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self) }
            var value = EncodedStringsdictValue(format: "", substitutions: [])
            let read = Self.readEncoded(at: range, in: text) { format, count in
                value.format = string(format)
                value.substitutions.reserveCapacity(count)
            } substitution: { name, formatSpecifier, argNum, forms in
                value.substitutions.append(EncodedStringsdictValue.Substitution(
                    name: string(name), formatSpecifier: formatSpecifier.map(string), argNum: argNum,
                    forms: forms.map { (PluralCategory.allCases[$0.ordinal], string($0.text)) }))
            }
            return read ? value : nil
        }
    }

    /// Reads the value encoded at `range` of `text` in the encoding's order: `format` gets its
    /// format's range and how many substitutions follow; `substitution` each one's name, value
    /// type (`nil` for none), argument and forms (each its category's ``PluralCategory/ordinal``
    /// and its text). False, calling nothing, for a value kept as it was read (``keptValues``).
    /// The one reader of the encoding's parts (``encodedParts(at:)``, ``encodedValue(at:)``).
    @inline(__always)
    private static func readEncoded(at range: Range<Int>, in text: UnsafeBufferPointer<UInt8>,
                                    format: (_ format: Range<Int>, _ substitutionCount: Int) -> Void,
                                    substitution: (_ name: Range<Int>, _ formatSpecifier: Range<Int>?, _ argNum: Int?,
                                                   _ forms: UnsafeBufferPointer<(ordinal: Int, text: Range<Int>)>) -> Void) -> Bool {
        var reader = Reader(bytes: text, index: range.lowerBound)
        guard reader.byte() == 0 else { return false }
        let formatRange = reader.textRange()
        let substitutionCount = reader.number()
        format(formatRange, substitutionCount)
        for _ in 0..<substitutionCount {
            let name = reader.textRange()
            let specifierLength = reader.number()
            let specifier = specifierLength > 0 ? reader.textRange(length: specifierLength - 1) : nil
            let argument = reader.number()
            let formCount = reader.number()
            // The forms on the stack (a few), handed over at once.
            withUnsafeTemporaryAllocation(of: (ordinal: Int, text: Range<Int>).self, capacity: formCount) { forms in
                for index in 0..<formCount {
                    let ordinal = Int(reader.byte())
                    forms.initializeElement(at: index, to: (ordinal, reader.textRange()))
                }
                substitution(name, specifier, argument > 0 ? argument - 1 : nil, UnsafeBufferPointer(forms))
            }
        }
        return true
    }

    /// The parts of an encoded value, as ranges of ``text``: what `convert` writes without
    /// making the value (``encodedParts(at:)``).
    struct EncodedParts {
        /// One substitution: its name, value type (`nil` for none), argument and forms, each
        /// form's category as its ``PluralCategory/ordinal``, in the encoding's order.
        struct Substitution {
            var name: Range<Int>
            var formatSpecifier: Range<Int>?
            var argNum: Int?
            var forms: [(ordinal: Int, text: Range<Int>)]
        }

        var format: Range<Int>
        var substitutions: [Substitution]
    }

    /// The parts of the value encoded at `range` of ``text``, as ranges of ``text``; `nil`
    /// for a value kept as it was read (``keptValues``).
    func encodedParts(at range: Range<Int>) -> EncodedParts? {
        text.withUnsafeBufferPointer { text in
            var parts = EncodedParts(format: 0..<0, substitutions: [])
            let read = Self.readEncoded(at: range, in: text) { format, count in
                parts.format = format
                parts.substitutions.reserveCapacity(count)
            } substitution: { name, formatSpecifier, argNum, forms in
                parts.substitutions.append(EncodedParts.Substitution(name: name, formatSpecifier: formatSpecifier, argNum: argNum, forms: Array(forms)))
            }
            return read ? parts : nil
        }
    }

    private mutating func appendText(_ string: String) {
        appendNumber(string.utf8.count)
        text.append(contentsOf: string.utf8)
    }

    private mutating func appendNumber(_ number: Int) {
        var rest = UInt(number)
        while rest >= 0x80 {
            text.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        text.append(UInt8(rest))
    }

    /// Reads an encoded value's parts in order.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int

        mutating func byte() -> UInt8 {
            defer { index += 1 }
            return bytes[index]
        }

        mutating func number() -> Int {
            var result: UInt = 0, shift: UInt = 0
            while true {
                let next = byte()
                result |= UInt(next & 0x7F) << shift
                if next < 0x80 { return Int(result) }
                shift += 7
            }
        }

        mutating func text() -> String { text(length: number()) }

        mutating func textRange() -> Range<Int> { textRange(length: number()) }

        mutating func textRange(length: Int) -> Range<Int> {
            defer { index += length }
            return index..<(index + length)
        }

        mutating func text(length: Int) -> String {
            defer { index += length }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self)
        }
    }
}
