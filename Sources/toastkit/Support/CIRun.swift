import ToastCatalog

/// Whether a run counts as CI, where lint and matrix weigh missing translations as errors:
/// `--ci`, or `CI` set in `environment` to anything but empty, `false` or `0`.
func runsInCI(flag: Bool, environment: [String: String]) -> Bool {
    flag || !(environment["CI"] ?? "").isEmpty && environment["CI"] != "false" && environment["CI"] != "0"
}

/// Writes a known-findings file (lint's and the matrix's baselines) safely: atomically,
/// keeping mode and owner, never over a file that changed since `original` was read, nor
/// over one someone made meanwhile when there was none. Failures end the command (exit 2).
func writeBaselineFile(_ text: String, to path: String, original: FileContents?, force: Bool, activity: String) throws {
    TemporaryFiles.installSignalCleanup()
    do {
        try SafeFileWriter.write(Array(text.utf8), to: path,
                                 options: .init(force: force, replacesExisting: original != nil, original: original, activity: activity))
    } catch {
        throw CLIFailure(code: 2, message: error.description)
    }
}
