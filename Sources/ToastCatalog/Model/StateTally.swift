/// How many of a String Catalog's entries are in each state, per locale code, counted by a
/// ``CatalogDetail/states`` read as it reads them (on each part's core, ``XCStringsParallelism``),
/// so that ``CatalogStats`` need not walk every entry's localizations again.
///
/// Entries are counted in groups by their codes: the codes of one entry's localizations, in
/// file order (entries of one catalog mostly share them), with, per code, how many of the
/// group's entries are translated, new or need review there. A tally holds for the entries it
/// counted; the catalog keeps it only when those are its entries (``StringCatalog/stateTally``):
/// no key read twice or spelled two ways, one `"strings"` member, and nothing changed since.
struct StateTally: Sendable {
    /// The entries of one list of codes.
    struct Group: Sendable {
        /// The codes, in file order (each once, while the tally ``holds``).
        let codes: [String]
        /// Per code, the entries that count (not `shouldTranslate: false`) in each state:
        /// `counts[3 * i + state - 1]` for the code at `i` and a ``CatalogStats/State`` raw value.
        var counts: [Int]
        /// The entries that count.
        var counted = 0
        /// Every entry, counted or not.
        var entries = 0

        init(codes: [String]) {
            self.codes = codes
            counts = Array(repeating: 0, count: 3 * codes.count)
        }
    }

    /// The groups, in order of their first entry.
    private(set) var groups: [Group] = []
    /// Each group's index by its codes.
    private var byCodes: [[String]: Int] = [:]
    /// The group of the last entry counted.
    private var last = -1
    /// Every entry counted.
    private(set) var entries = 0
    /// Whether the counts hold: false once an entry could not be counted as its table keeps it
    /// (a code repeated within one `"localizations"` object, a value without a state).
    private(set) var holds = true

    /// Counts one entry: its codes (as its table holds them, in file order) and the state of
    /// each code's value (``CatalogStats/State`` raw values, in the same order).
    @inline(__always)
    mutating func add(codes: [String], states: [UInt8], counts: Bool) {
        entries += 1
        guard codes.count == states.count else {
            holds = false
            return
        }
        let index: Int
        if last >= 0, groups[last].codes == codes {
            index = last
        } else if let known = byCodes[codes] {
            index = known
        } else {
            index = groups.count
            groups.append(Group(codes: codes))
            byCodes[codes] = index
        }
        last = index
        groups[index].entries += 1
        guard counts else { return }
        groups[index].counted += 1
        var valid = true
        groups[index].counts.withUnsafeMutableBufferPointer { tally in
            for (i, state) in states.enumerated() {
                guard state >= 1 && state <= 3 else {
                    valid = false
                    return
                }
                tally[3 * i + Int(state) - 1] += 1
            }
        }
        if !valid { holds = false }
    }

    /// Marks the counts as not holding.
    mutating func invalidate() { holds = false }

    /// Adds the counts of `other`, which counted the entries after these.
    mutating func add(_ other: StateTally) {
        entries += other.entries
        holds = holds && other.holds
        for group in other.groups {
            if let known = byCodes[group.codes] {
                groups[known].entries += group.entries
                groups[known].counted += group.counted
                for i in group.counts.indices { groups[known].counts[i] += group.counts[i] }
            } else {
                byCodes[group.codes] = groups.count
                groups.append(group)
            }
        }
        last = -1
    }
}
