import Foundation
import Testing
import ToastCatalog
import ToastKitTesting

/// Lint checks a String Catalog's entries while it is still being read; the findings must be
/// exactly those of checking the loaded catalog afterwards.
@Suite struct LintPipelineTests {
    static func both(_ text: String, file: String = "Main.xcstrings") -> (pipelined: [String], sequential: [String]) {
        both(Array(text.utf8), file: file)
    }

    static func both(_ bytes: [UInt8], file: String) -> (pipelined: [String], sequential: [String]) {
        let linter = Linter()
        return (linter.lint(file: file, bytes: bytes, pipelined: true).map(LintOutput.text),
                linter.lint(file: file, bytes: bytes, pipelined: false).map(LintOutput.text))
    }

    /// `count` entries (several batches): every 7th lacks its `ja` text, every 11th reads its
    /// argument as an integer in `de`, every 13th has a `new` French text.
    static func generated(count: Int, sourceLanguageLast: Bool = false, duplicate: Bool = false) -> String {
        var entries: [String] = []
        for index in 0..<count {
            var localizations = [#""en":{"stringUnit":{"state":"translated","value":"Saved %@ (\#(index))"}}"#]
            let de = index % 11 == 0 ? "Gespeichert %d (\(index))" : "Gespeichert %@ (\(index))"
            localizations.append(#""de":{"stringUnit":{"state":"translated","value":"\#(de)"}}"#)
            let state = index % 13 == 0 ? "new" : "translated"
            localizations.append(#""fr":{"stringUnit":{"state":"\#(state)","value":"Enregistré %@ (\#(index))"}}"#)
            if index % 7 != 0 {
                localizations.append(#""ja":{"stringUnit":{"state":"translated","value":"%@ を保存しました (\#(index))"}}"#)
            }
            entries.append(#""saved.\#(index)":{"comment":"%@ is a file name.","localizations":{\#(localizations.joined(separator: ","))}}"#)
        }
        if duplicate { entries.append(entries[3].replacingOccurrences(of: "Gespeichert %@ (3)", with: "Gespeichert %lld (3)")) }
        let strings = #""strings":{\#(entries.joined(separator: ",\n"))}"#
        return sourceLanguageLast
            ? #"{\#(strings),"sourceLanguage":"en","version":"1.0"}"#
            : #"{"sourceLanguage":"en",\#(strings),"version":"1.0"}"#
    }

    @Test(arguments: [1, 63, 64, 65, 1_000])
    func generatedCatalogs(count: Int) {
        let (pipelined, sequential) = Self.both(Self.generated(count: count))
        #expect(pipelined == sequential)
        // `ja` is a target locale only when some entry has it (not with one entry).
        let jaMissing = count > 1 ? (0..<count).filter { $0 % 7 == 0 }.count : 0
        let frNew = (0..<count).filter { $0 % 13 == 0 }.count
        let deInteger = (0..<count).filter { $0 % 11 == 0 }.count
        #expect(pipelined.count == jaMissing + frNew + deInteger, "\(pipelined.prefix(5))")
        #expect(pipelined.filter { $0.contains("[missing-translation]") }.count == jaMissing + frNew)
        #expect(pipelined.filter { $0.contains("[format-type-mismatch]") }.count == deInteger)
    }

    @Test func sourceLanguageAfterTheStrings() {
        let (pipelined, sequential) = Self.both(Self.generated(count: 200, sourceLanguageLast: true))
        #expect(pipelined == sequential)
        #expect(pipelined.count == 29 + 19 + 16)
    }

    @Test func aKeyReadTwice() {
        // The second "saved.3" wins (its German reads %lld): checked on the loaded table.
        let (pipelined, sequential) = Self.both(Self.generated(count: 200, duplicate: true))
        #expect(pipelined == sequential)
        #expect(pipelined.contains { $0.contains("[duplicate-key]") })
        #expect(pipelined.contains { $0.contains("[format-type-mismatch]") && $0.contains("“%lld”") })
    }

    @Test func aTruncatedCatalog() {
        let text = Self.generated(count: 300)
        let (pipelined, sequential) = Self.both(String(text.prefix(text.count / 2)))
        #expect(pipelined == sequential)
        #expect(pipelined.count == 1 && pipelined[0].contains("[parse-error]"))
    }
}

@Suite(.enabled(if: TestCorpus.shared().shouldRun, "../shared/corpus is absent"))
struct LintPipelineCorpusTests {
    static let corpus = TestCorpus.shared()

    @Test(arguments: corpus.files(endingWith: [".xcstrings"]))
    func sameFindings(_ path: String) throws {
        let (pipelined, sequential) = LintPipelineTests.both(try Self.corpus.bytes(path), file: path)
        #expect(pipelined == sequential)
    }
}
