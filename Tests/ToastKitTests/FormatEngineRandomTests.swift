import Testing
import ToastTestSupport
import ToastICU
import ToastKit
import ToastKitTesting

@Suite struct FormatEngineRandomTests {
    static let pieces: [String] = ["%", "%", "%", "1", "2", "9", "$", "-", "+", " ", "#", "0", "'", ".", "*", "l", "ll", "h", "hh", "q", "z", "j",
                                   "d", "i", "u", "x", "X", "o", "f", "e", "g", "G", "a", "c", "C", "s", "S", "p", "n", "@", "#@n@", "#@",
                                   "%%", "abc", " ", "999999999", "\u{1B}[31m", "٣", "日本", "\u{202E}", "%arg", "@"]

    static func randomArgument(_ rng: inout SeededGenerator) -> ToastArgument {
        switch rng.next() % 5 {
        case 0: .int(Int64(bitPattern: rng.next()))
        case 1: .uint(rng.next())
        case 2: .double([Double.nan, .infinity, -.infinity, 0, -0.0, 1e308, .leastNonzeroMagnitude, Double(bitPattern: rng.next())][Int(rng.next() % 8)])
        case 3: .float(Float(bitPattern: UInt32(truncatingIfNeeded: rng.next())))
        default: .string(String(repeating: "x", count: Int(rng.next() % 8)))
        }
    }

    @Test(arguments: [0x5EED_0001, 0x5EED_0002, 0x5EED_0003, 0x5EED_0004] as [UInt64])
    func randomSpecifiersNeverCrashOrExplode(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let locales = ["en", "ar", "de", "ja", "hi", "ru"].map { LocaleTag($0)! }
        let services = ICUServices()
        let engines = locales.map { FormatEngine(locale: $0, services: services) }
        for _ in 0..<25_000 {
            var format = ""
            for _ in 0..<Int(rng.next() % 12) { format += Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] }
            let arguments = (0..<Int(rng.next() % 5)).map { _ in Self.randomArgument(&rng) }
            let engine = engines[Int(rng.next() % UInt64(engines.count))]
            let (text, _) = engine.format(format, arguments)
            // Output is bounded by the input, the arguments' own text and the clamped widths.
            let bound = format.utf8.count * 8 + arguments.count * (1_100 + 400) + 64
            if text.utf8.count > bound {
                Issue.record("output of \(text.utf8.count) bytes for \(format.debugDescription) \(arguments)")
                return
            }
        }
    }
}
