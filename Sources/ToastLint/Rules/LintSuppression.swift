import ToastCatalog

/// `[no-lint]` or `[no-lint: rule-a, rule-b]` in an entry's comment.
public enum LintSuppression {
    /// Whether `comment` can suppress any rule (it holds `[no-lint`).
    package static func maySuppress(_ comment: String) -> Bool {
        // The comment's bytes read in place, each `[` compared with the marker: asked of every
        // finding's comment, the walk over the UTF-8 view with the marker made as an array each
        // time took a thousand instructions.
        let marker: StaticString = "[no-lint"
        return comment.withUTF8Bytes { bytes in
            marker.withUTF8Buffer { marker in
                guard bytes.count >= marker.count else { return false }
                for start in 0...(bytes.count - marker.count) where bytes[start] == UInt8(ascii: "[") {
                    if UnsafeBufferPointer(rebasing: bytes[start..<start + marker.count]).hasSameBytes(as: marker) { return true }
                }
                return false
            }
        }
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
