import Synchronization
import Testing
import ToastICU
import ToastKit
import ToastKitTesting

/// Collects what a stream was sent.
final class Recorder: Sendable {
    private let storage = Mutex("")
    var text: String { storage.withLock { $0 } }
    func write(_ text: String) { storage.withLock { $0 += text } }
}

@Suite struct ToastCenterTests {
    static let services = ICUServices()
    static let localizer = Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [LocaleTag("en")!], services: services)

    struct Setup {
        var center: ToastCenter
        let out: Recorder
        let err: Recorder
    }

    static func setup(terminal: Bool, term: String = "xterm-256color", width: Int = 60) -> Setup {
        let out = Recorder(), err = Recorder()
        let facts = TerminalFacts(environment: ["TERM": term], isTerminal: terminal, windowColumns: width)
        let presenter = LinePresenter(options: .init(width: width, symbols: .ascii), services: services)
        let center = ToastCenter(localizer: localizer,
                                 output: ToastStream(facts: facts, presenter: presenter) { out.write($0) },
                                 status: ToastStream(facts: facts, presenter: presenter) { err.write($0) })
        return Setup(center: center, out: out, err: err)
    }

    static func progress(_ value: Double) -> Toast {
        Toast(.info, id: "dl", message: .verbatim("Downloading"), style: .progress(value))
    }

    @Test func notATerminalPrintsEachToastOnceWithoutEscapes() {
        var s = Self.setup(terminal: false)
        var now = Duration.zero
        for value in stride(from: 0.0, through: 0.9, by: 0.1) {
            s.center.enqueue(Self.progress(value), now: now)
            now += .milliseconds(150)
            s.center.tick(now: now)
        }
        s.center.enqueue(Toast(.warning, message: .verbatim("Disk almost full")), now: now)
        s.center.finish(now: now)
        #expect(s.err.text == "")
        #expect(s.out.text == "! Warning: Disk almost full\ni Information: Downloading [#######-] 90%\n")
        #expect(!s.out.text.contains("\u{1B}") && !s.out.text.contains("\r"))
    }

    @Test func dumbTerminalsGetNoRedraw() {
        var s = Self.setup(terminal: true, term: "dumb")
        s.center.enqueue(Self.progress(0.5), now: .zero)
        s.center.tick(now: .seconds(1))
        s.center.finish(now: .seconds(2))
        #expect(s.err.text == "")
        #expect(s.out.text == "i Information: Downloading [####----] 50%\n")
    }

    @Test func liveToastWaitsThenRedrawsInPlaceAndCompletes() {
        var s = Self.setup(terminal: true)
        s.center.enqueue(Self.progress(0.1), now: .zero)
        s.center.tick(now: .milliseconds(150))
        #expect(s.err.text == "", "nothing drawn during the grace period")
        s.center.tick(now: .milliseconds(200))
        #expect(s.err.text == "i Information: Downloading [--------] 10%")
        s.center.enqueue(Self.progress(0.5), now: .milliseconds(250))
        #expect(s.err.text == "i Information: Downloading [--------] 10%", "at most ten frames a second")
        s.center.tick(now: .milliseconds(300))
        #expect(s.err.text.hasSuffix("\r\u{1B}[2Ki Information: Downloading [####----] 50%"))
        // Another toast prints above: clear, print, draw again.
        s.center.enqueue(Toast(.error, message: .verbatim("Lost connection")), now: .milliseconds(400))
        #expect(s.out.text == "x Error: Lost connection\n")
        #expect(s.err.text.hasSuffix("\r\u{1B}[2K\r\u{1B}[2Ki Information: Downloading [####----] 50%") == false)
        #expect(s.err.text.hasSuffix("50%\r\u{1B}[2Ki Information: Downloading [####----] 50%"))
        // The same id as a standard toast replaces the live one.
        s.center.enqueue(Toast(.success, id: "dl", message: .verbatim("Downloaded")), now: .milliseconds(500))
        #expect(s.err.text.hasSuffix("\r\u{1B}[2K"))
        #expect(s.out.text == "x Error: Lost connection\n+ Success: Downloaded\n")
        #expect(s.center.drawnLines == 0)
    }

    @Test func spinnerFramesAdvanceAndInterruptClears() {
        var s = Self.setup(terminal: true)
        s.center.enqueue(Toast(.info, id: "sync", message: .verbatim("Syncing"), style: .indeterminate), now: .zero)
        for step in 2...6 { s.center.tick(now: .milliseconds(100 * step)) }
        let frames = s.err.text.components(separatedBy: "\r\u{1B}[2K")
        #expect(frames == ["| Information: Syncing", "/ Information: Syncing", "- Information: Syncing", "\\ Information: Syncing",
                           "| Information: Syncing"])
        s.center.interrupt()
        #expect(s.err.text.hasSuffix("\r\u{1B}[2K"))
        #expect(s.out.text == "")
    }

    @Test func wrappedLiveToastsClearEveryLine() {
        var s = Self.setup(terminal: true, width: 24)
        s.center.enqueue(Self.progress(0.25), now: .zero)
        s.center.tick(now: .milliseconds(200))
        #expect(s.center.drawnLines == 2)
        s.center.dismiss(id: "dl", now: .milliseconds(300))
        #expect(s.err.text.hasSuffix("\r\u{1B}[2K\u{1B}[1A\u{1B}[2K"))
        #expect(s.out.text.split(separator: "\n").count == 2)
    }
}
