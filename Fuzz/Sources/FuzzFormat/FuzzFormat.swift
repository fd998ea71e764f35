// libFuzzer target: the format engine.
// Mode 0 formats a fuzzed Apple format string with fuzzed typed arguments (FormatEngine).
// Mode 1 resolves a fuzzed String Catalog value with a fuzzed substitution (whose forms may
// name substitutions again, `%#@a@` inside `a`) through the Localizer.
// Invariants: no crash, no hang, and output bounded by the input: at most
// maximumWidth + 4 KiB per `%` plus the input's own bytes, so no specifier allocates
// without bound.
import FuzzSupport
import ToastCatalog
import ToastICU
import ToastKit

private let services = ICUServices()
private let localeCodes = ["en", "de", "fr-CH", "ar-EG", "ru", "ja", "hi", "he", "zh-Hant", "pl"]
private let engines = localeCodes.map { FormatEngine(locale: LocaleTag($0)!, services: services) }

private func arguments(_ reader: inout FuzzReader) -> [ToastArgument] {
    var result: [ToastArgument] = []
    for _ in 0..<reader.int(below: 10) {
        switch reader.int(below: 5) {
        case 0: result.append(.int(Int64(bitPattern: reader.uint64())))
        case 1: result.append(.uint(reader.uint64()))
        case 2: result.append(.double(Double(bitPattern: reader.uint64())))
        case 3: result.append(.float(Float(bitPattern: UInt32(truncatingIfNeeded: reader.uint64()))))
        default: result.append(.string(reader.string(limit: 64)))
        }
    }
    return result
}

private func bound(_ texts: [String], _ arguments: [ToastArgument]) -> Int {
    let percents = texts.reduce(0) { $0 + $1.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "%") ? 1 : 0) } }
    let argumentBytes = arguments.reduce(0) { $0 + $1.plainText.utf8.count }
    let inputBytes = texts.reduce(0) { $0 + $1.utf8.count }
    // Substitutions may expand a form once per level (at most 8 levels).
    return (inputBytes + argumentBytes + 16) * 9 + percents * (FormatString.maximumWidth + 4096) * 9
}

@main
enum Main {
    static func main() { runFuzzer(fuzzFormat) }
}

private func fuzzFormat(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    var reader = FuzzReader(bytes(data, count))
    let mode = reader.int(below: 2)
    let locale = reader.int(below: engines.count)
    let args = arguments(&reader)
    if mode == 0 {
        let format = reader.rest()
        let (text, _) = engines[locale].format(format, args)
        require(text.utf8.count <= bound([format], args),
                "\(text.utf8.count) bytes out of a \(format.utf8.count)-byte format")
        return 0
    }
    let value = reader.string(limit: 512)
    let forms = (0..<3).map { _ in reader.string(limit: 256) }
    let specifier = reader.string(limit: 8)
    let argNum = reader.int(below: 4)
    func unit(_ text: String) -> JSONValue {
        .object([JSONMember(key: "stringUnit", value: .object([
            JSONMember(key: "state", value: .string("translated")),
            JSONMember(key: "value", value: .string(text)),
        ]))])
    }
    var substitution: [JSONMember] = [
        JSONMember(key: "formatSpecifier", value: .string(specifier)),
        JSONMember(key: "variations", value: .object([JSONMember(key: "plural", value: .object([
            JSONMember(key: "one", value: unit(forms[0])),
            JSONMember(key: "few", value: unit(forms[1])),
            JSONMember(key: "other", value: unit(forms[2])),
        ]))])),
    ]
    if argNum > 0 { substitution.append(JSONMember(key: "argNum", value: .number(String(argNum)))) }
    let localization: JSONValue = .object([
        JSONMember(key: "stringUnit", value: .object([
            JSONMember(key: "state", value: .string("translated")),
            JSONMember(key: "value", value: .string(value)),
        ])),
        JSONMember(key: "substitutions", value: .object([
            JSONMember(key: "a", value: .object(substitution)),
            JSONMember(key: "b", value: .object(substitution)),
        ])),
    ])
    let document: JSONValue = .object([
        JSONMember(key: "sourceLanguage", value: .string("en")),
        JSONMember(key: "strings", value: .object([
            JSONMember(key: "k", value: .object([
                JSONMember(key: "localizations", value: .object([
                    JSONMember(key: localeCodes[locale], value: localization),
                ])),
            ])),
        ])),
        JSONMember(key: "version", value: .string("1.0")),
    ])
    let file = "Fuzz.xcstrings"
    let catalog: StringCatalog
    do {
        catalog = try StringCatalog(xcstrings: Array(JSONWriter.string(document).utf8), file: file)
    } catch {
        requireLocated(error, file: file)
        return 0
    }
    let localizer = Localizer(catalogs: [catalog], preferences: [LocaleTag(localeCodes[locale])!], services: services)
    let toast = Toast(.info, message: ToastText(key: "k", table: "Fuzz", arguments: args))
    let resolved = localizer.resolve(toast)
    require(resolved.message.utf8.count <= bound([value] + forms, args),
            "\(resolved.message.utf8.count) bytes out of a \(value.utf8.count)-byte value")
    return 0
}
