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
    /// An argument is shown when its text (a number in the locale's digits) is in the
    /// rendered text; otherwise the cell is rendered again with that argument changed (another
    /// text, another number of the same plural category) and the argument is missing when
    /// nothing changes. A category that stands for one number alone (English `one`, Arabic
    /// `two`, Apple's `zero` cell) may write it in words, and is not checked. The source
    /// shows an argument when changing it changes its text at its `other` sample.
    func droppedArguments(_ toast: Toast, _ resolved: ResolvedToast, localizer: Localizer, sample: Sample?,
                          locale: LocaleTag) -> [MatrixFinding] {
        var findings: [MatrixFinding] = []
        let fields = Self.fields(of: toast, resolved)
        for (fieldIndex, field) in fields.enumerated() {
            guard case .key(_, _, let arguments, _) = field.text, !arguments.isEmpty, let rendered = field.rendered else { continue }
            for (index, argument) in arguments.enumerated() {
                if let shown = displayed(argument, locale: locale), rendered.contains(shown) { continue }
                guard let other = Self.alternative(to: argument, sample: sample),
                      sourceShows(toast, field: fieldIndex, argument: index) else { continue }
                let changed = Self.replacing(argument: index, of: fieldIndex, in: toast, with: other)
                guard Self.fields(of: changed, localizer.resolve(changed))[fieldIndex].rendered == rendered else { continue }
                let source = sourceLanguage.identifier
                let what: String
                switch argument {
                case .string(let text): what = "argument \(index + 1) (“\(text)”) is missing from the text"
                default: what = "argument \(index + 1) (\(argument.plainText)) is missing from the text: \(other.plainText) reads the same"
                }
                findings.append(MatrixFinding(.droppedArgument, field: field.name,
                                              message: "\(what), though the \(source) text shows it: “\(rendered)”"))
            }
        }
        return findings
    }

    /// How `argument` reads in `locale` when a `%@` or plain `%d` shows it; `nil` for
    /// floating-point numbers, whose digits depend on the specifier.
    private func displayed(_ argument: ToastArgument, locale: LocaleTag) -> String? {
        switch argument {
        case .string(let text): return text.isEmpty ? nil : text
        case .int(let value): return (try? services.numberFormatter(locale))?.format(value) ?? String(value)
        case .uint(let value): return (try? services.numberFormatter(locale))?.format(value) ?? String(value)
        case .double, .float: return nil
        }
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
        case .uint: return sample?.otherIntegers.first { $0 > 0 }.map { .uint(UInt64($0)) }
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
        var position = 0
        func edit(_ text: ToastText) -> ToastText {
            defer { position += 1 }
            guard position == field, case .key(let key, let table, var arguments, let defaultValue) = text,
                  argument < arguments.count else { return text }
            arguments[argument] = value
            return .key(key: key, table: table, arguments: arguments, defaultValue: defaultValue)
        }
        var copy = toast
        if case .custom(let title) = toast.title { copy.title = .custom(edit(title)) }
        copy.subtitle = toast.subtitle.map(edit)
        copy.message = edit(toast.message)
        copy.actions = toast.actions.map { ToastAction(edit($0.label), identifier: $0.identifier) }
        return copy
    }
}
