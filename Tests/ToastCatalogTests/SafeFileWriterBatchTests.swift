import Foundation
import Testing
import ToastCatalog

/// `SafeFileWriter.Batch`: writes made a few at once, each with every guarantee of a single
/// write, the first failure (in the order handed over) reported at the end.
@Suite struct SafeFileWriterBatchTests {
    /// Every file handed over is written whole, a large one (flushed as it is written) too,
    /// and no temporary file is left.
    @Test(arguments: [(1, 1), (4, 4), (2, 8)])
    func everyFileIsWrittenWhole(threads: Int, window: Int) throws {
        let folder = try SafeFileWriterTests.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let batch = SafeFileWriter.Batch(threads: threads, window: window)
        var expected: [String: [UInt8]] = [:]
        for index in 0..<40 {
            // One file larger than a flush run (8 MiB), the others small.
            let count = index == 7 ? (9 << 20) + 123 : 100 + index * 37
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
            let path = folder + "/F\(index).strings"
            expected[path] = bytes
            batch.write(bytes, to: path, options: .init(replacesExisting: false))
        }
        try batch.finish()
        #expect(!batch.hasFailed)
        for (path, bytes) in expected {
            #expect(FileManager.default.contents(atPath: path).map(Array.init) == bytes, "\(path)")
        }
        #expect(SafeFileWriterTests.leftovers(folder).isEmpty)
    }

    /// Two writes refused (their files exist): the files refused keep their contents, the
    /// error thrown is the first refused one's in the order handed over, the writes before it
    /// are made, and each later one is made whole or not at all, as ``made(_:)`` says.
    @Test(arguments: [(1, 1), (4, 2)])
    func theFirstFailureInOrderIsThrown(threads: Int, window: Int) throws {
        let folder = try SafeFileWriterTests.folder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        try SafeFileWriterTests.make(folder + "/F3.strings", "kept 3")
        try SafeFileWriterTests.make(folder + "/F7.strings", "kept 7")
        let batch = SafeFileWriter.Batch(threads: threads, window: window)
        var orders: [Int] = []
        for index in 0..<10 {
            orders.append(batch.write(Array("new \(index)".utf8), to: folder + "/F\(index).strings", options: .init(replacesExisting: false)))
        }
        #expect(orders == Array(0..<10))
        var thrown: CatalogError?
        do { try batch.finish() } catch { thrown = error }
        #expect(thrown?.description.contains("F3.strings:1:1: error: [io]") == true, "\(String(describing: thrown))")
        #expect(batch.hasFailed)
        #expect(SafeFileWriterTests.text(folder + "/F3.strings") == "kept 3" && !batch.made(3))
        #expect(SafeFileWriterTests.text(folder + "/F7.strings") == "kept 7" && !batch.made(7))
        for index in [0, 1, 2] {
            #expect(SafeFileWriterTests.text(folder + "/F\(index).strings") == "new \(index)" && batch.made(index))
        }
        for index in [4, 5, 6, 8, 9] {
            let text = SafeFileWriterTests.text(folder + "/F\(index).strings")
            #expect(batch.made(index) ? text == "new \(index)" : text == nil, "F\(index): \(String(describing: text))")
        }
        #expect(SafeFileWriterTests.leftovers(folder).isEmpty)
    }
}
