import ToastCatalog

/// `[no-lint]` or `[no-lint: rule-a, rule-b]` in an entry's comment.
public enum LintSuppression {
    /// Whether `comment` can suppress any rule (it holds `[no-lint`).
    package static func maySuppress(_ comment: String) -> Bool {
        // The comment's bytes read in place: asked of every finding's comment, the walk over
        // the UTF-8 view with the marker made as an array each time took a thousand
        // instructions.
        comment.withUTF8Bytes { $0.contains(bytesOf: "[no-lint") }
    }

    /// Whether `comment` suppresses `rule`.
    public static func suppresses(_ comment: String, rule: RuleID) -> Bool {
        // Most comments hold no marker: a byte scan says so without searching by characters
        // (lint asks this of every finding's comment).
        guard maySuppress(comment) else { return false }
        var rest = Substring(comment)
        while let open = rest.firstRange(of: "[no-lint") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: "]") else { return false }
            let inside = String(after[..<close]).trimmingWhitespace
            if inside.isEmpty { return true }
            if inside.hasPrefix(":") {
                let names = inside.dropFirst().split(separator: ",").map { String($0).trimmingWhitespace }
                if names.contains(rule.rawValue) { return true }
            }
            rest = after[close...]
        }
        return false
    }
}
