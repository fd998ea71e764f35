/// Removes what untrusted text must not bring to a terminal: whole escape sequences (CSI,
/// OSC, DCS, APC, PM, SOS and two-character ESC sequences), C0 controls but TAB, DEL, C1
/// controls (U+0080–U+009F, U+009B is an 8-bit CSI), line and paragraph separators, and
/// bidi overrides and embeddings (U+202A–U+202E). Isolates (U+2066–U+2069) are balanced:
/// an unmatched PDI is dropped and open isolates are closed at the end of the field, so no
/// field leaks direction into the next.
///
/// ```swift
/// Sanitizer.clean("Hi\u{1B}]0;pwned\u{07} there")          // "Hi there"
/// Sanitizer.clean("a\nb", newlines: .space)                  // "a b"
/// ```
public enum Sanitizer {
    /// What to do with a line feed.
    public enum NewlinePolicy: Sendable {
        /// Keep it as a line break (messages).
        case keep
        /// Turn it into a space (titles, labels).
        case space
    }

    /// Returns `text` with every unsafe character and sequence removed.
    public static func clean(_ text: String, newlines: NewlinePolicy = .space) -> String {
        var needsWork = false
        for scalar in text.unicodeScalars where isSuspect(scalar.value) { needsWork = true; break }
        if !needsWork { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        var openIsolates = 0
        while let scalar = scalars.popFirst() {
            let v = scalar.value
            switch v {
            case 0x1B:
                skipEscape(&scalars)
            case 0x9B:
                skipCSI(&scalars)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                skipString(&scalars)
            case 0x0A:
                if newlines == .keep { out.append(scalar) } else { out.append(" ") }
            case 0x0D:
                if scalars.first?.value != 0x0A, newlines == .space { out.append(" ") }
            case 0x09:
                out.append(" ")
            case 0x00...0x1F, 0x7F, 0x80...0x9F, 0x2028, 0x2029, 0x202A...0x202E:
                continue
            case 0x2066...0x2068:
                openIsolates += 1
                out.append(scalar)
            case 0x2069:
                if openIsolates > 0 { openIsolates -= 1; out.append(scalar) }
            default:
                out.append(scalar)
            }
        }
        for _ in 0..<openIsolates { out.append("\u{2069}") }
        return String(out)
    }

    @inline(__always) static func isSuspect(_ v: UInt32) -> Bool {
        v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0x2028 || v == 0x2029 || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
    }

    /// Skips what follows ESC: a CSI, a string sequence up to its terminator, or one character.
    private static func skipEscape(_ scalars: inout Substring.UnicodeScalarView) {
        guard let next = scalars.first else { return }
        switch next.value {
        case 0x5B:  // [
            scalars.removeFirst()
            skipCSI(&scalars)
        case 0x5D, 0x50, 0x5F, 0x5E, 0x58:  // ] P _ ^ X
            scalars.removeFirst()
            skipString(&scalars)
        case 0x20...0x2F:  // intermediates, then a final byte
            while let c = scalars.first, c.value >= 0x20 && c.value <= 0x2F { scalars.removeFirst() }
            if let c = scalars.first, c.value >= 0x30 && c.value <= 0x7E { scalars.removeFirst() }
        case 0x30...0x7E:
            scalars.removeFirst()
        default:
            break
        }
    }

    /// CSI: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, one final byte 0x40–0x7E.
    private static func skipCSI(_ scalars: inout Substring.UnicodeScalarView) {
        while let c = scalars.first, c.value >= 0x20 && c.value <= 0x3F { scalars.removeFirst() }
        if let c = scalars.first, c.value >= 0x40 && c.value <= 0x7E { scalars.removeFirst() }
    }

    /// OSC, DCS, SOS, PM, APC: everything up to BEL, ST (ESC \) or 8-bit ST (U+009C).
    private static func skipString(_ scalars: inout Substring.UnicodeScalarView) {
        while let c = scalars.popFirst() {
            if c.value == 0x07 || c.value == 0x9C { return }
            if c.value == 0x1B {
                if scalars.first?.value == 0x5C { scalars.removeFirst() }
                return
            }
        }
    }
}
