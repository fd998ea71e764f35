import ToastCatalog
import ToastICU
import ToastKit

extension LocaleMatrix {
    /// One text of a toast that can carry arguments, with what the localizer made of it.
    struct Field {
        /// `title`, `subtitle`, `message`, `action 2`.
        let name: String
        let text: ToastText
        let rendered: String?
    }

    /// The key texts of `toast` (title, subtitle, message, action labels) beside their
    /// resolved strings.
    static func fields(of toast: Toast, _ resolved: ResolvedToast) -> [Field] {
        var fields: [Field] = []
        if case .custom(let title) = toast.title { fields.append(Field(name: "title", text: title, rendered: resolved.title)) }
        if let subtitle = toast.subtitle { fields.append(Field(name: "subtitle", text: subtitle, rendered: resolved.subtitle)) }
        fields.append(Field(name: "message", text: toast.message, rendered: resolved.message))
        for (index, action) in toast.actions.enumerated() {
            fields.append(Field(name: "action \(index + 1)", text: action.label,
                                rendered: index < resolved.actions.count ? resolved.actions[index] : nil))
        }
        return fields
    }

    /// Arguments the source-language text shows that this cell's text does not: a
    /// translation that dropped `%@`, or a plural form that writes a number in words although
    /// other numbers of its category select it too (Russian `one` is 1, 21, 31…).
    ///
    /// The cell is rendered again with each argument changed in turn (another text, another
    /// number of the same plural category), and an argument is missing when its text does not
    /// change. A text argument whose value appears once in the text, as a word of its own, and
    /// no other argument shows the same, is shown without rendering again. A category that
    /// stands for one number alone (English `one`, Arabic `two`, Apple's `zero` cell) may
    /// write it in words, and is not checked. The source shows an argument when changing it
    /// changes its text at its `other` sample.
    func droppedArguments(_ toast: Toast, _ resolved: ResolvedToast, localizer: Localizer, sample: Sample?,
                          locale: LocaleTag) -> [MatrixFinding] {
        var findings: [MatrixFinding] = []
        let fields = Self.fields(of: toast, resolved)
        for (fieldIndex, field) in fields.enumerated() {
            guard case .key(_, _, let arguments, _) = field.text, !arguments.isEmpty, let rendered = field.rendered else { continue }
            for (index, argument) in arguments.enumerated() {
                if Self.plainlyShown(argument, at: index, among: arguments, in: rendered) { continue }
                guard let other = Self.alternative(to: argument, sample: sample) else { continue }
                let changed = Self.replacing(argument: index, of: fieldIndex, in: toast, with: other)
                // The source is asked only about a text that did not change (two renderings).
                guard Self.fields(of: changed, localizer.resolve(changed))[fieldIndex].rendered == rendered,
                      sourceShows(toast, field: fieldIndex, argument: index) else { continue }
                let what = switch argument {
                case .string(let text): "argument \(index + 1) (“\(text)”) is missing from the \(locale.identifier) text “\(rendered)”"
                default: "argument \(index + 1) (\(argument.plainText)) is missing from the \(locale.identifier) text “\(rendered)” (\(other.plainText) reads the same)"
                }
                findings.append(MatrixFinding(.droppedArgument, field: field.name,
                                              message: "\(what); the \(sourceLanguage.identifier) text shows it"))
            }
        }
        return findings
    }

    /// Whether a text argument is plainly in `rendered`: its value, not empty, occurs once, not
    /// inside a longer word, and no other argument has the same value. Numbers are always
    /// rendered again (two `%lld` take the same sample, and digits occur in other numbers).
    static func plainlyShown(_ argument: ToastArgument, at index: Int, among arguments: [ToastArgument], in rendered: String) -> Bool {
        guard case .string(let value) = argument, !value.isEmpty else { return false }
        for (other, item) in arguments.enumerated() where other != index {
            if case .string(let text) = item, text == value { return false }
        }
        let text = Array(rendered.unicodeScalars), needle = Array(value.unicodeScalars)
        func isWordScalar(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        var found = 0
        var start = 0
        while start + needle.count <= text.count {
            if text[start] == needle[0] && text[start..<(start + needle.count)].elementsEqual(needle) {
                let before = start > 0 ? text[start - 1] : nil
                let after = start + needle.count < text.count ? text[start + needle.count] : nil
                let alone = !(before.map(isWordScalar) ?? false) || !isWordScalar(needle[0])
                let ends = !(after.map(isWordScalar) ?? false) || !isWordScalar(needle[needle.count - 1])
                guard alone && ends else { return false }
                found += 1
                start += needle.count
            } else {
                start += 1
            }
        }
        return found == 1
    }

    /// Whether the source-language text of field `field` changes with argument `argument`,
    /// at the source's `other` sample.
    private func sourceShows(_ toast: Toast, field: Int, argument: Int) -> Bool {
        guard let localizer = source.localizers["other"] else { return true }
        var toast = toast
        var sample: Sample?
        if Self.keyTexts(of: toast).contains(where: { $0.arguments.contains { $0.numericValue != nil } }) {
            guard let other = source.samples.first(where: { $0.category == .other && $0.integer != nil }) else { return true }
            sample = other
            toast = Self.applying(other, to: toast).0
        }
        guard case .key(_, _, let arguments, _) = Self.keyTexts(of: toast)[field], argument < arguments.count,
              let other = Self.alternative(to: arguments[argument], sample: sample) else { return true }
        let changed = Self.replacing(argument: argument, of: field, in: toast, with: other)
        return Self.fields(of: toast, localizer.resolve(toast))[field].rendered
            != Self.fields(of: changed, localizer.resolve(changed))[field].rendered
    }

    /// Another value of the argument's kind that selects the same plural form: another text;
    /// another number of the sample's category (none when the category has no other).
    static func alternative(to argument: ToastArgument, sample: Sample?) -> ToastArgument? {
        switch argument {
        case .string(let text): return .string(text == "Zed" ? "Ada" : "Zed")
        case .int: return sample?.otherIntegers.first.map { .int($0) }
        case .uint: return sample?.otherIntegers.first { $0 >= 0 }.map { .uint(UInt64($0)) }
        case .double, .float:
            guard let sample else { return nil }
            let text = sample.integer != nil ? sample.otherIntegers.first.map(String.init) : sample.otherDecimals.first
            guard let text, let value = Double(text) else { return nil }
            if case .float = argument { return .float(Float(value)) }
            return .double(value)
        }
    }

    /// `toast` with argument `argument` of its key text `field` set to `value`.
    static func replacing(argument: Int, of field: Int, in toast: Toast, with value: ToastArgument) -> Toast {
        mappingKeyTexts(of: toast) { position, text in
            guard position == field, case .key(let key, let table, var arguments, let defaultValue) = text,
                  argument < arguments.count else { return text }
            arguments[argument] = value
            return .key(key: key, table: table, arguments: arguments, defaultValue: defaultValue)
        }
    }
}
