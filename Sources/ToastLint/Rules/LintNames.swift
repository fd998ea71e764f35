import ToastCatalog

/// What the text rules know of words that stay the same across languages: product and
/// platform names, acronyms, and the scripts written without spaces between words.
enum LintNames {
    /// Product, platform and service names no translation changes (`unchanged-translation`
    /// ignores them, as it does the configuration's `doNotTranslate` terms).
    static let products: [String] = [
        "Apple Watch", "Apple TV", "Apple Music", "Apple Pay", "Apple ID", "Apple Account", "App Store", "Mac App Store",
        "Google Play", "Face ID", "Touch ID", "Optic ID", "Game Center", "Control Center", "Notification Center",
        "Vision Pro", "Visual Studio Code", "Wi-Fi", "Bluetooth", "AirDrop", "AirPlay", "AirPods", "CarPlay", "HomeKit",
        "HealthKit", "iCloud", "iCloud Drive", "iMessage", "FaceTime", "iPhone", "iPad", "iPod", "Mac", "MacBook", "iMac",
        "macOS", "iOS", "iPadOS", "watchOS", "tvOS", "visionOS", "Apple", "Safari", "Finder", "Xcode", "Siri", "Spotlight",
        "Launchpad", "Time Machine", "GitHub", "GitLab", "Google", "Gmail", "YouTube", "Android",
        "Windows", "Linux", "Microsoft", "Dropbox", "OneDrive", "Slack", "Discord", "Telegram", "WhatsApp",
        "Mastodon", "Twitter", "Facebook", "Instagram", "Reddit", "Firefox", "Chrome", "Homebrew",
        "Sparkle", "Rosetta", "Markdown", "JSON", "Unicode", "OpenStreetMap", "Jitsi",
    ]

    /// Terms that stay as they are (the product names and a configuration's
    /// `doNotTranslate`), matched as whole words: each term's words, in order, looked up by
    /// its first word, so a text is read once whatever the number of terms.
    struct Terms: Sendable {
        /// First word → the word sequences of the terms that start with it, longest first.
        private var byFirstWord: [Substring: [[Substring]]] = [:]

        /// The product names and `extra` (`doNotTranslate`).
        init(extra: [String]) {
            for term in LintNames.products + extra {
                let words = Self.words(of: term)
                guard let first = words.first else { continue }
                byFirstWord[first, default: []].append(words)
            }
            for first in byFirstWord.keys { byFirstWord[first]!.sort { $0.count > $1.count } }
        }

        /// The words of a text: runs of letters, digits and apostrophes.
        static func words(of text: some StringProtocol) -> [Substring] {
            Substring(text).split { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "’") }
        }

        /// Whether `text` has words left to translate once placeholders, these terms,
        /// acronyms (`PDF`, `URL`), mixed-case names (`iCloud`, `WireGuard`) and numbers are
        /// taken out.
        func hasTranslatableWords(_ text: String) -> Bool {
            var literal = ""
            for token in FormatString.tokens(text) {
                if case .literal(let part) = token { literal += part } else { literal += " " }
            }
            let words = Self.words(of: literal)
            var i = 0
            while i < words.count {
                if let candidates = byFirstWord[words[i]],
                   let term = candidates.first(where: { words[i...].starts(with: $0) }) {
                    i += term.count
                    continue
                }
                if Self.isTranslatable(words[i]) { return true }
                i += 1
            }
            return false
        }

        /// Two letters or more, not an acronym (all capitals) nor a name with a capital inside.
        private static func isTranslatable(_ word: Substring) -> Bool {
            let letters = word.filter(\.isLetter)
            guard letters.count >= 2 else { return false }
            if letters.allSatisfy(\.isUppercase) { return false }
            return !letters.dropFirst().contains(where: \.isUppercase)
        }
    }

    /// One word of at most 16 letters: the texts languages of one script often share.
    static func isShort(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace)
        return words.count == 1 && text.unicodeScalars.filter(\.properties.isAlphabetic).count <= 16
    }

    /// Whether text of this scalar's script joins its neighbours without a space: Han, kana,
    /// Hangul (particles attach to the word before), Thai, Lao, Khmer, Myanmar, Tibetan, and
    /// CJK punctuation.
    static func attachesWithoutSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF, 0x0F00...0x0FFF, 0x1000...0x109F, 0x1780...0x17FF, 0x1100...0x11FF,
             0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }
}
