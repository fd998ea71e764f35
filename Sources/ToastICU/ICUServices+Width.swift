import ToastSupport

extension ICUServices {
    /// How many BMP scalars outside ``TextWidth``'s small tables a services instance asks ICU
    /// for one at a time at most, before it measures from the whole table instead. Making the
    /// table costs about 5 M instructions (ICU works out the sets of scalars of each width);
    /// asking one scalar costs a few hundred, so a presenter that measures a few short lines
    /// of Chinese, Japanese or Korean (`toastkit show`, `toastkit demo --locale ja`) never
    /// makes the table, and one that measures many pays at most about a tenth more. A text is
    /// measured scalar by scalar only when its UTF-8 length (which no count of its scalars
    /// exceeds) fits in what is left of the limit.
    public static let directWidthLookups = 2048

    /// The cells `text` takes: `TextWidth.cells(of:ambiguous:)`, with the scalars beyond the
    /// small tables asked of ICU one at a time while the text's UTF-8 length fits in what is
    /// left of this instance's ``directWidthLookups``, and read from the whole table
    /// otherwise. The answer is the same either way.
    public func cells(of text: some StringProtocol, ambiguous: AmbiguousWidth = .narrow) -> Int {
        measuring(atMost: text.utf8.count) { direct in TextWidth.measure(text, ambiguous: ambiguous, direct: direct) }
    }

    /// The cells a string takes, as `cells(of:ambiguous:)` measures
    /// (specialized: no generic dispatch across modules).
    public func cells(of text: String, ambiguous: AmbiguousWidth = .narrow) -> Int {
        measuring(atMost: text.utf8.count) { direct in TextWidth.measure(text, ambiguous: ambiguous, direct: direct) }
    }

    /// The cells a substring takes, as `cells(of:ambiguous:)` measures
    /// (specialized: no generic dispatch across modules).
    public func cells(of text: Substring, ambiguous: AmbiguousWidth = .narrow) -> Int {
        measuring(atMost: text.utf8.count) { direct in TextWidth.measure(text, ambiguous: ambiguous, direct: direct) }
    }

    /// The cells one grapheme cluster takes: `TextWidth.cells(of:ambiguous:)` of a character,
    /// asked as `cells(of:ambiguous:)` asks.
    public func cells(of character: Character, ambiguous: AmbiguousWidth = .narrow) -> Int {
        measuring(atMost: character.utf8.count) { direct in TextWidth.cells(of: character, ambiguous: ambiguous, direct: direct) }
    }

    /// Runs a measurement of a text that has at most `bound` scalars, scalar by scalar when
    /// they fit in what is left of ``directWidthLookups``, and counts the scalars it asked.
    @inline(__always)
    private func measuring(atMost bound: Int, _ measure: (_ direct: Bool) -> (cells: Int, asked: Int)) -> Int {
        let direct = widthLookups.withLock { $0 + bound <= Self.directWidthLookups }
        let measured = measure(direct)
        if direct && measured.asked > 0 { widthLookups.withLock { $0 += measured.asked } }
        return measured.cells
    }

    /// How many scalars this instance has asked ICU for one at a time (tests).
    package var widthLookupsAsked: Int { widthLookups.withLock { $0 } }
}
