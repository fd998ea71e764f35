import Foundation
import Testing
import ToastKit

/// One format × arguments case of the differential test.
struct FormatCase: CustomTestStringConvertible, Sendable {
    var format: String
    var arguments: [ToastArgument]
    var locale: String

    var testDescription: String { "\(locale) \(format.debugDescription) \(arguments)" }

    /// The same arguments as C varargs for Foundation.
    var varargs: [CVarArg] {
        arguments.map { argument -> CVarArg in
            switch argument {
            case .int(let v): v
            case .uint(let v): v
            case .double(let v): v
            case .float(let v): Double(v)
            case .string(let v): NSString(string: v)
            }
        }
    }
}

enum FormatCases {
    static let locales = ["en_US", "de_DE", "fr_FR", "ru_RU", "ar_EG", "hi_IN", "ja_JP", "es_ES", "pt_BR", "he_IL"]

    static let templates: [(String, [ToastArgument])] = [
        ("%d", [.int(1_234_567)]), ("%d", [.int(-42)]), ("%i files", [.int(0)]), ("%ld", [.int(3_000_000_000)]),
        ("%lld items", [.int(-9_876_543_210)]), ("%u", [.int(7)]), ("%lu", [.uint(123_456)]), ("%llu", [.uint(42)]),
        ("%hd", [.int(70_000)]), ("%hhd", [.int(300)]), ("%d", [.int(3_000_000_000)]),
        ("%f", [.double(3.5)]), ("%lf", [.double(-0.125)]), ("%.2f", [.double(1234.5678)]), ("%.0f", [.double(2.5)]),
        ("%.0f", [.double(3.5)]), ("%.1f", [.double(0.05)]), ("%.3f", [.double(1e9)]), ("%F", [.double(12.25)]),
        ("%e", [.double(1234.5)]), ("%.2e", [.double(-0.000123)]), ("%E", [.double(1e100)]), ("%g", [.double(1234.5)]),
        ("%g", [.double(0.0001234)]), ("%g", [.double(1e-5)]), ("%g", [.double(1_000_000)]), ("%g", [.double(2_500_000)]),
        ("%.3g", [.double(3.14159)]), ("%G", [.double(123456789)]), ("%x", [.int(255)]), ("%X", [.int(48879)]),
        ("%o", [.int(8)]), ("%lx", [.int(-1)]), ("%c", [.int(65)]), ("%C", [.int(0x263A)]), ("%5d|", [.int(42)]),
        ("%-5d|", [.int(42)]), ("%05d", [.int(42)]), ("%+d", [.int(5)]), ("%+.1f", [.double(2)]), ("%8.3f|", [.double(3.14159)]),
        ("%-8.2f|", [.double(2)]), ("%08.2f", [.double(3.14159)]), ("%@", [.string("Report.pdf")]), ("%10@|", [.string("ab")]),
        ("%2$@ %1$@", [.string("a"), .string("b")]), ("%1$lld of %2$lld", [.int(3), .int(10)]), ("%@: %lld%%", [.string("Done"), .int(50)]),
        ("%5c|", [.int(65)]), ("%f", [.double(1e20)]),
    ]

    static var all: [FormatCase] {
        locales.flatMap { locale in templates.map { FormatCase(format: $0.0, arguments: $0.1, locale: locale) } }
    }
}
