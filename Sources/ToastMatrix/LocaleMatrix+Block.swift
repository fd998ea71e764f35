import ToastCatalog
import ToastICU
import ToastKit

extension LocaleMatrix {
    /// A toast's cells in one locale, checked, and the block's own findings.
    func block(_ toast: Toast, _ prepared: Prepared) -> MatrixBlock {
        let target = prepared.target
        guard let base = prepared.localizers["other"] else {
            return MatrixBlock(toast: toast.id, locale: target.locale, pseudo: target.pseudo, cells: [], findings: [])
        }
        let texts = Self.keyTexts(of: toast)
        // The values lookup will use, to see which devices and zero forms exist.
        var values: [LocalizedValue] = []
        for text in texts {
            guard case .key(let key, let table, _, _) = text else { continue }
            for tag in base.fallbackChain {
                if let value = base.catalogValue(forKey: key, table: table, locale: tag) {
                    values.append(value)
                    break
                }
            }
        }
        var devicesFound: Set<String> = []
        var hasZero = false
        for value in values { Self.scan(value, devices: &devicesFound, zero: &hasZero) }
        let devices: [String?]
        if devicesFound.isEmpty {
            devices = [nil]
        } else if let chosen = options.devices {
            devices = chosen
        } else {
            devices = devicesFound.union(["other"]).sorted()
        }

        var hasInteger = false
        var hasFloat = false
        for text in texts {
            for argument in text.arguments {
                switch argument {
                case .int, .uint: hasInteger = true
                case .double, .float: hasFloat = true
                case .string: break
                }
            }
        }
        var samples: [Sample?] = [nil]
        if hasInteger || hasFloat {
            samples = prepared.samples.filter { $0.integer != nil || (hasFloat && $0.decimal != nil) }
            if hasZero && !samples.contains(where: { $0?.integer == 0 && $0?.category == .zero }) {
                samples.insert(Sample(category: .zero, integer: 0, decimal: nil), at: 0)
            }
        }

        let hasArguments = texts.contains { !$0.arguments.isEmpty }
        // Only values with variations can have forms no sample reaches: trace those.
        let tracing = values.contains { !$0.plural.isEmpty || !$0.device.isEmpty || !$0.substitutions.isEmpty }
        let budget = options.budget(for: toast.role, target: target)
        var presenter = presenters[toast.role]!
        if options.truncates, budget.lines != options.budget(for: toast.role).lines {
            // A locale's own line budget cuts at its own height.
            presenter = LinePresenter(options: .init(width: options.width, color: false, symbols: options.symbols,
                                                     ambiguousWidth: options.ambiguousWidth, maxLines: budget.lines),
                                      services: services)
        }
        var cells: [MatrixCell] = []
        cells.reserveCapacity(samples.count * devices.count)
        var reached: Set<VariantKey> = []
        var used: [VariantKey] = []
        for sample in samples {
            let (sampled, number) = sample.map { Self.applying($0, to: toast) } ?? (toast, nil)
            for device in devices {
                let localizer = device.flatMap { prepared.localizers[$0] } ?? base
                let resolved = localizer.resolve(sampled, tracing: tracing)
                let lines = presenter.lines(for: resolved)
                // A text whose value has variations always records the path it took; the
                // others cannot have unreached forms.
                for trace in resolved.traces where !trace.paths.isEmpty {
                    guard let locale = trace.locale else { continue }
                    let key = VariantKey(table: trace.table, key: trace.key, locale: locale, path: "")
                    if !used.contains(key) { used.append(key) }
                    for path in trace.paths {
                        reached.insert(VariantKey(table: trace.table, key: trace.key, locale: locale, path: path))
                    }
                }
                var widest = 0
                for line in lines { widest = max(widest, TextWidth.cells(of: line, ambiguous: options.ambiguousWidth)) }
                var findings = check(sampled, resolved, lines: lines, widest: widest, budget: budget, sample: sample)
                // An argument the format reads wrongly is the format finding's; not reported twice.
                if hasArguments, !resolved.diagnostics.contains(where: { $0.rule == .formatArgument }) {
                    findings += droppedArguments(sampled, resolved, localizer: localizer, sample: sample, locale: resolved.locale)
                }
                findings = findings.map(options.withSeverity)
                cells.append(MatrixCell(toast: toast.id, locale: resolved.locale, category: sample?.category, number: number,
                                        device: device, lines: lines, widest: widest, direction: resolved.direction,
                                        findings: findings))
            }
        }
        var findings: [MatrixFinding] = []
        if samples.contains(where: { $0 != nil }) {
            for key in used {
                guard let value = base.catalogValue(forKey: key.key, table: key.table, locale: key.locale) else { continue }
                var paths: [String] = []
                Self.variantPaths(value, prefix: "", into: &paths)
                let missed = paths.filter { path in
                    !path.hasSuffix("plural.other") && path.contains("plural.")
                        && !reached.contains(VariantKey(table: key.table, key: key.key, locale: key.locale, path: path))
                }
                guard !missed.isEmpty else { continue }
                let sampled = samples.compactMap { $0.map { "\($0.category.rawValue) \($0.integer.map(String.init) ?? $0.decimal ?? "")" } }
                findings.append(options.withSeverity(MatrixFinding(.unreachedVariant, message:
                    "“\(key.key)” (\(key.locale.identifier)) has \(missed.joined(separator: ", ")), which no sample reaches (samples: \(sampled.joined(separator: ", ")))")))
            }
        }
        return MatrixBlock(toast: toast.id, locale: cells.first?.locale ?? target.locale, pseudo: target.pseudo,
                           cells: cells, findings: findings)
    }

    /// A (table, key, locale, variation path) reached or present.
    struct VariantKey: Hashable {
        let table: String?
        let key: String
        let locale: LocaleTag
        let path: String
    }

    /// The key texts of a toast: title, subtitle, message, action labels.
    static func keyTexts(of toast: Toast) -> [ToastText] {
        var texts: [ToastText] = []
        if case .custom(let title) = toast.title { texts.append(title) }
        if let subtitle = toast.subtitle { texts.append(subtitle) }
        texts.append(toast.message)
        for action in toast.actions { texts.append(action.label) }
        return texts
    }

    /// Device classes and `zero` forms anywhere in a value.
    static func scan(_ value: LocalizedValue, devices: inout Set<String>, zero: inout Bool) {
        if value.plural[.zero] != nil { zero = true }
        for (device, branch) in value.device {
            devices.insert(device)
            scan(branch, devices: &devices, zero: &zero)
        }
        for branch in value.plural.values { scan(branch, devices: &devices, zero: &zero) }
        for substitution in value.substitutions.values {
            if substitution.plural[.zero] != nil { zero = true }
        }
    }

    /// The variation paths of a value as the localizer records them: device forms first,
    /// else plural forms, down to a string; substitution forms on their own.
    static func variantPaths(_ value: LocalizedValue, prefix: String, into paths: inout [String]) {
        if !value.device.isEmpty {
            for (device, branch) in value.device { variantPaths(branch, prefix: prefix + "device.\(device).", into: &paths) }
            return
        }
        if !value.plural.isEmpty {
            for (category, branch) in value.plural { variantPaths(branch, prefix: prefix + "plural.\(category.rawValue).", into: &paths) }
            return
        }
        if !prefix.isEmpty { paths.append(String(prefix.dropLast())) }
        for (name, substitution) in value.substitutions {
            for category in substitution.plural.keys { paths.append("substitutions.\(name).plural.\(category.rawValue)") }
        }
    }

    /// `toast` with every numeric argument set to the sample, and the number shown.
    static func applying(_ sample: Sample, to toast: Toast) -> (Toast, String) {
        var shown: String?
        func argument(_ argument: ToastArgument) -> ToastArgument {
            switch argument {
            case .int:
                guard let integer = sample.integer else { return argument }
                shown = shown ?? String(integer)
                return .int(integer)
            case .uint:
                guard let integer = sample.integer, integer >= 0 else { return argument }
                shown = shown ?? String(integer)
                return .uint(UInt64(integer))
            case .double, .float:
                let text = sample.integer.map { String($0) } ?? sample.decimal ?? "0"
                guard let number = Double(text) else { return argument }
                shown = shown ?? text
                if case .float = argument { return .float(Float(number)) }
                return .double(number)
            case .string:
                return argument
            }
        }
        let copy = mappingKeyTexts(of: toast) { _, text in
            guard case .key(let key, let table, let arguments, let defaultValue) = text, !arguments.isEmpty else { return text }
            return .key(key: key, table: table, arguments: arguments.map(argument), defaultValue: defaultValue)
        }
        return (copy, shown ?? "")
    }

    /// `toast` with each of its key texts (``keyTexts(of:)``, in that order: title,
    /// subtitle, message, action labels) replaced by `transform(position, text)`.
    static func mappingKeyTexts(of toast: Toast, _ transform: (Int, ToastText) -> ToastText) -> Toast {
        var position = 0
        func next(_ text: ToastText) -> ToastText {
            defer { position += 1 }
            return transform(position, text)
        }
        var copy = toast
        if case .custom(let title) = toast.title { copy.title = .custom(next(title)) }
        copy.subtitle = toast.subtitle.map(next)
        copy.message = next(toast.message)
        copy.actions = toast.actions.map { ToastAction(next($0.label), identifier: $0.identifier) }
        return copy
    }
}
