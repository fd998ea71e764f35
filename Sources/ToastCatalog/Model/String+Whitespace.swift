extension String {
    /// The text without white space (Unicode `White_Space`) at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives, without Foundation.
    package var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
