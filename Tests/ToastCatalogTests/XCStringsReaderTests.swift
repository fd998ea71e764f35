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

    /// A repeated top-level "strings" member replaces the earlier one, as Foundation's JSON
    /// readers do, with a warning.
    @Test func aRepeatedStringsMemberReplacesTheFirst() throws {
        let text = #"{"sourceLanguage":"en","strings":{"a":{},"b":{}},"version":"1.0","strings":{"b":{"comment":"B"},"c":{}}}"#
        let catalog = try StringCatalog(xcstrings: Array(text.utf8), file: "L.xcstrings")
        #expect(catalog.keys == ["b", "c"])
        #expect(catalog.entry(forKey: "b")?.comment == "B")
        #expect(catalog.entry(forKey: "a") == nil)
        let warning = try #require(catalog.warnings.first)
        #expect(warning.rule == .duplicateKey)
        #expect(warning.location.column == 66, "\(warning.location)")
        #expect(warning.message.contains("\"strings\" member appears more than once"))
    }

    /// A key spelled two ways in both "strings" members (found by the fuzzer: the second
    /// member's respelling was looked up among the first member's, which were dropped) is
    /// read as the last member alone.
    @Test(arguments: [true, false])
    func aRepeatedStringsMemberWithARespelledKey(keepsEntries: Bool) throws {
        let strings = "{\"caf\u{E9}\":{},\"cafe\u{301}\":{\"comment\":\"decomposed\"}}"
        let text = "{\"sourceLanguage\":\"en\",\"strings\":\(strings),\"strings\":\(strings)}"
        let once = "{\"sourceLanguage\":\"en\",\"strings\":\(strings)}"
        let detail: CatalogDetail = keepsEntries ? .full : .states
        let catalog = try StringCatalog(xcstrings: Array(text.utf8), file: "L.xcstrings", detail: detail, onEntry: nil)
        let alone = try StringCatalog(xcstrings: Array(once.utf8), file: "L.xcstrings", detail: detail, onEntry: nil)
        #expect(catalog.keys == alone.keys)
        #expect(catalog.respelledEntries == alone.respelledEntries)
        #expect(catalog.respelledEntries.count == 1)
        // Each member's warnings, the repeat's between them.
        #expect(catalog.warnings.map(\.rule) == alone.warnings.map(\.rule) + [.duplicateKey] + alone.warnings.map(\.rule))
    }

    @Test func truncatedFileIsAnErrorNotAPartialCatalog() {
        let bytes = Array(Self.sample.utf8)
        for cut in stride(from: 0, to: bytes.count - 1, by: 7) {
            #expect(throws: CatalogError.self) { try StringCatalog(xcstrings: Array(bytes[..<cut]), file: "cut.xcstrings") }
        }
    }

    /// The common localization shape is read by a shortcut; every near miss must be read (or
    /// reported) exactly as the general reader does. The localization starts at line 6, column
    /// 16; error positions were counted by hand.
    static let shapes: [(localization: String, expected: String)] = [
        (#"{ "stringUnit" : { "state" : "translated", "value" : "Hallo" } }"#, "translated|Hallo|0|0"),
        ("{\n  \"stringUnit\" : {\n    \"state\" : \"new\",\n    \"value\" : \"a\\nb\"\n  }\n}", "new|a\nb|0|0"),
        (#"{"stringUnit":{"state":"needs_review","value":"x"}}"#, "needs_review|x|0|0"),
        (#"{ "stringUnit" : { "value" : "x", "state" : "stale" } }"#, "stale|x|0|0"),
        (#"{ "stringUnit" : { "value" : "x" } }"#, "nil|x|0|0"),
        (#"{ "stringUnit" : { "state" : "translated", "value" : "x", "x-note" : 1 } }"#, "translated|x|1|0"),
        (#"{ "stringUnit" : { "state" : "translated", "value" : "x" }, "x-extra" : true }"#, "translated|x|0|1"),
        (#"{ "stringU\u006eit" : { "st\u0061te" : "translated", "value" : "x" } }"#, "translated|x|0|0"),
        (#"{ "stringUnit" : { "state" : "tr\u0061nslated", "value" : "x" } }"#, "translated|x|0|0"),
        (#"{ "stringUnit" : { "state" : "custom", "value" : "x" } }"#, "custom|x|0|0"),
        (#"{ "stringUnit" : { "state" : 5, "value" : "x" } }"#, "error 6:35 xcstrings-schema"),
        (#"{ "stringUnit" : { "state" : "translated", "value" : "bad\q" } }"#, "error 6:74 json-syntax"),
        (#"{ "stringUnit" : { "state" : "translated", "value" : "x" }"#, "error 11:1 json-syntax"),
        (#"{ "stringUnit" : { "state" : "translated", "value" : "x" "# + "\n" + "}}", "translated|x|0|0"),
        (#"{ "stringUnit" : { "state" : "translated" "value" : "x" } }"#, "error 6:58 json-syntax"),
    ]

    /// A catalog whose one entry, `k`, has `localization` as its `de` localization (from line
    /// 6, column 16), read: that value, or the error as `error LINE:COLUMN RULE`.
    static func readLocalization(_ localization: String) -> Result<LocalizedValue?, CatalogError> {
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"k\" : {\n      \"localizations\" : {\n        \"de\" : "
            + localization.replacingOccurrences(of: "\n", with: "\n        ") + "\n      }\n    }\n  }\n}\n"
        return Result { () throws(CatalogError) in
            try StringCatalog(xcstrings: Array(text.utf8), file: "T.xcstrings").entries["k"]?.localizations["de"]
        }
    }

    static func described(_ error: CatalogError) -> String {
        "error \(error.location.line):\(error.location.column) \(error.rule)"
    }

    @Test(arguments: shapes.indices)
    func unitShapes(_ index: Int) {
        let (localization, expected) = Self.shapes[index]
        let got: String
        switch Self.readLocalization(localization) {
        case .success(let value):
            got = "\(value?.stringUnit?.state ?? "nil")|\(value?.stringUnit?.value ?? "?")|\(value?.stringUnit?.extra.count ?? -1)|\(value?.extra.count ?? -1)"
        case .failure(let error):
            got = Self.described(error)
        }
        #expect(got == expected, "\(localization)")
    }

    /// The common plural localization is read by a shortcut too; every near miss must be read
    /// (or reported) exactly as the general reader does. A value shows as its forms
    /// (`category=state:text`, in CLDR order), then its string unit's text, its device
    /// variations and its unknown members.
    static let pluralShapes: [(localization: String, expected: String)] = [
        (#"{ "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "1 file" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } }"#,
         "one=translated:1 file;other=translated:%lld files|-|0|0"),
        (#"{"variations":{"plural":{"zero":{"stringUnit":{"state":"new","value":"z"}},"one":{"stringUnit":{"state":"translated","value":"o"}},"two":{"stringUnit":{"state":"translated","value":"t"}},"few":{"stringUnit":{"state":"needs_review","value":"f"}},"many":{"stringUnit":{"state":"translated","value":"m"}},"other":{"stringUnit":{"state":"translated","value":"a\nb"}}}}}"#,
         "zero=new:z;one=translated:o;two=translated:t;few=needs_review:f;many=translated:m;other=translated:a\nb|-|0|0"),
        ("{\n  \"variations\" : {\n    \"plural\" : {\n      \"other\" : {\n        \"stringUnit\" : {\n          \"state\" : \"translated\",\n          \"value\" : \"x\"\n        }\n      }\n    }\n  }\n}",
         "other=translated:x|-|0|0"),
        // A category named twice: the last one is kept.
        (#"{ "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "a" } }, "one" : { "stringUnit" : { "state" : "translated", "value" : "b" } } } } }"#,
         "one=translated:b|-|0|0"),
        (#"{ "variations" : { "plural" : { "\u006fne" : { "stringUnit" : { "state" : "translated", "value" : "a" } } } } }"#,
         "one=translated:a|-|0|0"),
        (#"{ "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "a", "x-note" : 1 } } } } }"#,
         "other=translated:a|-|0|0"),
        (#"{ "variations" : { "plural" : { "other" : { "stringUnit" : { "value" : "a" } } } } }"#,
         "other=nil:a|-|0|0"),
        (#"{ "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "a" } } }, "device" : { "mac" : { "stringUnit" : { "state" : "translated", "value" : "m" } } } } }"#,
         "other=translated:a|-|1|0"),
        (#"{ "stringUnit" : { "state" : "translated", "value" : "s" }, "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "a" } } } } }"#,
         "other=translated:a|s|0|0"),
        (#"{ "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "a" } } } }, "x-extra" : true }"#,
         "other=translated:a|-|0|1"),
        (#"{ "variations" : { "plural" : { } } }"#, "|-|0|1"),
        (#"{ "variations" : { "plural" : { "several" : { "stringUnit" : { "state" : "translated", "value" : "a" } } } } }"#,
         "error 6:48 xcstrings-schema"),
        (#"{ "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "bad\q" } } } } }"#,
         "error 6:116 json-syntax"),
        (#"{ "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "a" } } } }"#,
         "error 11:1 json-syntax"),
    ]

    @Test(arguments: pluralShapes.indices)
    func pluralLocalizationShapes(_ index: Int) {
        let (localization, expected) = Self.pluralShapes[index]
        let got: String
        switch Self.readLocalization(localization) {
        case .success(let value):
            guard let value else { Issue.record("no value: \(localization)"); return }
            let forms = value.plural.keys.sorted().map { category in
                let unit = value.plural[category]?.stringUnit
                return "\(category.rawValue)=\(unit?.state ?? "nil"):\(unit?.value ?? "?")"
            }
            got = forms.joined(separator: ";") + "|\(value.stringUnit?.value ?? "-")|\(value.device.count)|\(value.extra.count)"
        case .failure(let error):
            got = Self.described(error)
        }
        #expect(got == expected, "\(localization)")
    }

    /// The shortcut hands a plural set that names a category twice to the general reader,
    /// which notes the repeat (lint then scans the file's outline for it); one that names each
    /// once is read by the shortcut, which notes nothing, and counts its lines: an error after
    /// it is placed on its line.
    @Test func aRepeatedCategoryIsNotedAndLinesAreCountedThroughTheShortcut() throws {
        func plural(_ forms: [String]) -> String {
            "{\n  \"variations\" : {\n    \"plural\" : {\n"
                + forms.map { "      \"\($0)\" : {\n        \"stringUnit\" : {\n          \"state\" : \"translated\",\n          \"value\" : \"\($0)\"\n        }\n      }" }
                    .joined(separator: ",\n")
                + "\n    }\n  }\n}"
        }
        func read(_ localization: String, then rest: String = "") throws(CatalogError) -> XCStringsReadNotes {
            let text = "{\n\"sourceLanguage\" : \"en\",\n\"strings\" : {\n\"k\" : {\n\"localizations\" : {\n\"de\" : "
                + localization + "\n}\n}" + rest + "\n},\n\"version\" : \"1.0\"\n}\n"
            let notes = XCStringsReadNotes()
            _ = try StringCatalog(xcstrings: Array(text.utf8), file: "T.xcstrings", parallelism: .sequential, notes: notes)
            return notes
        }
        #expect(try read(plural(["one", "other"])).hasRepeatedOrUnknownMembers == false)
        #expect(try read(plural(["one", "one", "other"])).hasRepeatedOrUnknownMembers == true)
        // Handed to the general reader, the repeated set (lines 6 to 29) is read from where the
        // shortcut started: the broken member after it stands on line 32.
        let afterRepeat = try #require(throws: CatalogError.self) {
            try read(plural(["one", "one", "other"]), then: ",\n\"x\" : {\"comment\" : 5}")
        }
        #expect(afterRepeat.location.line == 32, "\(afterRepeat)")
        // The localization takes lines 6 to 23 (two forms of six lines from line 9); the
        // localizations and the entry close on lines 24 and 25, and the broken member stands
        // on line 26.
        let error = try #require(throws: CatalogError.self) { try read(plural(["one", "other"]), then: ",\n\"x\" : {\"comment\" : 5}") }
        #expect(error.location.line == 26, "\(error)")
    }

    /// A plural localization at the nesting limit is reported by the general reader, not read
    /// by the shortcut.
    @Test(arguments: [8, 9, 10])
    func pluralAtTheNestingLimit(depth: Int) {
        let text = #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"de":{"variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"x"}}}}}}}}}"#
        // Objects: top 1, strings 2, entry 3, localizations 4, localization 5, variations 6,
        // plural 7, form 8, unit 9.
        let result = Result { () throws(CatalogError) in
            try StringCatalog(xcstrings: Array(text.utf8), file: "T.xcstrings", limits: CatalogLimits(maximumDepth: depth))
        }
        switch result {
        case .success(let catalog): #expect(depth >= 9 && catalog.entries["k"]?.localizations["de"]?.plural[.other]?.stringUnit?.value == "x")
        case .failure(let error): #expect(depth < 9 && error.rule == "limit", "\(error)")
        }
    }

    /// Nesting at the limit is reported by the general reader, not read by the shortcut.
    @Test(arguments: [5, 6, 7])
    func unitAtTheNestingLimit(depth: Int) {
        let text = #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"x"}}}}}}"#
        // Objects: top 1, strings 2, entry 3, localizations 4, localization 5, unit 6.
        let result = Result { () throws(CatalogError) in
            try StringCatalog(xcstrings: Array(text.utf8), file: "T.xcstrings", limits: CatalogLimits(maximumDepth: depth))
        }
        switch result {
        case .success(let catalog): #expect(depth >= 6 && catalog.entries["k"]?.localizations["de"]?.stringUnit?.value == "x")
        case .failure(let error): #expect(depth < 6 && error.rule == "limit", "\(error)")
        }
    }
}
