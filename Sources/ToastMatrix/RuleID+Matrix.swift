import ToastCatalog

// The ids of problems with the matrix's inputs.
extension RuleID {
    /// A toast spec file (``ToastSpec``) cannot be read.
    public static let toastSpec: RuleID = "toast-spec"
}
