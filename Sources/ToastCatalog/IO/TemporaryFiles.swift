internal import CFileCleanup

/// The temporary files ToastKit's writers have open, removed if the process is interrupted.
///
/// Every writer writes a temporary file beside its target and renames it into place; on an
/// error it removes it. Between the two, the file's path is on a process-wide list (the one
/// documented exception to "no global mutable state": a signal handler is handed nothing),
/// from which ``installSignalCleanup()``'s handler removes it on SIGINT, SIGTERM or SIGHUP.
/// SIGKILL cannot be caught: it may leave a temporary file, named
/// `.NAME.toastkit-XXXXXX` beside the target, and never touches the target itself.
public enum TemporaryFiles {
    /// The mark in every temporary file's name: `.Localizable.xcstrings.toastkit-Ab12Cd`.
    public static let marker = ".toastkit-"

    /// Installs the SIGINT, SIGTERM and SIGHUP handler that removes the temporary files, then
    /// lets the signal end the process as it would have. For command-line tools that write
    /// files; a library or a test process need not call it.
    public static func installSignalCleanup() {
        _ = toast_cleanup_install_signal_handlers()
    }

    /// Puts `path` on the list; returns the slot to give to ``forget(_:)``.
    static func remember(_ path: String) -> Int32 { Int32(toast_cleanup_add(path)) }

    /// Takes a slot off the list.
    static func forget(_ slot: Int32) { toast_cleanup_remove(slot) }
}
