import Foundation
import Testing
import ToastCatalog

#if canImport(Glibc)
import Glibc
#endif

/// Which paths the loader reads, and what it refuses instead of hanging or skipping.
@Suite struct CatalogPathTests {
    /// A tree with a symlinked `.lproj` folder, a symlinked root and a link loop.
    @Test func symlinkedFoldersAreFollowedOnceEach() throws {
        let root = try SafeFileWriterTests.folder(); defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/shared/de.lproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/app/en.lproj", withIntermediateDirectories: true)
        try SafeFileWriterTests.make(root + "/shared/de.lproj/L.strings", "\"a\" = \"A\";\n")
        try SafeFileWriterTests.make(root + "/app/en.lproj/L.strings", "\"a\" = \"a\";\n")
        #expect(symlink("../shared/de.lproj", root + "/app/de.lproj") == 0)
        #expect(symlink("..", root + "/app/loop") == 0)
        #expect(symlink("app", root + "/approot") == 0)
        let files = try CatalogLoader.files(at: root + "/approot")
        #expect(files.contains(root + "/approot/de.lproj/L.strings") && files.contains(root + "/approot/en.lproj/L.strings"))
        // Each folder once: through the loop, app and shared/de.lproj are not read again.
        #expect(files.filter { $0.hasSuffix("de.lproj/L.strings") }.count == 1, "\(files)")
        #expect(files.filter { $0.hasSuffix("en.lproj/L.strings") }.count == 1, "\(files)")
    }

    /// `up -> ..` and `-> /` inside the folder searched: the search never leaves it upwards.
    @Test func linksToFoldersThatHoldTheRootAreNotFollowed() throws {
        let root = try SafeFileWriterTests.folder(); defer { try? FileManager.default.removeItem(atPath: root) }
        try SafeFileWriterTests.make(root + "/Outside.xcstrings", "{}")
        try FileManager.default.createDirectory(atPath: root + "/proj", withIntermediateDirectories: true)
        try SafeFileWriterTests.make(root + "/proj/In.xcstrings", "{}")
        #expect(symlink("..", root + "/proj/up") == 0 && symlink("/", root + "/proj/top") == 0)
        #expect(try CatalogLoader.files(at: root + "/proj") == [root + "/proj/In.xcstrings"])
    }

    /// Files from 8 MiB up are read in parts, one per core: every byte lands where it belongs,
    /// at sizes around the part boundaries.
    @Test(arguments: [0, 1, (8 << 20) - 1, 8 << 20, (8 << 20) + 3, 19_000_001])
    func largeFilesReadInPartsAreReadWhole(size: Int) throws {
        let root = try SafeFileWriterTests.folder(); defer { try? FileManager.default.removeItem(atPath: root) }
        var expected = [UInt8](repeating: 0, count: size)
        var state: UInt32 = 0x9E37_79B9
        for i in expected.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            expected[i] = UInt8(truncatingIfNeeded: state >> 24)
        }
        let path = root + "/Big.xcstrings"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(expected)))
        let read = try CatalogLoader.bytes(ofFile: path, limits: CatalogLimits(maximumFileSize: 64 << 20))
        #expect(read.count == size)
        #expect(read == expected)
    }

    @Test func whatIsNotAFileIsAnErrorNeverAHang() throws {
        let root = try SafeFileWriterTests.folder(); defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(mkfifo(root + "/P.xcstrings", 0o644) == 0)
        #expect(errorText { _ = try CatalogLoader.bytes(ofFile: root + "/P.xcstrings") }?.contains("is a FIFO (named pipe), not a catalog file") == true)
        #expect(errorText { _ = try CatalogLoader.files(at: root + "/P.xcstrings") }?.contains("is a FIFO") == true)
        #expect(errorText { _ = try CatalogLoader.files(at: root) }?.contains("P.xcstrings:1:1: error: [io] is a FIFO") == true)
        #expect(unlink(root + "/P.xcstrings") == 0)
        #expect(errorText { _ = try CatalogLoader.bytes(ofFile: "/dev/zero") }?.contains("is a character device") == true)
        try FileManager.default.createDirectory(atPath: root + "/D.xcstrings", withIntermediateDirectories: true)
        #expect(errorText { _ = try CatalogLoader.files(at: root + "/D.xcstrings") }?.contains("is a directory, not a catalog file") == true)
        #expect(errorText { _ = try CatalogLoader.files(at: root) }?.contains("D.xcstrings:1:1: error: [io] is a directory") == true)
        #expect(errorText { _ = try CatalogLoader.bytes(ofFile: root + "/D.xcstrings") }?.contains("is a directory") == true)
        try FileManager.default.removeItem(atPath: root + "/D.xcstrings")
        #expect(symlink("missing.strings", root + "/B.strings") == 0)
        #expect(errorText { _ = try CatalogLoader.files(at: root + "/B.strings") }?.contains("symbolic link to a missing file") == true)
        let long = String(repeating: "x/", count: 2_100) + "a.strings"
        #expect(errorText { _ = try CatalogLoader.files(at: long) }?.contains("the system's limit is 4095") == true)
        #expect(errorText { _ = try CatalogLoader.bytes(ofFile: long) }?.contains("the system's limit is 4095") == true)
    }

    @Test(arguments: ["de", "pt-BR", "zh-Hans", "zh_Hant_TW", "Base", "English", "sr-Latn"])
    func localeCodesBecomePathComponents(code: String) throws {
        #expect(try CatalogLocale.pathComponent(forLocale: code, file: "x") == code)
    }

    @Test(arguments: ["../../../x", "..", ".", "", "de/../../x", "de/fr", "de\u{0}", "de.lproj", " de", "x\u{1B}[31m"])
    func pathLikeLocaleCodesAreRefused(code: String) {
        #expect(errorText { _ = try CatalogLocale.pathComponent(forLocale: code, file: "V.xcstrings") }?
            .contains("V.xcstrings:1:1: error: [invalid-locale]") == true)
    }

    /// A code quoted in the message cannot reach the terminal raw: ESC, C1, bidi controls and
    /// line separators are shown as `<U+XXXX>`.
    @Test func aRefusedCodeIsQuotedEscaped() {
        let message = errorText { _ = try CatalogLocale.pathComponent(forLocale: "x\u{1B}[31m\u{9B}\u{202E}\u{2028}", file: "V.xcstrings") }
        #expect(message?.contains("“x<U+001B>[31m<U+009B><U+202E><U+2028>”") == true, "\(message ?? "")")
        #expect(message?.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E } == false)
    }

    @Test(arguments: ["", ".", "..", "a/b", "x\u{0}", "x\n"])
    func unusableTableNamesAreRefused(name: String) {
        #expect(errorText { _ = try CatalogLocale.pathComponent(forTable: name, file: "t") }?.contains("[invalid-table]") == true)
    }
}
