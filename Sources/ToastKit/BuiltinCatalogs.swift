import ToastCatalog

/// The catalog that ships inside ToastKit: role words, standard action labels and frame texts
/// in 31 locales (table `ToastKit`). ToastMatrix adds the demo (``BuiltinCatalogs`` `.demo`
/// and `.demoToasts` there).
///
/// The editable source is in the package's top-level `Resources/` folder; it is compiled into
/// the library (Scripts/embed-resources.sh), so a program needs no files beside it.
public enum BuiltinCatalogs {
    /// The table of the role words, action labels and frame texts.
    public static let table = "ToastKit"

    /// The role words, action labels and frame texts.
    public static let roles: [StringCatalog] = [catalog("ToastKit.xcstrings")]

    /// The text of a resource file embedded in ToastKit, by name (`ToastKit.xcstrings`).
    public static func resource(named name: String) -> String? {
        embeddedFiles[name]
    }

    /// The names of the resource files embedded in ToastKit.
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
