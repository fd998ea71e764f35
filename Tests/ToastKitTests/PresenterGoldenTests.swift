import Testing
import ToastICU
import ToastKit
import ToastKitTesting

/// The presenter's output, reviewed: role × style × title mode × width {20, 40, 80} × colour,
/// one file per locale (`Golden/presenter-<locale>.txt`). `RECORD=1 swift test` re-records.
@Suite struct PresenterGoldenTests {
    static let services = ICUServices()

    /// One toast per role from the demo catalog, with arguments and actions.
    static func toast(_ role: ToastRole, style: ToastStyle, title mode: String) -> Toast {
        let demo = "Demo"
        let (title, message, actions): (ToastText, ToastText, [ToastAction]) = switch role {
        case .success: (.key(key: "Upload complete", table: demo), .key(key: "%lld files uploaded", table: demo, arguments: [.int(3)]),
                        [ToastAction(standard: .view), ToastAction(standard: .undo)])
        case .error: (.key(key: "Couldn’t save “%@”", table: demo, arguments: [.string("Report.pdf")]),
                      .key(key: "The disk is full.", table: demo), [ToastAction(standard: .retry), ToastAction(standard: .dismiss)])
        case .warning: (.key(key: "Syncing your library…", table: demo),
                        .key(key: "%lld files weren’t synced.", table: demo, arguments: [.int(5)]), [ToastAction(standard: .details)])
        case .info: (.key(key: "Signed in", table: demo), .key(key: "A new version is available.", table: demo),
                     [ToastAction(standard: .open), ToastAction(standard: .close)])
        }
        let titleValue: ToastTitle = switch mode {
        case "custom": .custom(title)
        case "none": .none
        default: .automatic
        }
        return Toast(role, title: titleValue, message: message, actions: actions, style: style)
    }

    static let styles: [(String, ToastStyle)] = [("standard", .standard), ("indeterminate", .indeterminate), ("progress", .progress(0.42))]

    static func render(locale: String) -> String {
        let localizer = Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [LocaleTag(locale)!], services: services)
        var out = """
            # ToastKit presenter golden file: \(locale) (\(localizer.locale.identifier))
            # Blocks: role · style · title mode, at widths 20, 40 and 80, plain then coloured. Symbols:
            # unicode; indeterminate toasts show their first live frame; progress is at 42%. The dashes
            # under each section heading are the width; ␛ stands for ESC in coloured output.

            """
        for width in [20, 40, 80] {
            for colour in [false, true] {
                out += "\n== width \(width) · \(colour ? "colour" : "plain") ==\n" + String(repeating: "-", count: width) + "\n"
                let presenter = LinePresenter(options: .init(width: width, color: colour, symbols: .unicode), services: services)
                for role in ToastRole.allCases {
                    for (styleName, style) in styles {
                        for mode in ["automatic", "custom", "none"] {
                            let resolved = localizer.resolve(toast(role, style: style, title: mode))
                            out += "\n[\(role.rawValue) · \(styleName) · \(mode) title]\n"
                            for line in presenter.lines(for: resolved, frame: style == .indeterminate ? 0 : nil) {
                                out += line.replacingOccurrences(of: "\u{1B}", with: "␛") + "\n"
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    @Test(arguments: ["en", "ar", "he", "ja", "th", "ru"])
    func presenterOutput(locale: String) {
        GoldenFile(path: "Tests/ToastKitTests/Golden/presenter-\(locale).txt").assertMatches(Self.render(locale: locale))
    }

    @Test(arguments: ["en", "ar", "he", "ja", "th", "ru"])
    func goldenRendersKeepTheirPromises(locale: String) {
        let text = Self.render(locale: locale)
        var width = 0
        for line in text.split(separator: "\n") {
            if line.hasPrefix("== width ") { width = Int(line.dropFirst(9).prefix { $0.isNumber })!; continue }
            if line.hasPrefix("#") || line.hasPrefix("[") || line.allSatisfy({ $0 == "-" }) { continue }
            let plain = strippingSGR(String(line).replacingOccurrences(of: "␛", with: "\u{1B}"))
            #expect(TextWidth.cells(of: plain) <= width, "\(locale) \(width): \(plain)")
        }
    }
}
