/// Describes how a rendered text differs from its golden file.
public enum GoldenDifference {
    /// The first differing line of two texts, with its number, both versions and the line
    /// counts.
    ///
    /// ```text
    /// matrix.txt:12: output differs from the golden file (40 lines expected, 41 rendered; RECORD=1 re-records)
    ///   expected: Erreur : Le disque est plein.
    ///   actual:   Erreur : Le disque est saturé.
    /// ```
    public static func describe(expected: String, actual: String, file: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? String(a[index]) : "(end of file)"
            let right = index < b.count ? String(b[index]) : "(end of output)"
            if left != right {
                return """
                    \(file):\(index + 1): output differs from the golden file (\(a.count) lines expected, \(b.count) rendered; RECORD=1 re-records)
                      expected: \(left)
                      actual:   \(right)
                    """
            }
        }
        return "\(file): output differs from the golden file only in line endings"
    }
}
