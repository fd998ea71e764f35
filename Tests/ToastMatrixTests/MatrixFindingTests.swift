import Testing
import ToastCatalog
import ToastICU
import ToastKit
import ToastKitTesting

/// One test per finding kind: a seeded catalog shows the matrix catching it, and the same
/// toast without the defect shows nothing of that kind.
@Suite struct MatrixFindingTests {
    @Test func fallbackIsReportedForAMissingTranslation() throws {
        let catalog = try Seeded.catalog([
            ("Saved", [("en", .text("Saved")), ("fr", .text("Enregistré"))]),
            ("Deleted", [("en", .text("Deleted"))]),
        ])
        let toasts = [Toast(.success, id: "saved", message: "Saved"), Toast(.success, id: "deleted", message: "Deleted")]
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: [Seeded.tag("fr")], pseudoLocales: []).run()
        #expect(result.blocks.count == 2)
        #expect(result.blocks[0].allFindings.isEmpty, "the translated toast falls back nowhere")
        let findings = result.blocks[1].allFindings
        #expect(findings.map(\.kind) == [.fallback])
        #expect(findings.first?.message.contains("has no fr translation; used en") == true)
    }

    @Test func formatDiagnosticsAreReported() throws {
        let catalog = try Seeded.catalog([
            ("%lld files", [("en", .plural(["one": "%lld file", "other": "%lld files"])),
                            ("fr", .plural(["one": "%@ fichier", "many": "%lld de fichiers", "other": "%lld fichiers"]))]),
        ])
        let toasts = [Toast(.info, id: "files", message: .key(key: "%lld files", arguments: [.int(3)]))]
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: [Seeded.tag("fr"), Seeded.tag("en")], pseudoLocales: []).run()
        let fr = try #require(result.blocks.first { $0.locale.identifier == "fr" })
        // Only the `one` form is broken: the cell for 1 reports it, the others do not.
        let one = try #require(fr.cells.first { $0.category == .one })
        #expect(one.findings.map(\.kind) == [.format])
        #expect(one.findings.first?.severity == .error)
        #expect(fr.cells.filter { $0.category != .one }.allSatisfy { $0.findings.isEmpty })
        #expect(result.blocks.first { $0.locale.identifier == "en" }?.allFindings.isEmpty == true)
    }

    @Test func widthBudgetIsReportedPerRole() throws {
        let catalog = try Seeded.catalog([
            ("The disk is full and nothing more can be saved.", [("en", .text("The disk is full and nothing more can be saved."))]),
        ])
        let message: ToastText = "The disk is full and nothing more can be saved."
        let toasts = [Toast(.error, id: "full", message: message), Toast(.info, id: "info", message: message)]
        var options = LocaleMatrix.Options(width: nil)
        #expect(options.applyBudget("error=40", lines: false) == nil)
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: nil, pseudoLocales: [], options: options).run()
        #expect(result.blocks[0].allFindings.map(\.kind) == [.widthBudget])
        #expect(result.blocks[0].allFindings.first?.message == "line 1 is 54 cells wide; the budget for error toasts is 40")
        #expect(result.blocks[1].allFindings.isEmpty, "info toasts have no budget")
    }

    @Test func wrapsOverTheLineBudgetAreReported() throws {
        let text = "Your changes were saved on this device, but the server could not be reached."
        let catalog = try Seeded.catalog([(text, [("en", .text(text))]), ("Saved", [("en", .text("Saved"))])])
        let toasts = [Toast(.warning, id: "long", message: .key(key: text)), Toast(.warning, id: "short", message: "Saved")]
        var options = LocaleMatrix.Options(width: 40)
        #expect(options.applyBudget("all=2", lines: true) == nil)
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: nil, pseudoLocales: [], options: options).run()
        let long = result.blocks[0].cells[0]
        #expect(long.lines.count == 3 && long.wraps == 2)
        #expect(long.findings.map(\.kind) == [.wrap])
        #expect(long.findings.first?.message == "wraps onto 3 lines; the budget for warning toasts is 2")
        #expect(result.blocks[1].allFindings.isEmpty)
    }

    @Test func textCutAtTheLineBudgetIsReported() throws {
        let text = "Your changes were saved on this device, but the server could not be reached."
        let catalog = try Seeded.catalog([(text, [("en", .text(text))]), ("Saved", [("en", .text("Saved"))])])
        let toasts = [Toast(.warning, id: "long", message: .key(key: text)), Toast(.warning, id: "short", message: "Saved")]
        var options = LocaleMatrix.Options(width: 40, truncates: true)
        #expect(options.applyBudget("warning=1", lines: true) == nil)
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: nil, pseudoLocales: [.bounded], options: options).run()
        let long = result.blocks[0].cells[0]
        #expect(long.lines == ["Warning: Your changes were saved on thi…"])
        #expect(long.findings.map(\.kind) == [.textCut])
        #expect(long.findings.first?.field == "message")
        #expect(long.findings.first?.message == "the lines end before “s device, but the server could not be reached.”")
        // The bounded pseudo-locale shows the cut: its closing bracket is gone.
        let bounded = try #require(result.blocks.first { $0.toast == "long" && $0.pseudo == .bounded })
        let shown = bounded.cells[0].lines.joined()
        #expect(shown.filter { $0 == "⟦" }.count == 2 && shown.filter { $0 == "⟧" }.count == 1, "the role word's pair and the message's opening bracket")
        #expect(bounded.cells[0].findings.map(\.kind) == [.textCut])
        #expect(result.blocks.filter { $0.toast == "short" }.allSatisfy { $0.allFindings.isEmpty })
    }

    @Test func unisolatedValuesAgainstTheParagraphAreReported() throws {
        // Hebrew lacks the first message: its English fallback puts the Latin file name in a
        // right-to-left paragraph (the Hebrew role word) without an isolate.
        let catalog = try Seeded.catalog([
            ("Couldn’t save “%@”", [("en", .text("Couldn’t save “%@”"))]),
            ("Deleted “%@”", [("en", .text("Deleted “%@”")), ("he", .text("„%@” נמחק"))]),
        ])
        let toasts = [
            Toast(.error, id: "save", message: .key(key: "Couldn’t save “%@”", arguments: [.string("Report.pdf")])),
            Toast(.success, id: "delete", message: .key(key: "Deleted “%@”", arguments: [.string("Report.pdf")])),
        ]
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: [Seeded.tag("he")], pseudoLocales: [.rtl]).run()
        let save = try #require(result.blocks.first { $0.toast == "save" && $0.pseudo == nil })
        #expect(save.cells[0].direction == .rightToLeft)
        #expect(save.allFindings.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.bidiIsolation, .fallback])
        #expect(save.allFindings.first { $0.kind == .bidiIsolation }?.field == "message")
        let delete = try #require(result.blocks.first { $0.toast == "delete" && $0.pseudo == nil })
        #expect(delete.allFindings.isEmpty, "the translated value is isolated: \(delete.allFindings)")
        #expect(delete.cells[0].lines[0].contains("\u{2068}Report.pdf\u{2069}"))
        // The right-to-left pseudo-locale isolates the Latin value too.
        #expect(result.blocks.filter { $0.pseudo == .rtl }.allSatisfy { $0.allFindings.isEmpty })
    }

    @Test func variantsNoSampleReachesAreReported() throws {
        // English has no `few`: that form is dead. Russian uses one, few and many.
        let catalog = try Seeded.catalog([
            ("%lld files", [("en", .plural(["one": "%lld file", "few": "%lld filez", "other": "%lld files"])),
                            ("ru", .plural(["one": "%lld файл", "few": "%lld файла", "many": "%lld файлов", "other": "%lld файла"]))]),
        ])
        let toasts = [Toast(.info, id: "files", message: .key(key: "%lld files", arguments: [.int(3)]))]
        let result = LocaleMatrix(catalogs: [catalog], toasts: toasts, locales: nil, pseudoLocales: []).run()
        let en = try #require(result.blocks.first { $0.locale.identifier == "en" })
        #expect(en.findings.map(\.kind) == [.unreachedVariant])
        #expect(en.findings.first?.message == "“%lld files” (en) has plural.few, which no sample reaches (samples: one 1, other 2)")
        let ru = try #require(result.blocks.first { $0.locale.identifier == "ru" })
        #expect(ru.cells.map(\.sampleLabel) == ["one · 1", "few · 2", "many · 5"])
        #expect(ru.allFindings.isEmpty, "ru's `other` is for decimals; it is never reported")
    }
}
