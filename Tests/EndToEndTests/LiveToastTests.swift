import Foundation
import Testing

/// A live progress toast driven from standard input, on a real pseudo-terminal (tmux, installed
/// by `.ci/run`), and the same command with its output piped.
/// Whether tmux is installed; under `CI=true` the tests run regardless (and fail when it is
/// missing).
private var tmuxAvailable: Bool { ProcessInfo.processInfo.environment["CI"] == "true" || LiveToastTests.tmuxPath() != nil }

@Suite(.serialized, .enabled(if: tmuxAvailable, "tmux is not installed"))
struct LiveToastTests {

    static func tmuxPath() -> String? {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Tmux {
        let path: String
        let socket = "toastkit-e2e-\(UUID().uuidString.prefix(8))"

        /// Runs a tmux client. The first call starts the server, which keeps the descriptors it
        /// inherits: pass `capture: false` there so no pipe stays open.
        @discardableResult
        func run(_ arguments: [String], capture: Bool = true) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = ["-L", socket] + arguments
            process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"]
            let out = Pipe()
            process.standardOutput = capture ? out : FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            guard capture else {
                // The server forks off this client and would keep Foundation's exit watch
                // open; spawn and reap it directly.
                try Self.spawnAndWait([path, "-L", socket] + arguments, environment: process.environment ?? [:])
                return ""
            }
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }

        static func spawnAndWait(_ argv: [String], environment: [String: String]) throws {
            var pid = pid_t()
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
            let cArgs = argv.map { strdup($0) } + [nil]
            let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { for p in cArgs + cEnv { free(p) } }
            // The test runner may block or ignore signals; the terminal's processes must not
            // inherit that (Ctrl-C has to reach them).
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var empty = sigset_t(), defaults = sigset_t()
            sigemptyset(&empty)
            sigemptyset(&defaults)
            for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigmask(&attributes, &empty)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            let status = posix_spawn(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
            guard status == 0 else { throw CocoaError(.fileNoSuchFile) }
            var exit: Int32 = 0
            waitpid(pid, &exit, 0)
        }

        /// Starts `command` (a shell line) in a 60 × 10 session named `live`.
        func start(_ command: String) throws {
            try run(["new-session", "-d", "-s", "live", "-x", "60", "-y", "10", "sh", "-c", command], capture: false)
        }

        func stop() { _ = try? run(["kill-server"], capture: false) }

        /// Polls the screen until the command has printed `EXIT=…` or `deadline` passes.
        func screenAtExit(deadline: Date) throws -> [String] {
            var screen: [String] = []
            while Date() < deadline {
                screen = try self.screen()
                if screen.contains(where: { $0.hasPrefix("EXIT=") }) { break }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return screen
        }

        /// The visible screen, trailing blank lines removed.
        func screen() throws -> [String] {
            var lines = try run(["capture-pane", "-p", "-t", "live"]).components(separatedBy: "\n")
            while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
            return lines
        }
    }

    static func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// A tmux client, or `nil` (with a printed note, or a recorded issue under CI) without tmux.
    static func tmux() -> Tmux? {
        guard let path = tmuxPath() else {
            Issue.record("tmux is missing; .ci/run installs it")
            return nil
        }
        return Tmux(path: path)
    }

    @Test func progressRedrawsInPlaceOnATerminalAndLeavesOneFinalLine() throws {
        guard let tmux = Self.tmux() else { return }
        let binary = Self.shellQuoted(ToastkitBinary.url.path)
        let feed = "for v in 0.10 0.35 0.60 0.85; do echo $v; sleep 0.4; done"
        let command = "\(feed) | \(binary) show --verbatim 'Downloading Maps.zip' --style progress --stdin --symbols ascii"
            + " --color never --locale en; echo EXIT=$?; sleep 5"
        try tmux.start(command)
        defer { tmux.stop() }

        // While it runs: one line, redrawn in place, with a bar and a percentage.
        var seenLive: [String] = []
        let start = Date()
        while Date().timeIntervalSince(start) < 10 {
            let screen = try tmux.screen()
            if screen.contains(where: { $0.hasPrefix("EXIT=") }) { break }
            let toastLines = screen.filter { $0.contains("Downloading Maps.zip") }
            if !toastLines.isEmpty {
                #expect(toastLines.count == 1, "the live toast is drawn once: \(screen)")
                #expect(screen.count == 1, "nothing else is on screen: \(screen)")
                seenLive.append(toastLines[0])
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(seenLive.contains { $0.range(of: #"\[#*-*\] \d+%"#, options: .regularExpression) != nil }, "\(seenLive)")
        #expect(Set(seenLive).count >= 2, "the percentage moved: \(Set(seenLive))")

        // At the end: the final state, printed once, and nothing left of the live line.
        let final = try tmux.screenAtExit(deadline: start.addingTimeInterval(15))
        #expect(final == ["i Information: Downloading Maps.zip [######--] 85%", "EXIT=0"])
    }

    @Test func interruptClearsTheLiveLine() throws {
        guard let tmux = Self.tmux() else { return }
        let binary = Self.shellQuoted(ToastkitBinary.url.path)
        let command = "trap 'echo INTERRUPTED' INT; (echo 0.3; sleep 20) | \(binary) show --verbatim Copying --style progress"
            + " --stdin --symbols ascii --color never --locale en; echo EXIT=$?; sleep 5"
        try tmux.start(command)
        defer { tmux.stop() }
        let start = Date()
        var drawn = false
        while Date().timeIntervalSince(start) < 10, !drawn {
            drawn = try tmux.screen() == ["i Information: Copying [##------] 30%"]
            if !drawn { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(drawn)
        try tmux.run(["send-keys", "-t", "live", "C-c"], capture: false)
        let screen = try tmux.screenAtExit(deadline: start.addingTimeInterval(15))
        #expect(screen == ["INTERRUPTED", "EXIT=130"], "the live line is cleared, not left behind")
    }

    @Test func progressPrintsOnlyItsFinalStateWhenPiped() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let binary = Self.shellQuoted(ToastkitBinary.url.path)
        process.arguments = ["-c", "printf '0.2\\n50%%\\nnonsense\\n1\\n' | \(binary) show --verbatim Copying --style progress --stdin --locale de"]
        process.environment = ToastkitBinary.baseEnvironment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(stdout == "Information: Copying 100\u{A0}%\n")
        #expect(stderr == "<stdin>:3:1: warning: [progress-value] expected a fraction from 0 to 1 or a percentage such as 42%, found “nonsense”\n")
    }
}
