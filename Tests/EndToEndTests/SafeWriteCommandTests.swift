import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The writers and readers of the CLI on hostile paths: nothing of the user's is lost,
/// nothing hangs, nothing is skipped silently (docs/ROBUSTNESS.md, "Writes and paths").
/// Where permissions matter, `toastkit` runs as `nobody` (via setpriv) when the tests run as
/// root, since root may read and write anything.
@Suite struct SafeWriteCommandTests {
    static let nobody: uid_t = 65_534

    /// A fresh folder; owned by `nobody` when running as root, so that its runs can write there.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-e2e-write-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if getuid() == 0 { #expect(chown(path, nobody, nobody) == 0) }
        return path
    }

    static func write(_ text: String, _ path: String, mode: mode_t = 0o644) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, mode) == 0)
        if getuid() == 0 { #expect(chown(path, nobody, nobody) == 0) }
    }

    static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `toastkit` as an unprivileged user.
    static func runUnprivileged(_ arguments: [String], directory: String) throws -> ToastkitBinary.Outcome {
        if getuid() == 0 {
            return try ToastkitBinary.run(["--reuid=65534", "--regid=65534", "--clear-groups", ToastkitBinary.url.path] + arguments,
                                          executable: URL(fileURLWithPath: "/usr/bin/setpriv"), directory: URL(fileURLWithPath: directory))
        }
        return try ToastkitBinary.run(arguments, directory: URL(fileURLWithPath: directory))
    }

    /// Runs `toastkit` under a 20-second `timeout`, so that a hang fails the test (exit 124).
    static func runBounded(_ arguments: [String], directory: String) throws -> ToastkitBinary.Outcome {
        try ToastkitBinary.run(["20", ToastkitBinary.url.path] + arguments, executable: URL(fileURLWithPath: "/usr/bin/timeout"),
                               directory: URL(fileURLWithPath: directory))
    }

    static let compact = #"{"sourceLanguage":"en","strings":{"Save":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"Sichern"}}}}},"version":"1.0"}"#

    @Test func fmtKeepsModeOwnerAndLinksAndRefusesReadOnlyFiles() throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(Self.compact, folder + "/A.xcstrings", mode: 0o640)
        #expect(symlink("A.xcstrings", folder + "/L.xcstrings") == 0)
        let linked = try Self.runUnprivileged(["fmt", "L.xcstrings"], directory: folder)
        #expect(linked.status == 0, "\(linked.stderr)")
        var status = stat()
        #expect(lstat(folder + "/L.xcstrings", &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK)
        #expect(stat(folder + "/A.xcstrings", &status) == 0 && status.st_mode & 0o7777 == 0o640)
        #expect(Self.text(folder + "/A.xcstrings")?.hasPrefix("{\n  \"sourceLanguage\" : \"en\"") == true)

        try Self.write(Self.compact, folder + "/R.xcstrings", mode: 0o444)
        let readOnly = try Self.runUnprivileged(["fmt", "R.xcstrings"], directory: folder)
        #expect(readOnly.status == 2 && readOnly.stderr.contains("R.xcstrings:1:1: error: [io] could not be written: it is read-only"))
        #expect(Self.text(folder + "/R.xcstrings") == Self.compact)
        let forced = try Self.runUnprivileged(["fmt", "--force", "R.xcstrings"], directory: folder)
        #expect(forced.status == 0 && Self.text(folder + "/R.xcstrings") != Self.compact)
        #expect(stat(folder + "/R.xcstrings", &status) == 0 && status.st_mode & 0o7777 == 0o444)

        try Self.write(Self.compact, folder + "/H.xcstrings")
        #expect(link(folder + "/H.xcstrings", folder + "/H2.xcstrings") == 0)
        let hard = try Self.runUnprivileged(["fmt", "H.xcstrings"], directory: folder)
        #expect(hard.status == 2 && hard.stderr.contains("it has 2 hard links"))
        #expect(try Self.runUnprivileged(["fmt", "--force", "H.xcstrings"], directory: folder).status == 0)
        #expect(Self.text(folder + "/H2.xcstrings") == Self.text(folder + "/H.xcstrings") && Self.text(folder + "/H2.xcstrings") != Self.compact)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!names.contains { $0.contains(".toastkit-") }, "\(names)")
    }

    @Test func fmtRefusesWhatIsNotAStringCatalog() throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("notes", folder + "/notes.txt")
        for arguments in [["fmt", "notes.txt"], ["fmt", "--check", "notes.txt"], ["fmt", "/dev/zero"], ["fmt", "--check", "/dev/zero"]] {
            let result = try Self.runBounded(arguments, directory: folder)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
        }
        #expect(Self.text(folder + "/notes.txt") == "notes")
    }

    @Test(arguments: ["dump", "lint", "stats", "fmt"])
    func fifosAndCatalogNamedFoldersAreErrorsNotHangs(command: String) throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/P.xcstrings", 0o644) == 0)
        let fifo = try Self.runBounded([command, "P.xcstrings"], directory: folder)
        #expect(fifo.status == 2 && fifo.stderr.contains("P.xcstrings:1:1: error: [io] is a FIFO"), "\(fifo.status) \(fifo.stderr)")
        #expect(unlink(folder + "/P.xcstrings") == 0)
        try FileManager.default.createDirectory(atPath: folder + "/D.xcstrings", withIntermediateDirectories: true)
        let directory = try Self.runBounded([command, "D.xcstrings"], directory: folder)
        #expect(directory.status == 2 && directory.stderr.contains("is a directory"), "\(directory.stderr)")
    }

    @Test(arguments: ["dump", "lint", "stats"])
    func unreadableFilesAndFoldersAreErrors(command: String) throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("\"a\" = \"b\";\n", folder + "/app/de.lproj/L.strings", mode: 0o000)
        let file = try Self.runUnprivileged([command, "app"], directory: folder)
        #expect(file.status == 2 && file.stderr.contains("L.strings:1:1: error: [io] cannot open the file for reading: Permission denied"), "\(file.stderr)")
        #expect(chmod(folder + "/app/de.lproj/L.strings", 0o644) == 0 && chmod(folder + "/app/de.lproj", 0o000) == 0)
        defer { chmod(folder + "/app/de.lproj", 0o755) }
        let tree = try Self.runUnprivileged([command, "app"], directory: folder)
        #expect(tree.status == 2 && tree.stderr.contains("de.lproj:1:1: error: [io] cannot read the folder: Permission denied"), "\(tree.stderr)")
    }

    @Test func symlinkedRootsAndLprojFoldersAreLinted() throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("\"Saved %@\" = \"Saved %@\";\n", folder + "/app/en.lproj/L.strings")
        try Self.write("\"Saved %@\" = \"%d gesichert\";\n", folder + "/shared/de.lproj/L.strings")
        #expect(symlink("../shared/de.lproj", folder + "/app/de.lproj") == 0 && symlink("app", folder + "/root") == 0)
        #expect(symlink("..", folder + "/app/loop") == 0)
        let result = try Self.runBounded(["lint", "root"], directory: folder)
        #expect(result.status == 1 && result.stdout.contains("root/de.lproj/L.strings:1:") && result.stderr.contains("in 2 file(s)"), "\(result.stdout)\n\(result.stderr)")
    }

    @Test func convertStaysInOutAndOverwritesNothingWithoutForce() throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let evil = #"{"sourceLanguage":"en","strings":{"hi":{"localizations":{"../../escaped":{"stringUnit":{"state":"translated","value":"x"}}}}},"version":"1.0"}"#
        try Self.write(evil, folder + "/in/V.xcstrings")
        let escaped = try Self.runBounded(["convert", "in/V.xcstrings", "out"], directory: folder)
        #expect(escaped.status == 2 && escaped.stderr.contains("[invalid-locale] “../../escaped” is not a locale code"), "\(escaped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/escaped.lproj") && !FileManager.default.fileExists(atPath: folder + "/out"))

        let catalog = #"{"sourceLanguage":"en","strings":{"Save":{"comment":"A */ B","localizations":{"de":{"stringUnit":{"state":"translated","value":"Sichern"}}}}},"version":"1.0"}"#
        try Self.write(catalog, folder + "/in/G.xcstrings")
        try Self.write("\"mine\" = \"keep\";\n", folder + "/out/de.lproj/G.strings")
        try Self.write("<plist version=\"1.0\"><dict><key>old</key><dict/></dict></plist>\n", folder + "/out/de.lproj/G.stringsdict")
        let refused = try Self.runBounded(["convert", "in/G.xcstrings", "out"], directory: folder)
        #expect(refused.status == 2 && refused.stderr.contains("out/de.lproj/G.strings:1:1: error: [io] exists (--force replaces it)")
                && refused.stderr.contains("G.stringsdict:1:1: error: [io] exists, and would be left stale"), "\(refused.stderr)")
        #expect(Self.text(folder + "/out/de.lproj/G.strings") == "\"mine\" = \"keep\";\n")
        let forced = try Self.runBounded(["convert", "--force", "in/G.xcstrings", "out"], directory: folder)
        // The comment's "*/" cannot be kept in a .strings comment: reported, exit 1.
        #expect(forced.status == 1 && forced.stderr.contains("holds “*/”"), "\(forced.stderr)")
        #expect(Self.text(folder + "/out/de.lproj/G.strings")?.contains("\"Save\" = \"Sichern\";") == true)
        #expect(Self.text(folder + "/out/de.lproj/G.stringsdict")?.contains("<key>old</key>") == false)

        let same = try Self.runBounded(["convert", "in/G.xcstrings", "in/G.xcstrings"], directory: folder)
        #expect(same.status == 2 && same.stderr.contains("IN and OUT are the same file") && !same.stderr.contains("NSCocoaErrorDomain"))
        #expect(symlink("out", folder + "/linked") == 0)
        for name in ["linked", "linked/"] {
            let linked = try Self.runBounded(["convert", "--force", "in/G.xcstrings", name], directory: folder)
            #expect(linked.status == 2 && linked.stderr.contains("is a symbolic link"), "\(name): \(linked.stderr)")
        }
        // Two tables named L in two folders would both become OUT/L.xcstrings.
        try Self.write("\"a\" = \"b\";\n", folder + "/two/App/en.lproj/L.strings")
        try Self.write("\"c\" = \"d\";\n", folder + "/two/Widget/en.lproj/L.strings")
        let twice = try Self.runBounded(["convert", "two", "merged"], directory: folder)
        #expect(twice.status == 2 && twice.stderr.contains("written twice") && !FileManager.default.fileExists(atPath: folder + "/merged/L.xcstrings"),
                "\(twice.stderr)")
        #expect(mkfifo(folder + "/fifo.xcstrings", 0o644) == 0)
        try Self.write("\"a\" = \"b\";\n", folder + "/lproj/en.lproj/T.strings")
        let device = try Self.runBounded(["convert", "--force", "lproj", "fifo.xcstrings"], directory: folder)
        #expect(device.status == 2 && device.stderr.contains("is a FIFO"), "\(device.stderr)")
    }

    @Test func writersRefuseReadOnlyBaselinesAndGoldenFiles() throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let broken = #"{"sourceLanguage":"en","strings":{"Hi %@":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"Hallo"}}}}},"version":"1.0"}"#
        let fixed = #"{"sourceLanguage":"en","strings":{"Hi %@":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"Hallo %@"}}}}},"version":"1.0"}"#
        try Self.write(broken, folder + "/C.xcstrings")
        let created = try Self.runUnprivileged(["lint", "C.xcstrings", "--baseline", "base.json"], directory: folder)
        #expect(created.status == 0 && created.stderr.contains("wrote base.json"), "\(created.stderr)")
        let accepted = try #require(Self.text(folder + "/base.json"))
        #expect(accepted.contains("placeholder-mismatch"))
        // Fixed: the baseline would shrink, but it is read-only.
        try Self.write(fixed, folder + "/C.xcstrings")
        #expect(chmod(folder + "/base.json", 0o444) == 0)
        let refused = try Self.runUnprivileged(["lint", "C.xcstrings", "--baseline", "base.json"], directory: folder)
        #expect(refused.status == 2 && refused.stderr.contains("base.json:1:1: error: [io] could not be written: it is read-only"), "\(refused.stderr)")
        #expect(Self.text(folder + "/base.json") == accepted)
        let forced = try Self.runUnprivileged(["lint", "C.xcstrings", "--baseline", "base.json", "--force"], directory: folder)
        #expect(forced.status == 0 && Self.text(folder + "/base.json")?.contains("placeholder-mismatch") == false, "\(forced.stderr)")
        var status = stat()
        #expect(stat(folder + "/base.json", &status) == 0 && status.st_mode & 0o7777 == 0o444)

        try Self.write(#"{"toasts":[{"id":"hi","role":"info","message":{"key":"Hi %@","args":[{"string":"Ann"}]}}]}"#, folder + "/spec.json")
        try Self.write("old golden\n", folder + "/golden.txt", mode: 0o444)
        let golden = try Self.runUnprivileged(["matrix", "C.xcstrings", "--toasts", "spec.json", "--golden", "golden.txt", "--update"],
                                              directory: folder)
        #expect(golden.status == 2 && golden.stderr.contains("golden.txt:1:1: error: [io] could not be written: it is read-only"), "\(golden.stderr)")
        #expect(Self.text(folder + "/golden.txt") == "old golden\n")
        let update = try Self.runUnprivileged(["matrix", "C.xcstrings", "--toasts", "spec.json", "--golden", "golden.txt", "--update", "--force"],
                                              directory: folder)
        #expect(update.status == 0 && Self.text(folder + "/golden.txt") != "old golden\n", "\(update.stderr)")
    }

    /// Four keys that are two to ToastKit's lookups but four to Apple's runtime: convert keeps
    /// all four (both ways, and when each file of a table has its own spelling), with a
    /// warning for each; fmt, which works on the file's own members, keeps them too.
    @Test func keysThatDifferOnlyByNormalizationAreNeverMerged() throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = ["caf\u{E9}", "cafe\u{301}", "K", "\u{212A}"]
        // The keys of the entry lines (`"KEY" = "VALUE";`) of a .strings file convert wrote.
        func keyScalars(_ path: String) throws -> [[UInt32]] {
            let text = try #require(Self.text(path))
            return text.split(separator: "\n").filter { $0.hasPrefix("\"") }.compactMap { line in
                line.dropFirst().range(of: "\" = ").map { Array(line.dropFirst()[..<$0.lowerBound].unicodeScalars.map(\.value)) }
            }
        }
        try Self.write("\"caf\u{E9}\" = \"1\";\n\"cafe\u{301}\" = \"2\";\n\"K\" = \"3\";\n\"\u{212A}\" = \"4\";\n", folder + "/in/en.lproj/L.strings")
        let lproj = try Self.runBounded(["convert", "in", "out/L.xcstrings"], directory: folder)
        #expect(lproj.status == 0 && lproj.stderr.contains("L.strings:2:1: warning: [key-normalization]")
                && lproj.stderr.contains("L.strings:4:1: warning: [key-normalization]"), "\(lproj.stderr)")
        let back = try Self.runBounded(["convert", "out/L.xcstrings", "back"], directory: folder)
        #expect(back.status == 0 && back.stderr.contains("[key-normalization]"), "\(back.stderr)")
        #expect(try keyScalars(folder + "/back/en.lproj/L.strings") == keys.map { $0.unicodeScalars.map(\.value) })
        #expect(Self.text(folder + "/back/en.lproj/L.strings")?.contains("= \"4\";") == true)
        // One spelling per file of the table: each stays in its own file.
        try Self.write("\"caf\u{E9}\" = \"1\";\n", folder + "/split/en.lproj/L.strings")
        try Self.write("\"cafe\u{301}\" = \"2\";\n", folder + "/split/de.lproj/L.strings")
        let split = try Self.runBounded(["convert", "split", "split.xcstrings"], directory: folder)
        #expect(split.status == 0 && split.stderr.contains("split/en.lproj/L.strings:1:1: warning: [key-normalization]"), "\(split.stderr)")
        let splitBack = try Self.runBounded(["convert", "split.xcstrings", "split-back"], directory: folder)
        #expect(splitBack.status == 0, "\(splitBack.stderr)")
        #expect(try keyScalars(folder + "/split-back/de.lproj/split.strings") == [keys[1].unicodeScalars.map(\.value)])
        #expect(try keyScalars(folder + "/split-back/en.lproj/split.strings") == [keys[0].unicodeScalars.map(\.value)])
        let catalog = "{\"sourceLanguage\":\"en\",\"strings\":{\"caf\u{E9}\":{},\"cafe\u{301}\":{}},\"version\":\"1.0\"}"
        try Self.write(catalog, folder + "/C.xcstrings")
        #expect(try Self.runBounded(["fmt", "C.xcstrings"], directory: folder).status == 0)
        let formatted = try #require(Self.text(folder + "/C.xcstrings"))
        #expect(formatted.contains("\"caf\u{E9}\"".precomposedStringWithCanonicalMapping) && formatted.utf8.contains(0xCC))
        #expect(formatted.components(separatedBy: "\"caf").count - 1 == 2, "\(formatted)")
    }

    /// SIGTERM while `fmt` has its temporary file open: the file is removed, the catalog is as
    /// it was, and the process ends by the signal. The process is stopped (SIGSTOP) as soon as
    /// the temporary file appears, so the signal surely arrives mid-write.
    @Test(arguments: [false, true])
    func aSignalMidWriteRemovesTheTemporaryFile(ignoredByTheParent: Bool) throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        var entries: [String] = []
        for index in 0..<120_000 {
            entries.append(#""key \#(index) with some words":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"Wert \#(index)"}}}}"#)
        }
        let original = #"{"sourceLanguage":"en","strings":{"# + entries.joined(separator: ",") + #"},"version":"1.0"}"#
        try Self.write(original, folder + "/Big.xcstrings")
        var caught = false
        for _ in 0..<5 where !caught {
            let process = Process()
            // A parent that ignores SIGTERM (as nohup does SIGHUP): toastkit keeps ignoring it.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", (ignoredByTheParent ? "trap '' TERM; " : "") + "exec \"$0\" fmt Big.xcstrings", ToastkitBinary.url.path]
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            while process.isRunning {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                if names.contains(where: { $0.contains(".toastkit-") }) {
                    kill(process.processIdentifier, SIGSTOP)
                    // Still there once stopped (it may have been renamed just before)?
                    let now = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                    if now.contains(where: { $0.contains(".toastkit-") }) {
                        caught = true
                        kill(process.processIdentifier, SIGTERM)
                    }
                    kill(process.processIdentifier, SIGCONT)
                    break
                }
                usleep(200)
            }
            process.waitUntilExit()
            if caught {
                let names = try FileManager.default.contentsOfDirectory(atPath: folder)
                #expect(!names.contains { $0.contains(".toastkit-") }, "\(names)")
                if ignoredByTheParent {
                    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
                    #expect(Self.text(folder + "/Big.xcstrings") != original)
                } else {
                    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
                    #expect(Self.text(folder + "/Big.xcstrings") == original)
                }
            } else {
                try Self.write(original, folder + "/Big.xcstrings")  // formatted: start again
            }
        }
        #expect(caught, "the temporary file was never seen in five runs")
    }
}
