/// An entry under its key exactly as a file spells it.
///
/// Swift's strings, and so ToastKit's lookups, equate canonically equal keys: `café` typed as
/// U+00E9 or as U+0065 U+0301, `K` or U+212A KELVIN SIGN. Apple's runtime compares table keys
/// by UTF-16 code units, so to it these are different keys. A catalog keeps every spelling it
/// read (see ``StringCatalog/respelledEntries`` and ``StringCatalog/entriesBySpelling()``), so
/// that a writer never merges two of the user's keys.
public struct SpelledEntry: Sendable, Equatable {
    /// The key, with the scalars the file has.
    public var key: String
    /// The entry.
    public var entry: CatalogEntry

    /// Creates an entry under a key spelled as given.
    public init(key: String, entry: CatalogEntry) {
        self.key = key
        self.entry = entry
    }

    /// Entries are equal when their keys have the same scalars and their entries are equal.
    public static func == (lhs: SpelledEntry, rhs: SpelledEntry) -> Bool {
        lhs.key.hasSameScalars(as: rhs.key) && lhs.entry == rhs.entry
    }
}

extension SpelledEntry {
    /// `entries` in `keys` order, each key's other spellings (from `respelled`) after it; an
    /// other spelling whose first is gone comes last.
    static func ordered(keys: [String], entries: [String: CatalogEntry], respelled: [SpelledEntry]) -> [SpelledEntry] {
        let first = keys.compactMap { key in entries[key].map { SpelledEntry(key: key, entry: $0) } }
        return respelled.isEmpty ? first : grouped(first + respelled)
    }

    /// The entries grouped by canonically equal keys, the groups in the order of their first
    /// entries, each group's entries in their order.
    static func grouped(_ entries: [SpelledEntry]) -> [SpelledEntry] {
        var groups: [String: Int] = [:]  // canonical key → index in lists
        var lists: [[SpelledEntry]] = []
        for item in entries {
            if let at = groups[item.key] { lists[at].append(item) } else {
                groups[item.key] = lists.count
                lists.append([item])
            }
        }
        return lists.count == entries.count ? entries : lists.flatMap { $0 }
    }
}

/// A key that is equal to another only when their scalars are (not by canonical equivalence),
/// for merging entries spelling by spelling.
struct ExactKey: Hashable {
    let key: String

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
        CodePointOrder.compare(lhs.key, rhs.key) == 0
    }

    func hash(into hasher: inout Hasher) {
        var key = key
        key.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
