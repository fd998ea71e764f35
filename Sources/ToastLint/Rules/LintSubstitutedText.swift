import ToastCatalog
import ToastICU

/// What the quick scan of a text with substitutions reads of a target localization
/// (``LintChecker``'s `quickScanClears(substitutionsOf:against:)`): a localization as made,
/// or a `.stringsdict` translation as its table encodes it, read without making it.
protocol LintSubstitutedText {
    associatedtype Substituted: LintSubstitutionForms
    /// The root text, when the localization is that text and its substitutions alone: one
    /// string unit in the translated state (or with none) with no unknown member, and no
    /// variation or unknown member beside it. `nil` otherwise.
    var plainRootText: String? { get }
    /// How many substitutions it has.
    var substitutionCount: Int { get }
    /// Whether it has a substitution named `name`.
    func hasSubstitution(named name: String) -> Bool
    /// Calls `body` with each substitution (any order) while it returns true; whether every
    /// call did.
    func allSubstitutions(_ body: (String, Substituted) -> Bool) -> Bool
}

/// A substitution as ``LintSubstitutedText`` reads it.
protocol LintSubstitutionForms {
    var formatSpecifier: String? { get }
    var argNum: Int? { get }
    var isTextual: Bool { get }
    /// Whether it has members the format does not model.
    var hasUnknownMembers: Bool { get }
    /// Calls `body` with each form's category and its text when the form is one string unit
    /// in the translated state (or with none) and nothing else (`nil` otherwise), in any
    /// order, while it returns true; whether every call did.
    func allForms(_ body: (PluralCategory, String?) -> Bool) -> Bool
}

extension LocalizedValue: LintSubstitutedText {
    var plainRootText: String? {
        guard plural.isEmpty, device.isEmpty, extra.isEmpty, let unit = stringUnit, unit.extra.isEmpty,
              unit.state == nil || unit.state == "translated" else { return nil }
        return unit.value
    }

    var substitutionCount: Int { substitutions.count }

    func hasSubstitution(named name: String) -> Bool { substitutions[name] != nil }

    func allSubstitutions(_ body: (String, Substitution) -> Bool) -> Bool {
        for (name, substitution) in substitutions where !body(name, substitution) { return false }
        return true
    }
}

extension Substitution: LintSubstitutionForms {
    var hasUnknownMembers: Bool { !extra.isEmpty }

    func allForms(_ body: (PluralCategory, String?) -> Bool) -> Bool {
        for (category, form) in plural where !body(category, form.plainTranslatedText) { return false }
        return true
    }
}

/// An encoded value without repeats (``EncodedStringsdictValue/hasRepeats``): the value made
/// of it has its substitutions and forms one for one.
extension EncodedStringsdictValue: LintSubstitutedText {
    var plainRootText: String? { format }

    var substitutionCount: Int { substitutions.count }

    func hasSubstitution(named name: String) -> Bool { substitutions.contains { $0.name == name } }

    func allSubstitutions(_ body: (String, Substitution) -> Bool) -> Bool {
        for substitution in substitutions where !body(substitution.name, substitution) { return false }
        return true
    }
}

extension EncodedStringsdictValue.Substitution: LintSubstitutionForms {
    var isTextual: Bool { true }
    var hasUnknownMembers: Bool { false }

    func allForms(_ body: (PluralCategory, String?) -> Bool) -> Bool {
        for form in forms where !body(form.category, form.text) { return false }
        return true
    }
}
