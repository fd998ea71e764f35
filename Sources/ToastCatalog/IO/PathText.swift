#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths as text, the two operations the commands need, without Foundation's `NSString`.
package enum PathText {
    /// `folder/name`; `name` alone when `folder` is empty; one slash between them.
    package static func joined(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it: `a/b` → `a`,
    /// `b` → empty, `/b` → `/`, `a/b/` → `a`.
    package static func folder(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        var folder = path[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }

    /// Creates the folder `path` and the folders above it that are missing (mode 0777 less the
    /// umask, as `mkdir -p`); the system's reason when one cannot be made, else `nil`.
    package static func createFolders(_ path: String) -> String? {
        var made = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            made = joined(made, String(component))
            if mkdir(made, 0o777) != 0 {
                let failure = errno
                var info = stat()
                guard failure == EEXIST, stat(made, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return systemError(failure) }
            }
        }
        return nil
    }
}
