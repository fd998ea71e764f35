import ToastSupport

/// Per-locale caches of ICU objects: plural rules, number formatters, line breakers and list
/// formatters, each opened once and shared.
///
/// Opening an ICU object costs microseconds; formatting with a cached one costs nanoseconds.
/// One instance is meant to live as long as the ``Localizer`` or presenter that owns it; it
/// is safe to use from many threads.
///
/// Each cache holds at most ``maximumEntries`` objects: input that names ever new locales or
/// number skeletons (a hostile catalog) starts the cache afresh instead of growing it without
/// bound; objects already handed out stay valid.
public final class ICUServices: Sendable {
    /// The most objects one cache keeps (per kind).
    public static let maximumEntries = 256

    private let plurals = Locked<[LocaleTag: PluralRules]>([:])
    private let numbers = Locked<[NumberKey: ICUNumberFormatter]>([:])
    private let breakers = Locked<[LocaleTag: LineBreaker]>([:])
    private let lists = Locked<[LocaleTag: ICUListFormatter]>([:])
    private let bidi = Locked<[Int: VisualBidi]>([:])
    /// How many scalars `cells(of:ambiguous:)` has asked ICU for one at a
    /// time.
    let widthLookups = Locked<Int>(0)

    private struct NumberKey: Hashable { let locale: LocaleTag; let skeleton: String }

    /// Creates empty caches.
    public init() {}

    /// The cardinal plural rules of `locale`.
    public func pluralRules(_ locale: LocaleTag) throws(ICUFailure) -> PluralRules {
        try cached(plurals, locale) { () throws(ICUFailure) in try PluralRules(locale: locale) }
    }

    /// A number formatter for `locale` and an ICU skeleton (`""`, `.00`, `percent scale/100`…).
    public func numberFormatter(_ locale: LocaleTag, skeleton: String = "") throws(ICUFailure) -> ICUNumberFormatter {
        try cached(numbers, NumberKey(locale: locale, skeleton: skeleton)) { () throws(ICUFailure) in
            try ICUNumberFormatter(locale: locale, skeleton: skeleton)
        }
    }

    /// The line breaker of `locale`.
    public func lineBreaker(_ locale: LocaleTag) throws(ICUFailure) -> LineBreaker {
        try cached(breakers, locale) { () throws(ICUFailure) in try LineBreaker(locale: locale) }
    }

    /// The list formatter of `locale`.
    public func listFormatter(_ locale: LocaleTag) throws(ICUFailure) -> ICUListFormatter {
        try cached(lists, locale) { () throws(ICUFailure) in try ICUListFormatter(locale: locale) }
    }

    /// The visual-order bidi reorderer (one per services instance; calls are serialized).
    public func visualBidi() throws(ICUFailure) -> VisualBidi {
        try cached(bidi, 0) { () throws(ICUFailure) in try VisualBidi() }
    }

    private func cached<Key: Hashable & Sendable, Value: Sendable>(
        _ cache: Locked<[Key: Value]>, _ key: Key, _ open: () throws(ICUFailure) -> Value
    ) throws(ICUFailure) -> Value {
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let opened = try open()
        return cache.withLock { storage in
            if let raced = storage[key] { return raced }
            if storage.count >= Self.maximumEntries { storage.removeAll(keepingCapacity: true) }
            storage[key] = opened
            return opened
        }
    }
}
