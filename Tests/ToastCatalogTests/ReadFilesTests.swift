import Foundation
import Testing
import ToastCatalog

/// ``CatalogLoader/readFiles(_:sourceLanguage:limits:detail:_:)`` on its pipeline.
@Suite struct ReadFilesTests {
    struct Stop: Error, Equatable { let file: String }

    /// An error from the caller's body is the error thrown, no later file is handed on, and
    /// the call returns (the files read ahead are let go).
    @Test(arguments: [0, 2, 8])
    func nothingIsHandedOnAfterTheBodysError(failing: Int) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-stop-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var paths: [String] = []
        for index in 0..<12 {
            let url = root.appendingPathComponent(String(format: "l%02d.lproj/Main.strings", index))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "\"k\" = \"v \(index)\";\n".write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        var handed: [String] = []
        #expect(throws: Stop(file: paths[failing])) {
            try CatalogLoader.readFiles(paths) { (file, _) throws(Stop) in
                handed.append(file)
                if handed.count == failing + 1 { throw Stop(file: file) }
            }
        }
        #expect(handed == Array(paths[...failing]))
    }
}
