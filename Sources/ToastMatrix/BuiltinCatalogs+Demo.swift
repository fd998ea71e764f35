import ToastCatalog
import ToastKit

/// The demo of `toastkit demo`, `show` and `matrix`: eleven toasts and their texts in 15
/// locales, from `Resources/Demo.xcstrings` and `Resources/demo-toasts.json`, compiled in.
extension BuiltinCatalogs {
    /// The demo toasts' texts (table `Demo`).
    public static let demo: StringCatalog = {
        let name = "Demo.xcstrings"
        do {
            return try StringCatalog(xcstrings: Array(DemoResources.embeddedFiles[name, default: ""].utf8), file: "Resources/" + name)
        } catch {
            // Tests read every embedded file; an invalid one never ships.
            preconditionFailure("the embedded \(name) is invalid: \(error)")
        }
    }()

    /// The demo toasts.
    public static let demoToasts: [Toast] = {
        let name = "demo-toasts.json"
        do {
            return try ToastSpec.toasts(from: Array(DemoResources.embeddedFiles[name, default: ""].utf8), file: "Resources/" + name)
        } catch {
            preconditionFailure("the embedded \(name) is invalid: \(error)")
        }
    }()

    /// The text of a demo resource file embedded in ToastMatrix, by name (`Demo.xcstrings`).
    public static func demoResource(named name: String) -> String? {
        DemoResources.embeddedFiles[name]
    }

    /// The names of the demo resource files embedded in ToastMatrix.
    public static var demoResourceNames: [String] { DemoResources.embeddedFiles.keys.sorted() }
}

/// Where the demo's embedded files are (Scripts/embed-resources.sh writes them).
enum DemoResources {}
