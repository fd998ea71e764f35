import Foundation
import Testing

/// Runs the built `toastkit` executable.
struct ToastkitBinary {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable built beside this test bundle.
    static let url: URL = {
        let candidates = [
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent("toastkit")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return candidates[0].appendingPathComponent("toastkit")
    }()

    /// A minimal environment: no inherited locale or colour variables.
    static let baseEnvironment: [String: String] = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]

    /// Runs `toastkit` with `arguments`; `input`, when given, is its standard input (written
    /// from a file, so a large input cannot block on a full pipe), else `/dev/null`.
    static func run(_ arguments: [String], environment: [String: String] = [:], executable: URL = url,
                    directory: URL? = nil, input: Data? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = baseEnvironment.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        var inputFile: URL?
        if let input {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("toastkit-stdin-\(UUID().uuidString)")
            try input.write(to: file)
            process.standardInput = try FileHandle(forReadingFrom: file)
            inputFile = file
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        defer { if let inputFile { try? FileManager.default.removeItem(at: inputFile) } }
        try startRetryingBusyText(process)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}

extension ToastkitBinary {
    /// Starts `process`, again while the system says its executable is open for writing
    /// (`ETXTBSY`): a copy written a moment ago can still be open in a process another test
    /// was starting meanwhile, which inherited the writer's descriptor and holds it until it
    /// closes its descriptors before `exec`. Given up after about 10 seconds.
    static func startRetryingBusyText(_ process: Process) throws {
        var attempt = 0
        while true {
            do {
                try process.run()
                return
            } catch {
                let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
                guard underlying?.domain == NSPOSIXErrorDomain, underlying?.code == Int(ETXTBSY), attempt < 200 else { throw error }
                attempt += 1
                usleep(50_000)
            }
        }
    }
}

/// Files for the end-to-end tests: a fresh temporary folder, and text written with its folders.
enum TestFiles {
    static func temporaryFolder(_ prefix: String = "toastkit-e2e") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func write(_ text: String, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
