import Foundation
import Testing
import ToastCatalog

#if canImport(Glibc)
import Glibc
#endif

/// `SafeFileWriter`: what every ToastKit writer keeps of the user's file (docs/ROBUSTNESS.md).
@Suite struct SafeFileWriterTests {
    /// A fresh folder, removed by the caller.
    static func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    static func make(_ path: String, _ text: String, mode: mode_t = 0o644) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, mode) == 0)
    }

    static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    /// Every name in the folder with the temporary files' mark: none may be left behind.
    static func leftovers(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(TemporaryFiles.marker) }
    }

    @Test(arguments: [0o600 as mode_t, 0o640, 0o644, 0o755, 0o2755])
    func replacingKeepsTheModeAndLeavesNoTemporaryFile(mode: mode_t) throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/A.xcstrings"
        try Self.make(path, "old", mode: mode)
        let original = try CatalogLoader.contents(ofFile: path)
        try SafeFileWriter.write(Array("new".utf8), to: path, options: .init(original: original, activity: "formatting"))
        #expect(Self.text(path) == "new")
        #expect(Self.mode(path) == mode)
        #expect(Self.leftovers(folder).isEmpty)
    }

    /// Another user's setgid file rewritten by root: owner, group and the setgid bit stay
    /// (the mode is set after the owner, whose change clears set-id bits).
    @Test(.enabled(if: getuid() == 0 || ProcessInfo.processInfo.environment["CI"] == "true",
                   "only root may give a file to another user (runs, and fails, under CI=true when not root)"))
    func ownerGroupAndSetIDBitsAreKept() throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/S.xcstrings"
        try Self.make(path, "old", mode: 0o2664)
        #expect(chown(path, 65_534, 65_534) == 0 && chmod(path, 0o2664) == 0)
        try SafeFileWriter.write(Array("new".utf8), to: path)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_uid == 65_534 && status.st_gid == 65_534)
        #expect(Self.mode(path) == 0o2664 && Self.text(path) == "new")
    }

    @Test func aNewFileGetsTheUmaskMode() throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let mask = umask(0o027); defer { umask(mask) }
        try SafeFileWriter.write(Array("x".utf8), to: folder + "/N.strings", options: .init(replacesExisting: false))
        #expect(Self.mode(folder + "/N.strings") == 0o640)
        #expect(errorText { try SafeFileWriter.write(Array("y".utf8), to: folder + "/N.strings", options: .init(replacesExisting: false)) }?
            .contains("could not be written: it exists (--force replaces it)") == true)
        #expect(Self.text(folder + "/N.strings") == "x")
    }

    @Test func aSymlinkStaysALinkAndItsTargetIsReplaced() throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        try Self.make(folder + "/real/A.xcstrings", "old", mode: 0o640)
        #expect(symlink("real/A.xcstrings", folder + "/L.xcstrings") == 0)
        try SafeFileWriter.write(Array("new".utf8), to: folder + "/L.xcstrings")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/L.xcstrings")) == "real/A.xcstrings")
        #expect(Self.text(folder + "/real/A.xcstrings") == "new" && Self.mode(folder + "/real/A.xcstrings") == 0o640)
        #expect(Self.leftovers(folder + "/real").isEmpty && Self.leftovers(folder).isEmpty)
        // Refused where links must not be followed (convert's outputs).
        let refused = errorText { try SafeFileWriter.write(Array("x".utf8), to: folder + "/L.xcstrings", options: .init(followsSymlinks: false)) }
        #expect(refused?.contains("is a symbolic link") == true)
        #expect(Self.text(folder + "/real/A.xcstrings") == "new")
    }

    @Test func aHardLinkedFileIsRefusedThenRewrittenInPlaceWithForce() throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.make(folder + "/A.xcstrings", "old")
        #expect(link(folder + "/A.xcstrings", folder + "/B.xcstrings") == 0)
        let refused = errorText { try SafeFileWriter.write(Array("new".utf8), to: folder + "/A.xcstrings") }
        #expect(refused?.contains("[io] could not be written: it has 2 hard links") == true)
        #expect(Self.text(folder + "/B.xcstrings") == "old")
        try SafeFileWriter.write(Array("newer text".utf8), to: folder + "/A.xcstrings", options: .init(force: true))
        #expect(Self.text(folder + "/A.xcstrings") == "newer text" && Self.text(folder + "/B.xcstrings") == "newer text")
        try SafeFileWriter.write(Array("n".utf8), to: folder + "/A.xcstrings", options: .init(force: true))
        #expect(Self.text(folder + "/B.xcstrings") == "n")
    }

    @Test func aReadOnlyFileIsRefusedThenRewrittenWithForceKeepingItsMode() throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.make(folder + "/R.xcstrings", "old", mode: 0o444)
        #expect(errorText { try SafeFileWriter.write(Array("new".utf8), to: folder + "/R.xcstrings") }?
            .contains("it is read-only (--force rewrites it, keeping its mode)") == true)
        #expect(Self.text(folder + "/R.xcstrings") == "old")
        try SafeFileWriter.write(Array("new".utf8), to: folder + "/R.xcstrings", options: .init(force: true))
        #expect(Self.text(folder + "/R.xcstrings") == "new" && Self.mode(folder + "/R.xcstrings") == 0o444)
    }

    enum Change: String, CaseIterable { case appended, sameSizeSameTime, replacedByAnotherFile, removed }

    /// The file changes after it was read: nothing is overwritten, whatever the change.
    @Test(arguments: Change.allCases)
    func aChangeAfterTheReadIsNeverOverwritten(change: Change) throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/A.xcstrings"
        try Self.make(path, "{\"v\":1}")
        let original = try CatalogLoader.contents(ofFile: path)
        switch change {
        case .appended: try Self.make(path, "{\"v\":1} edited")
        case .sameSizeSameTime:
            // An edit within the clock's resolution: same size, modification time put back.
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.write(contentsOf: Data("{\"v\":2}".utf8)); try handle.close()
            var times = [timespec(tv_sec: Int(original.snapshot.modified.seconds), tv_nsec: Int(original.snapshot.modified.nanoseconds)),
                         timespec(tv_sec: Int(original.snapshot.modified.seconds), tv_nsec: Int(original.snapshot.modified.nanoseconds))]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        case .replacedByAnotherFile:
            try Self.make(folder + "/other", "{\"v\":1}")
            #expect(rename(folder + "/other", path) == 0)
        case .removed: #expect(unlink(path) == 0)
        }
        let before = Self.text(path)
        let refused = errorText {
            try SafeFileWriter.write(Array("formatted".utf8), to: path, options: .init(original: original, activity: "formatting"))
        }
        #expect(refused?.contains(change == .removed ? "it was removed while formatting" : "it changed while formatting; not replaced") == true,
                "\(refused ?? "written")")
        #expect(Self.text(path) == before)
        #expect(Self.leftovers(folder).isEmpty)
    }

    @Test func foldersFIFOsAndLongPathsAreRefused() throws {
        let folder = try Self.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/P.xcstrings", 0o644) == 0)
        #expect(errorText { try SafeFileWriter.write([], to: folder + "/P.xcstrings") }?.contains("it is a FIFO (named pipe)") == true)
        #expect(errorText { try SafeFileWriter.write([], to: folder) }?.contains("it is a directory") == true)
        let long = folder + "/" + String(repeating: "a/", count: 2_100) + "x.strings"
        #expect(errorText { try SafeFileWriter.write([], to: long) }?.contains("the system's limit is 4095") == true)
        #expect(Self.leftovers(folder).isEmpty)
    }
}

/// The description of the `CatalogError` `body` throws, or nil when it throws none.
func errorText(_ body: () throws -> Void) -> String? {
    do { try body(); return nil } catch let error as CatalogError { return error.description } catch { return "\(error)" }
}
