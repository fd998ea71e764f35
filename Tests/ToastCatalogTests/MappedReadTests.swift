import Foundation
import Testing
@testable import ToastCatalog

#if canImport(Glibc)
import Glibc
#endif

/// `CatalogLoader.withBytes`: a large file mapped under a read lease (Linux) reads as the
/// array read does, and no one can shrink it while it is mapped. One test at a time: one
/// counts the process's file pages, which another's mapping would change.
@Suite(.serialized) struct MappedReadTests {
    /// Whether this system grants a read lease on a file in the tests' temporary folder (a
    /// file system with leases, on Linux); under `CI=true` on Linux the tests that need one run
    /// regardless, and fail without one. Other systems have no leases and always read.
    static let leasesAvailable: Bool = {
        #if os(Linux)
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        guard let folder = try? SafeFileWriterTests.folder() else { return false }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/probe"
        guard FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) else { return false }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let setLease: Int32 = 1024  // F_SETLEASE, which Swift's Glibc module does not see
        guard fcntl(descriptor, setLease, F_RDLCK) == 0 else { return false }
        _ = fcntl(descriptor, setLease, F_UNLCK)
        return true
        #else
        return false
        #endif
    }()

    /// A String Catalog of `keys` entries of five locales, over 8 MiB from 30,000 keys.
    static func catalog(keys: Int) -> [UInt8] {
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        for index in 0..<keys {
            text += "    \"key \(index)\" : {\n      \"localizations\" : {\n"
            let locales = ["de", "en", "fr", "ja", "pt-BR"]
            for (position, locale) in locales.enumerated() {
                text += "        \"\(locale)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n"
                text += "            \"value\" : \"\(locale) \(index)\"\n          }\n        }"
                text += position == locales.count - 1 ? "\n" : ",\n"
            }
            text += "      }\n    }" + (index == keys - 1 ? "\n" : ",\n")
        }
        text += "  },\n  \"version\" : \"1.0\"\n}\n"
        return Array(text.utf8)
    }

    /// A file holding a large catalog in a fresh folder, removed by the caller.
    static func largeFile() throws -> (folder: String, path: String, bytes: [UInt8]) {
        let folder = try SafeFileWriterTests.folder()
        let path = folder + "/Large.xcstrings"
        let bytes = catalog(keys: 30_000)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (folder, path, bytes)
    }

    /// A mapped catalog whose pages are let go as its parts read past them (`convert`) reads
    /// as the array does; the pages come back from the file when read again; the process holds
    /// less of the file once they are let go.
    @Test(.enabled(if: leasesAvailable, "this system grants no read leases (Linux, fs.leases-enable)"))
    func aMappedCatalogReadWithItsPagesLetGo() throws {
        let (folder, path, bytes) = try Self.largeFile(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let (mapped, read, resident, same) = try CatalogLoader.withBytes(ofFile: path) { (buffer, isMapped) throws(CatalogError) in
            // Two parts, as `convert` reads on two cores. A part that starts late (busy cores)
            // counts the lines before it and brings up to half the file back: the bound below
            // allows for that, and fails when no page is let go.
            var setting = XCStringsParallelism(parts: 2, minimumBytes: 1 << 20)
            setting.readBehindBytes = 1 << 16
            if isMapped { setting.readBehind = CatalogLoader.pageRelease(of: buffer) }
            let read = try StringCatalog(xcstrings: buffer, file: path, parallelism: setting)
            let resident = Self.residentFileKiB()
            return (isMapped, read, resident, buffer.elementsEqual(bytes))
        }
        #expect(mapped)
        #expect(read == (try StringCatalog(xcstrings: bytes, file: path)))
        #expect(same)
        // Most of the file's pages were let go (the test binary's own file pages stay).
        let before = try #require(resident, "no RssFile in /proc/self/status")
        let after = try #require(Self.residentFileKiB(), "no RssFile in /proc/self/status")
        #expect(before < after + bytes.count / 1024 * 3 / 4, "\(before) KiB of files resident after the read, \(after) KiB unmapped")
    }

    /// The process's resident memory backed by files, in KiB (Linux; nil elsewhere).
    static func residentFileKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("RssFile:") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    @Test(.enabled(if: leasesAvailable, "this system grants no read leases (Linux, fs.leases-enable)"))
    func aLargeFileIsMappedAndReadsAsTheArrayDoes() throws {
        let (folder, path, bytes) = try Self.largeFile(); defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(bytes.count >= CatalogLoader.mappedReadBytes)
        let (mapped, same, read) = try CatalogLoader.withBytes(ofFile: path) { (buffer, isMapped) throws(CatalogError) in
            (isMapped, buffer.elementsEqual(bytes), try StringCatalog(xcstrings: buffer, file: path))
        }
        #expect(mapped)
        #expect(same)
        #expect(read == (try StringCatalog(xcstrings: bytes, file: path)))
        #expect(read.keys.count == 30_000)
        // The readers that take the mapped bytes.
        let stats = try CatalogSet.load(paths: [path], detail: .states)
        #expect(CatalogStats(stats.tables).text == CatalogStats([try StringCatalog(xcstrings: bytes, file: path)]).text)
    }

    /// A file someone has open for writing gets no lease: it is read into memory.
    @Test func aFileOpenForWritingIsReadNotMapped() throws {
        let (folder, path, bytes) = try Self.largeFile(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = open(path, O_WRONLY)
        #expect(writer >= 0)
        defer { close(writer) }
        let (mapped, same) = try CatalogLoader.withBytes(ofFile: path) { (buffer, isMapped) throws(CatalogError) in
            (isMapped, buffer.elementsEqual(bytes))
        }
        #expect(!mapped)
        #expect(same)
    }

    /// A truncation started while the file is mapped waits until the read is over: the bytes
    /// stay whole (a mapped file that shrank would kill the reader).
    @Test(.enabled(if: leasesAvailable, "this system grants no read leases (Linux, fs.leases-enable)"))
    func aTruncationWaitsUntilTheReadEnds() throws {
        let (folder, path, bytes) = try Self.largeFile(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let truncated = DispatchSemaphore(value: 0)
        let outcome = try CatalogLoader.withBytes(ofFile: path) { (buffer, isMapped) throws(CatalogError) -> (Bool, Int, Bool) in
            Thread.detachNewThread {
                _ = truncate(path, 0)
                truncated.signal()
            }
            // The truncation has started and waits for the lease: the system shows the lease
            // breaking (`/proc/locks`), and the file keeps its size.
            var breaking = false
            for _ in 0..<100 where !breaking {
                breaking = ((try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? "").contains("BREAKING")
                if !breaking { usleep(10_000) }
            }
            let waited = truncated.wait(timeout: .now() + 0.2) == .timedOut
            var status = stat()
            _ = stat(path, &status)
            // Read only while the file is whole: a mapped file that shrank would end the tests.
            let whole = Int(status.st_size) == bytes.count && buffer.elementsEqual(bytes)
            return (isMapped && breaking && waited, Int(status.st_size), whole)
        }
        #expect(outcome.0, "the truncation did not wait for the mapped read")
        #expect(outcome.1 == bytes.count)
        #expect(outcome.2)
        #expect(truncated.wait(timeout: .now() + 10) == .success)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_size == 0)
    }

    /// Small files are read; a file is refused as `contents(ofFile:)` refuses it.
    @Test func smallFilesAreReadAndRefusalsAreTheArrayReadsOnes() throws {
        let folder = try SafeFileWriterTests.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let small = folder + "/Small.xcstrings"
        let bytes = Self.catalog(keys: 3)
        try Data(bytes).write(to: URL(fileURLWithPath: small))
        let (mapped, same) = try CatalogLoader.withBytes(ofFile: small) { (buffer, isMapped) throws(CatalogError) in
            (isMapped, buffer.elementsEqual(bytes))
        }
        #expect(!mapped)
        #expect(same)
        let limits = CatalogLimits(maximumFileSize: 100)
        for (path, limits) in [(folder + "/Missing.xcstrings", CatalogLimits.standard), (folder, .standard), (small, limits)] {
            let expected = #expect(throws: CatalogError.self) { try CatalogLoader.contents(ofFile: path, limits: limits) }
            let error = #expect(throws: CatalogError.self) {
                try CatalogLoader.withBytes(ofFile: path, limits: limits) { (buffer) throws(CatalogError) in buffer.count }
            }
            #expect(error?.description == expected?.description)
            #expect(error?.description.isEmpty == false)
        }
    }
}
