import ToastCatalog

/// The catalogs that ship inside ToastKit: role words, standard action labels and frame
/// texts in 31 locales (table `ToastKit`), and the demo toasts (table `Demo`).
///
/// The editable sources are in the package's top-level `Resources/` folder; they are
/// compiled into the library, so the `toastkit` binary needs no files beside it.
public enum BuiltinCatalogs {
    /// The table of the role words, action labels and frame texts.
    public static let table = "ToastKit"

    /// The role words, action labels and frame texts.
    public static let roles: [StringCatalog] = [catalog("ToastKit.xcstrings")]

    /// The demo toasts' texts (table `Demo`).
    public static let demo: StringCatalog = catalog("Demo.xcstrings")

    /// The demo toasts of `toastkit demo`.
    public static let demoToasts: [Toast] = {
        let file = "demo-toasts.json"
        do {
            return try ToastSpec.toasts(from: Array(embeddedFiles[file, default: ""].utf8), file: "Resources/" + file)
        } catch {
            preconditionFailure("the embedded \(file) is invalid: \(error)")
        }
    }()

    /// The text of an embedded resource file, by name (`ToastKit.xcstrings`).
    public static func resource(named name: String) -> String? {
        embeddedFiles[name]
    }

    /// The names of the embedded resource files.
    public static var resourceNames: [String] { embeddedFiles.keys.sorted() }

    private static func catalog(_ name: String) -> StringCatalog {
        do {
            return try StringCatalog(xcstrings: Array(embeddedFiles[name, default: ""].utf8), file: "Resources/" + name)
        } catch {
            // Tests read every embedded file; an invalid one never ships.
            preconditionFailure("the embedded \(name) is invalid: \(error)")
        }
    }
}
