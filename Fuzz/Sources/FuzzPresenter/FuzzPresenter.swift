// libFuzzer target: the sanitizer and the line presenter on untrusted text.
// Invariants: the sanitizer leaves no control character, escape sequence, line separator or
// bidi override/embedding; the presenter's lines carry none either (with colour on, only our
// own SGR sequences), and no line is wider than the width (wide and ambiguous characters,
// graphemes and right-to-left text included, logical and visual bidi).
import FuzzSupport
import ToastICU
import ToastKit

private let services = ICUServices()
private let localeCodes = ["en", "ar", "he", "ja", "de", "hi", "th"]
private let localizers = localeCodes.map { Localizer(preferences: [LocaleTag($0)!], services: services) }

/// The first forbidden scalar in `text`, if any; `allowNewline` for sanitized messages.
private func forbidden(_ text: String, allowNewline: Bool) -> Unicode.Scalar? {
    text.unicodeScalars.first { scalar in
        switch scalar.value {
        case 0x0A: !allowNewline
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E: true
        default: false
        }
    }
}

/// `line` without the SGR sequences (`ESC [ digits ; … m`) the presenter itself writes.
private func strippingSGR(_ line: String) -> String {
    var out = String.UnicodeScalarView()
    var scalars = line.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
        guard scalar == "\u{1B}", scalars.first == "[" else { out.append(scalar); continue }
        var sequence = scalars.dropFirst()
        while let next = sequence.first, ("0"..."9").contains(next) || next == ";" { sequence = sequence.dropFirst() }
        guard sequence.first == "m" else { out.append(scalar); continue }
        scalars = sequence.dropFirst()
    }
    return String(out)
}

@main
enum Main {
    static func main() { runFuzzer(fuzzPresenter) }
}

private func fuzzPresenter(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    var reader = FuzzReader(bytes(data, count))
    let width = 2 + reader.int(below: 100)
    let localizer = localizers[reader.int(below: localizers.count)]
    let role = ToastRole.allCases[reader.int(below: ToastRole.allCases.count)]
    let flags = reader.byte()
    let options = LinePresenter.Options(
        width: width, color: flags & 1 != 0, symbols: SymbolSet.allCases[Int(flags >> 1) % SymbolSet.allCases.count],
        ambiguousWidth: flags & 8 != 0 ? .wide : .narrow, bidi: flags & 16 != 0 ? .visual : .logical,
        maxLines: flags & 32 != 0 ? 1 + Int(flags >> 6) : nil)
    let title = reader.string(limit: 128)
    let actions = (0..<reader.int(below: 4)).map { _ in ToastAction(ToastText(verbatim: reader.string(limit: 32))) }
    let message = reader.rest()

    for (text, newlines) in [(title, Sanitizer.NewlinePolicy.space), (message, .keep)] {
        let clean = Sanitizer.clean(text, newlines: newlines)
        if let bad = forbidden(clean, allowNewline: newlines == .keep) {
            require(false, "the sanitizer left U+\(String(bad.value, radix: 16, uppercase: true)) in \(clean.debugDescription)")
        }
    }

    let toast = Toast(role, title: flags & 4 != 0 ? .custom(ToastText(verbatim: title)) : .automatic,
                      message: ToastText(verbatim: message), actions: actions,
                      style: flags & 64 != 0 ? .indeterminate : .standard)
    let resolved = localizer.resolve(toast)
    let lines = LinePresenter(options: options, services: services).lines(for: resolved)
    if let maxLines = options.maxLines {
        require(lines.count <= maxLines, "\(lines.count) lines with a limit of \(maxLines)")
    }
    for line in lines {
        let visible = options.color ? strippingSGR(line) : line
        if let bad = forbidden(visible, allowNewline: false) {
            require(false, "a line holds U+\(String(bad.value, radix: 16, uppercase: true)): \(line.debugDescription)")
        }
        let cells = TextWidth.cells(of: visible, ambiguous: options.ambiguousWidth)
        require(cells <= width, "a line is \(cells) cells wide at width \(width): \(visible.debugDescription)")
    }
    return 0
}
