import ToastCatalog

// The ids of problems with the matrix's inputs.
extension RuleID {
    /// A toast spec file (``ToastSpec``) cannot be read.
    public static let toastSpec: RuleID = "toast-spec"
    /// A matrix baseline file (``MatrixBaseline``) cannot be read.
    public static let matrixBaseline: RuleID = "matrix-baseline"
    /// A catalog a matrix was asked to load is not where it was looked for.
    public static let matrixInput: RuleID = "matrix-input"
}
