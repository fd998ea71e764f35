import Testing
import ToastCatalog
import ToastICU

@Suite struct XCStringsReaderTests {
    static let sample = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "" : {
          "shouldTranslate" : false
        },
        "%lld files" : {
          "comment" : "Count",
          "localizations" : {
            "ru" : {
              "variations" : {
                "plural" : {
                  "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld файла" } },
                  "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld файлов" } },
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld файл" } },
                  "other" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld файла" } }
                }
              }
            }
          }
        },
        "Sub" : {
          "extractionState" : "manual",
          "futureMember" : [1, 2],
          "localizations" : {
            "en" : {
              "stringUnit" : { "state" : "translated", "value" : "%#@n@ in %@" },
              "substitutions" : {
                "n" : {
                  "argNum" : 1,
                  "formatSpecifier" : "lld",
                  "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg file" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg files" } }
                  } }
                }
              }
            },
            "fr" : {
              "variations" : { "device" : {
                "mac" : { "stringUnit" : { "state" : "translated", "value" : "Mac" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "Autre" } }
              } }
            }
          }
        }
      },
      "version" : "1.1"
    }
    """#

    @Test func readsTheModel() throws {
        let catalog = try StringCatalog(xcstrings: Array(Self.sample.utf8), file: "dir/Localizable.xcstrings")
        #expect(catalog.table == "Localizable")
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.version == "1.1")
        #expect(catalog.keys == ["", "%lld files", "Sub"])
        #expect(catalog.entries[""]?.shouldTranslate == false)
        let ru = try #require(catalog.entries["%lld files"]?.localizations["ru"])
        #expect(ru.plural.keys.sorted() == [.one, .few, .many, .other])
        #expect(ru.plural[.other]?.stringUnit == StringUnit(state: "needs_review", value: "%lld файла"))
        let sub = try #require(catalog.entries["Sub"])
        #expect(sub.extractionState == "manual")
        #expect(sub.extra.map(\.key) == ["futureMember"])
        let n = try #require(sub.localizations["en"]?.substitutions["n"])
        #expect(n.argNum == 1 && n.formatSpecifier == "lld")
        #expect(n.plural[.one]?.stringUnit?.value == "%arg file")
        #expect(sub.localizations["fr"]?.device["mac"]?.stringUnit?.value == "Mac")
        #expect(catalog.localeCodes == ["en", "ru", "fr"])
    }

    @Test(arguments: [
        (#"{"strings": {}}"#, 1, 1, "expected a top-level \"sourceLanguage\""),
        (#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"fr": {"stringUnit": {"state": "new"}}}}}}"#, 1, 69, "\"value\" string"),
        (#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"fr": {"variations": {"plural": {"lots": {}}}}}}}}"#, 1, 95, "expected a plural category"),
        ("{\"sourceLanguage\": \"en\",\n \"strings\": {\"k\": {\"comment\": 3}}}", 2, 20, "expected \"comment\" to be a string"),
        (#"{"sourceLanguage": "en", "strings": []}"#, 1, 26, "expected \"strings\" to be an object"),
    ])
    func schemaErrorsAreLocated(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try StringCatalog(xcstrings: Array(text.utf8), file: "x.xcstrings")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.location.line == line && error.location.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
            #expect(error.rule == "xcstrings-schema")
        }
    }

    @Test func truncatedFileIsAnErrorNotAPartialCatalog() {
        let bytes = Array(Self.sample.utf8)
        for cut in stride(from: 0, to: bytes.count - 1, by: 7) {
            #expect(throws: CatalogError.self) { try StringCatalog(xcstrings: Array(bytes[..<cut]), file: "cut.xcstrings") }
        }
    }
}
