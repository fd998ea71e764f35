import Testing
import ToastCatalog

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(CatalogError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8), file: "t.json")
    }

    @Test func keepsOrderDuplicatesAndNumbersAsWritten() throws {
        let value = try parse(#"{"b": 1.0, "a": [true, null, "x"], "b": -2e3}"#)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a", "b"])
        #expect(members[0].value == .number("1.0"))
        #expect(value["b"] == .number("-2e3"))
        #expect(members[1].value == .array([.bool(true), .null, .string("x")]))
    }

    @Test func memberPositionsAreOneBasedScalarColumns() throws {
        let value = try parse("{\n  \"é\" : 1,\n  \"x\" : 2\n}")
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map { [$0.line, $0.column] } == [[2, 3], [3, 3]])
    }

    @Test(arguments: [
        (#"{"a": \u{1}"#, "json-syntax"),
    ])
    func rejectsControlValues(text: String, rule: String) {
        #expect(throws: CatalogError.self) { try parse(text) }
    }

    @Test(arguments: [
        ("{\"a\": }", 1, 7, "expected a value"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("{\"a\": 1,}", 1, 9, "expected a member name"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("{\"a\": \"x", 1, 9, "expected '\"' to close"),
        ("{\n  \"é\": tru }", 2, 8, "expected 'true'"),
        ("\"\\q\"", 1, 3, "expected one of"),
        ("\"\\uD800x\"", 1, 8, "expected a low surrogate"),
        ("\"\\uDC00\"", 1, 8, "expected a high surrogate"),
        ("{} x", 1, 4, "expected the end of the document"),
        ("", 1, 1, "found the end of the file"),
        ("01", 1, 2, "expected the end of the document"),
        ("\"a\nb\"", 1, 3, "raw control character"),
    ])
    func errorsNameLineColumnAndExpectation(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try parse(text)
            Issue.record("parsed \(text.debugDescription) without an error")
        } catch {
            #expect(error.location.line == line && error.location.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("t.json:\(line):\(column): error: [json-syntax] "))
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: CatalogError.self) { try JSONParser.parse([0x22, 0xFF, 0x22], file: "t.json") }
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try parse(deep)
            Issue.record("accepted 100000 nested arrays")
        } catch {
            #expect(error.message.contains("nesting deeper than 512"))
        }
    }

    @Test func decodesEscapes() throws {
        #expect(try parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#) == .string("a\"b\\c/d\n\té😀"))
    }

    @Test func writerRoundTrip() throws {
        let text = #"{"k":["v\n\u0001",1.50,false,null],"é":{}}"#
        let value = try parse(text)
        #expect(JSONWriter.string(value) == text)
        #expect(try parse(JSONWriter.string(value, style: .pretty)) == value)
    }
}
