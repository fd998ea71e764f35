import Foundation
import Testing
import ToastTestSupport
import ToastCatalog
import ToastKitTesting

/// Every file of the shared corpus loads, and its leaves equal an independent reading:
/// Foundation's `PropertyListSerialization` (CoreFoundation's own reader) for `.strings` and
/// `.stringsdict`, `JSONSerialization` for `.xcstrings`.
@Suite(.enabled(if: TestCorpus.shared().shouldRun, "../shared/corpus is absent"))
struct CorpusConformanceTests {
    static let corpus = TestCorpus.shared()
    static let files = corpus.files(endingWith: [".strings", ".stringsdict", ".xcstrings"])

    struct Leaf: Hashable, CustomStringConvertible {
        var key: String, locale: String, path: String, value: String?, state: String?
        var description: String { "\(key.debugDescription) \(locale) \(path) = \(value?.debugDescription ?? "null") [\(state ?? "-")]" }
    }

    @Test func corpusHasItsFiles() {
        #expect(Self.files.count >= 900)
    }

    @Test(arguments: files)
    func leavesMatchAnIndependentReader(file: String) throws {
        let path = Self.corpus.root.appendingPathComponent(file).path
        let catalog = try CatalogLoader.readFile(path)
        let ours = Set(catalog.leaves(file: path).map { Leaf(key: $0.key, locale: $0.locale, path: $0.path, value: $0.value, state: $0.state) })
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let theirs: Set<Leaf>
        if file.hasSuffix(".xcstrings") {
            theirs = try Self.xcstringsLeaves(data)
        } else {
            let locale = CatalogLocale.folderLocale(ofPath: path)!.locale
            let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            theirs = file.hasSuffix(".stringsdict") ? Self.stringsdictLeaves(plist, locale: locale) : Self.stringsLeaves(plist, locale: locale)
        }
        #expect(ours.count == theirs.count, "\(file): \(ours.count) leaves, Foundation \(theirs.count)")
        let missing = theirs.subtracting(ours).sorted { $0.description < $1.description }.prefix(3)
        let extra = ours.subtracting(theirs).sorted { $0.description < $1.description }.prefix(3)
        #expect(missing.isEmpty && extra.isEmpty, "\(file): only Foundation: \(Array(missing)); only ToastKit: \(Array(extra))")
    }

    static func stringsLeaves(_ plist: Any, locale: String) -> Set<Leaf> {
        Set((plist as? [String: String] ?? [:]).map { Leaf(key: $0.key, locale: locale, path: "", value: $0.value, state: nil) })
    }

    static func stringsdictLeaves(_ plist: Any, locale: String) -> Set<Leaf> {
        var leaves = Set<Leaf>()
        for (key, spec) in plist as? [String: Any] ?? [:] {
            guard let spec = spec as? [String: Any] else { continue }
            if let format = spec["NSStringLocalizedFormatKey"] as? String {
                leaves.insert(Leaf(key: key, locale: locale, path: "", value: format, state: nil))
            }
            for (variable, rule) in spec where variable != "NSStringLocalizedFormatKey" {
                guard let rule = rule as? [String: Any], let type = rule["NSStringFormatSpecTypeKey"] as? String else { continue }
                for (name, text) in rule where name != "NSStringFormatSpecTypeKey" && name != "NSStringFormatValueTypeKey" {
                    guard let text = text as? String else { continue }
                    let path = switch type {
                    case "NSStringPluralRuleType": "substitutions.\(variable).plural.\(name)"
                    case "NSStringDeviceSpecificRuleType": "device.\(name)"
                    default: "width.\(name)"
                    }
                    leaves.insert(Leaf(key: key, locale: locale, path: path, value: text, state: nil))
                }
            }
        }
        return leaves
    }

    static func xcstringsLeaves(_ data: Data) throws -> Set<Leaf> {
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let source = CatalogLocale.normalize(root["sourceLanguage"] as? String ?? "")
        var leaves = Set<Leaf>()
        func walk(_ node: [String: Any], key: String, locale: String, path: String) {
            func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : a + "." + b }
            if let unit = node["stringUnit"] as? [String: Any] {
                leaves.insert(Leaf(key: key, locale: locale, path: path, value: unit["value"] as? String, state: unit["state"] as? String))
            }
            let variations = node["variations"] as? [String: Any] ?? [:]
            for (kind, forms) in variations where kind == "plural" || kind == "device" {
                for (name, form) in forms as? [String: Any] ?? [:] {
                    walk(form as? [String: Any] ?? [:], key: key, locale: locale, path: join(path, "\(kind).\(name)"))
                }
            }
            for (name, substitution) in node["substitutions"] as? [String: Any] ?? [:] {
                let plural = ((substitution as? [String: Any])?["variations"] as? [String: Any])?["plural"] as? [String: Any] ?? [:]
                for (category, form) in plural {
                    walk(form as? [String: Any] ?? [:], key: key, locale: locale, path: join(path, "substitutions.\(name).plural.\(category)"))
                }
            }
        }
        for (key, entry) in root["strings"] as? [String: Any] ?? [:] {
            let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
            if localizations.isEmpty { leaves.insert(Leaf(key: key, locale: source, path: "", value: nil, state: nil)) }
            for (code, node) in localizations {
                walk(node as? [String: Any] ?? [:], key: key, locale: CatalogLocale.normalize(code), path: "")
            }
        }
        return leaves
    }
}
