import Foundation
import Testing
import ToastTestSupport
import ToastCatalog
@_spi(Verification) @testable import ToastLint
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

    /// The reader checks a batch itself when more than a few wait: with no batch allowed to
    /// wait it checks nearly all of them, with one it shares them, and the findings are the same.
    @Test(arguments: [0, 1, 3])
    func theReaderChecksWhatWaits(waitingBatches: Int) {
        let bytes = Array(Self.generated(count: 1_000).utf8)
        let linter = Linter()
        let sequential = linter.lint(file: "Main.xcstrings", bytes: bytes, pipelined: false).map(LintOutput.text)
        let helped = linter.lint(file: "Main.xcstrings", bytes: bytes, pipelined: true, waitingBatches: waitingBatches).map(LintOutput.text)
        #expect(helped == sequential)
        #expect(helped.count == 143 + 77 + 91)
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

    /// A second top-level "strings" member replaces the first (as in every JSON reader): the
    /// entries checked while the first was read are not the catalog's, and not reported. The
    /// fuzzer found this one: the same key in both members was reported twice.
    @Test(arguments: [1, 200])
    func aRepeatedStringsMember(count: Int) {
        let entry = #""k":{"localizations":{"ar":{"stringUnit":{"state":"translated","value":"\u202e%@"}}}}"#
        let first = Self.generated(count: count)
        let text = first.replacingOccurrences(of: #","version":"1.0"}"#, with: #","strings":{\#(entry)},"version":"1.0"}"#)
            .replacingOccurrences(of: #""strings":{"#, with: #""strings":{\#(entry),"#, options: [], range: first.range(of: #""strings":{"#))
        let (pipelined, sequential) = Self.both(text)
        #expect(pipelined == sequential)
        #expect(pipelined.filter { $0.contains("[bidi-control]") }.count == 1, "\(pipelined)")
        #expect(!pipelined.contains { $0.contains("saved.") && !$0.contains("[duplicate-key]") }, "\(pipelined.prefix(3))")
    }

    /// The entries checked while read are not kept: the comments that suppress findings are,
    /// for the per-entry rules and for the missing translations found after the read.
    @Test(arguments: [1, 200])
    func suppressionsOfEntriesNotKept(count: Int) {
        var text = Self.generated(count: count)
        // Entry 0 lacks ja and reads an integer in de; entry 0's comment silences the type
        // mismatch only, entry 7's (which lacks ja) silences every rule.
        text = text.replacingOccurrences(of: #""saved.0":{"comment":"%@ is a file name.""#,
                                         with: #""saved.0":{"comment":"%@ is a file name. [no-lint: format-type-mismatch]""#)
        text = text.replacingOccurrences(of: #""saved.7":{"comment":"%@ is a file name.""#,
                                         with: #""saved.7":{"comment":"[no-lint] %@ is a file name.""#)
        let (pipelined, sequential) = Self.both(text)
        #expect(pipelined == sequential)
        #expect(!pipelined.contains { $0.contains("“saved.0”") && $0.contains("[format-type-mismatch]") })
        #expect(!pipelined.contains { $0.contains("“saved.7”") })
        if count > 1 {
            #expect(pipelined.contains { $0.contains("“saved.14”") }, "\(pipelined.prefix(3))")
            #expect(pipelined.contains { $0.contains("[missing-translation]") && $0.contains("“saved.0”") })
            #expect(pipelined.contains { $0.contains("[format-type-mismatch]") && $0.contains("“saved.11”") })
        }
    }

    /// Many findings of one list are selected (severities, suppressions) in pieces on all
    /// cores, and located with one walk a part from finding to finding: 9,000 entries, one a
    /// line, with two findings each (a German integer, a French text in state new), every
    /// third entry's silenced by its comment. A catalog's checked entries come in two lists at
    /// most, so one of them holds more than two pieces. Each finding kept is its own entry's,
    /// once, on its entry's line; the silenced ones are gone.
    @Test func manyFindingsSelectedInPiecesAndLocated() throws {
        let count = 9_000
        #expect(count > 2 * Linter.selectionPieceLength)
        var entries: [String] = []
        for index in 0..<count {
            let comment = index % 3 == 0 ? "[no-lint] %@ is a file name." : "%@ is a file name."
            entries.append(#""saved.\#(index)":{"comment":"\#(comment)","localizations":{"#
                + #""en":{"stringUnit":{"state":"translated","value":"Saved %@ (\#(index))"}},"#
                + #""de":{"stringUnit":{"state":"translated","value":"Gespeichert %d (\#(index))"}},"#
                + #""fr":{"stringUnit":{"state":"new","value":"Enregistré %@ (\#(index))"}}}}"#)
        }
        let text = #"{"sourceLanguage":"en","strings":{\#(entries.joined(separator: ",\n"))},"version":"1.0"}"#
        let findings = Linter().lint(file: "Main.xcstrings", bytes: Array(text.utf8))
        let kept = (0..<count).filter { $0 % 3 != 0 }
        #expect(findings.count == 2 * kept.count)
        let byKey = Dictionary(grouping: findings, by: \.key)
        #expect(byKey.count == kept.count)
        for index in kept {
            let found = try #require(byKey["saved.\(index)"], "saved.\(index)")
            #expect(Set(found.map(\.rule)) == [.formatTypeMismatch, .missingTranslation] && Set(found.map(\.locale)) == ["de", "fr"],
                    "saved.\(index): \(found.map(LintOutput.text))")
            // Entry i stands on line i + 1.
            #expect(found.allSatisfy { $0.location.line == index + 1 }, "saved.\(index): \(found.map(\.location))")
        }
    }

    @Test func suppressionMarkerScan() {
        for comment in ["[no-lint]", "x [no-lint: a]", "[[no-lint]", "a [no-lin [no-lint"] {
            #expect(LintSuppression.maySuppress(comment), "\(comment)")
        }
        for comment in ["", "no-lint", "[no-lin", "[ no-lint]", "[No-lint]"] {
            #expect(!LintSuppression.maySuppress(comment), "\(comment)")
        }
    }

    /// A catalog with a member of each kind the reader knows, once each.
    static let everyMember = #"""
    {"sourceLanguage":"en","strings":{"files":{"comment":"%lld is a count of files.","extractionState":"manual",\#
    "isCommentAutoGenerated":false,"shouldTranslate":true,"localizations":{\#
    "en":{"stringUnit":{"state":"translated","value":"%lld files"}},\#
    "de":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld Datei"}},\#
    "other":{"stringUnit":{"state":"translated","value":"%lld Dateien"}}}}},\#
    "fr":{"variations":{"device":{"mac":{"stringUnit":{"state":"translated","value":"%lld fichiers (Mac)"}},\#
    "other":{"stringUnit":{"state":"translated","value":"%lld fichiers"}}}}},\#
    "ja":{"stringUnit":{"state":"translated","value":"%#@n@"},"substitutions":{"n":{"argNum":1,"formatSpecifier":"lld",\#
    "variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%arg 個のファイル"}}}}}}}}}},"version":"1.0"}
    """#

    /// Each member of `everyMember` written twice (`from` → `to`), at every level the reader
    /// knows, and inside a member it does not know.
    static let repeatedMembers: [(String, String, String)] = [
        ("top level", #""version":"1.0"}"#, #""version":"1.0","version":"1.0"}"#),
        ("source language", #"{"sourceLanguage":"en","#, #"{"sourceLanguage":"en","sourceLanguage":"en","#),
        ("strings", #","version":"1.0"}"#, #","strings":{},"version":"1.0"}"#),
        ("comment", #""extractionState":"manual","#, #""extractionState":"manual","comment":"Files.","#),
        ("extraction state", #""extractionState":"manual","#, #""extractionState":"manual","extractionState":"manual","#),
        ("auto comment", #""isCommentAutoGenerated":false,"#, #""isCommentAutoGenerated":false,"isCommentAutoGenerated":false,"#),
        ("should translate", #""shouldTranslate":true,"#, #""shouldTranslate":true,"shouldTranslate":true,"#),
        ("localizations", #""shouldTranslate":true,"#, #""localizations":{},"shouldTranslate":true,"#),
        ("locale", #""de":{"variations""#, #""en":{"stringUnit":{"state":"translated","value":"%lld file(s)"}},"de":{"variations""#),
        ("string unit", #""value":"%lld files"}}"#, #""value":"%lld files"},"stringUnit":{"value":"%lld files"}}"#),
        ("state", #"{"state":"translated","value":"%lld files"}"#, #"{"state":"translated","state":"translated","value":"%lld files"}"#),
        ("value", #""value":"%lld files"}"#, #""value":"%lld files","value":"%lld files"}"#),
        ("variations", #""%lld Dateien"}}}}}"#, #""%lld Dateien"}}}},"variations":{}}"#),
        ("plural", #""%lld Dateien"}}}}}"#, #""%lld Dateien"}}},"plural":{"other":{"stringUnit":{"value":"%lld"}}}}}"#),
        ("plural form", #""value":"%lld Datei"}},"#, #""value":"%lld Datei"}},"one":{"stringUnit":{"value":"%lld Datei"}},"#),
        ("device", #""%lld fichiers"}}}}}"#, #""%lld fichiers"}}},"device":{"other":{"stringUnit":{"value":"%lld"}}}}}"#),
        ("device form", #""value":"%lld fichiers (Mac)"}},"#, #""value":"%lld fichiers (Mac)"}},"mac":{"stringUnit":{"value":"%lld"}},"#),
        ("substitutions", #""%#@n@"},"substitutions":"#, #""%#@n@"},"substitutions":{},"substitutions":"#),
        ("substitution", #""substitutions":{"n":"#, #""substitutions":{"n":{"argNum":1,"formatSpecifier":"lld"},"n":"#),
        ("arg num", #""argNum":1,"#, #""argNum":1,"argNum":1,"#),
        ("format specifier", #""formatSpecifier":"lld","#, #""formatSpecifier":"lld","formatSpecifier":"lld","#),
        ("substitution variations", #""formatSpecifier":"lld","#, #""formatSpecifier":"lld","variations":{},"#),
        ("substitution plural", #""formatSpecifier":"lld","variations":{"#, #""formatSpecifier":"lld","variations":{"plural":{},"#),
        ("inside an unknown member", #""shouldTranslate":true,"#, #""shouldTranslate":true,"x-notes":{"a":1,"a":2},"#),
    ]

    @Test func everyMemberOnce() {
        let (pipelined, sequential) = Self.both(Self.everyMember)
        #expect(pipelined == sequential)
        #expect(!pipelined.contains { $0.contains("[duplicate-key]") }, "\(pipelined)")
    }

    /// The reader notices each repeat, so lint scans the outline that reports it.
    @Test(arguments: repeatedMembers)
    func aRepeatedMember(_ kind: String, _ from: String, _ to: String) {
        #expect(Self.everyMember.contains(from), "\(kind)")
        let text = Self.everyMember.replacingOccurrences(of: from, with: to)
        let (pipelined, sequential) = Self.both(text)
        #expect(pipelined == sequential, "\(kind)")
        #expect(pipelined.contains { $0.contains("[duplicate-key]") }, "\(kind): \(pipelined)")
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

/// Findings in a String Catalog laid out as Xcode writes it point at the `value` of the leaf
/// (the last of repeated members), or at the deepest member of the path that exists.
@Suite struct LintLocationTests {
    static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "copy" : {
          "comment" : "A button.",
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Kopieren" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Copy" } }
          }
        },
        "files" : {
          "comment" : "%lld is a count of files.",
          "localizations" : {
            "de" : {
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "needs_review",
                      "value" : "%lld Datei"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld Dateien"
                    }
                  }
                }
              }
            },
            "en" : {
              "variations" : {
                "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } }
                }
              }
            },
            "fr" : {
              "variations" : {
                "device" : {
                  "mac" : {
                    "stringUnit" : { "state" : "translated", "value" : "%lld fichiers (Mac)" },
                    "stringUnit" : { "state" : "new", "value" : "%lld fichiers (Mac, nouveau)" }
                  },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld fichiers" } }
                }
              }
            },
            "ja" : {
              "stringUnit" : { "state" : "translated", "value" : "%#@n@" },
              "substitutions" : {
                "n" : {
                  "argNum" : 1,
                  "formatSpecifier" : "lld",
                  "variations" : {
                    "plural" : {
                      "other" : { "stringUnit" : { "state" : "needs_review", "value" : "%arg 個のファイル" } }
                    }
                  }
                }
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

    /// `line:column` of the `occurrence`th (1-based) appearance of `marker` in the catalog.
    static func position(of marker: String, occurrence: Int = 1) -> String {
        var seen = 0
        for (index, line) in catalog.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let range = rest.range(of: marker) {
                seen += 1
                if seen == occurrence { return "\(index + 1):\(line.distance(from: line.startIndex, to: range.lowerBound) + 1)" }
                rest = rest[range.upperBound...]
            }
        }
        return "not found"
    }

    @Test(arguments: [
        ("[review-state] “files” (de plural.one)", position(of: #""value" : "%lld Datei""#)),
        ("[missing-translation] “files” (fr device.mac)", position(of: #""value" : "%lld fichiers (Mac, nouveau)""#)),
        ("[review-state] “files” (ja substitutions.n.plural.other)", position(of: #""value" : "%arg"#)),
        ("[missing-translation] “copy” (fr)", position(of: #""localizations""#)),
        ("[missing-translation] “copy” (ja)", position(of: #""localizations""#)),
        ("[duplicate-key] “files”", position(of: #""stringUnit" : { "state" : "new""#)),
    ])
    func pointsAtTheLeaf(_ finding: String, _ expected: String) {
        let found = Linter().lint(file: "Main.xcstrings", bytes: Array(Self.catalog.utf8)).map(LintOutput.text)
        let matching = found.filter { $0.contains(finding) }
        #expect(matching.count == 1, "\(found)")
        #expect(matching.first?.hasPrefix("Main.xcstrings:\(expected):") == true, "\(matching) at \(expected)")
    }

    /// Without the repeated member (the reader's positions locate, the first match is the
    /// only one): the same places, one line up after the line taken out.
    @Test func withoutRepeatedMembers() {
        let dropped = #"                "stringUnit" : { "state" : "translated", "value" : "%lld fichiers (Mac)" },"#
        #expect(Self.catalog.contains(dropped + "\n"))
        let text = Self.catalog.replacingOccurrences(of: dropped + "\n", with: "")
        let found = Linter().lint(file: "Main.xcstrings", bytes: Array(text.utf8)).map(LintOutput.text)
        func line(_ marker: String) -> String {
            let parts = Self.position(of: marker).split(separator: ":")
            let number = Int(parts[0])!
            return "\(number > 44 ? number - 1 : number):\(parts[1])"
        }
        let expected = [
            "[review-state] “files” (de plural.one)": line(#""value" : "%lld Datei""#),
            "[missing-translation] “files” (fr device.mac)": line(#""value" : "%lld fichiers (Mac, nouveau)""#),
            "[review-state] “files” (ja substitutions.n.plural.other)": line(#""value" : "%arg"#),
            "[missing-translation] “copy” (fr)": line(#""localizations""#),
        ]
        #expect(!found.contains { $0.contains("[duplicate-key]") })
        for (finding, place) in expected {
            let matching = found.filter { $0.contains(finding) }
            #expect(matching.count == 1 && matching[0].hasPrefix("Main.xcstrings:\(place):"), "\(finding): \(matching) at \(place)")
        }
    }
}
