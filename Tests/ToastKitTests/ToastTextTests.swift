import Testing
import ToastKit

@Suite struct ToastTextTests {
    @Test func literalIsAKey() {
        let text: ToastText = "Upload complete"
        #expect(text == .key(key: "Upload complete"))
    }

    @Test func stringValueIsVerbatim() {
        let name = "Report.pdf"
        #expect(ToastText(name) == .verbatim("Report.pdf"))
    }

    @Test func integerInterpolation() {
        let n = 3
        let text: ToastText = "\(n) files uploaded"
        #expect(text == .key(key: "%lld files uploaded", arguments: [.int(3)]))
    }

    @Test func doubleFloatUnsignedAndString() {
        let ratio = 0.5
        let speed: Float = 1.25
        let count: UInt = 7
        let name = "Alice"
        #expect(("\(ratio) done" as ToastText) == .key(key: "%lf done", arguments: [.double(0.5)]))
        #expect(("\(speed)x" as ToastText) == .key(key: "%fx", arguments: [.float(1.25)]))
        #expect(("\(count) left" as ToastText) == .key(key: "%llu left", arguments: [.uint(7)]))
        #expect(("Hi \(name)!" as ToastText) == .key(key: "Hi %@!", arguments: [.string("Alice")]))
    }

    @Test func mixedLiteralEscapesPercent() {
        let n = 4
        let who = "Bob"
        let pct = 99.5
        let text: ToastText = "\(who) sent \(n) files (\(pct)% done)"
        #expect(text == .key(key: "%@ sent %lld files (%lf%% done)", arguments: [.string("Bob"), .int(4), .double(99.5)]))
    }

    @Test func otherValuesUseTheirDescription() {
        struct Thing: CustomStringConvertible { var description: String { "thing" } }
        let int8: Int8 = -3
        #expect(("\(Thing()) and \(int8)" as ToastText) == .key(key: "%@ and %lld", arguments: [.string("thing"), .int(-3)]))
    }
}
