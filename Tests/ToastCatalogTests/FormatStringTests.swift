import Testing
import ToastCatalog

@Suite struct FormatStringTests {
    func describe(_ text: String) -> [String] {
        FormatString.tokens(text).map { token in
            switch token {
            case .literal(let s): "lit(\(s))"
            case .percent: "%%"
            case .specifier(let spec): "spec(\(spec.argument.map(String.init) ?? "-"),\(spec.flags),\(spec.width.map(String.init) ?? "-"),\(spec.precision.map(String.init) ?? "-"),\(spec.length),\(spec.conversion))"
            case .substitution(let name, let argument): "sub(\(name),\(argument.map(String.init) ?? "-"))"
            case .invalid(let s): "bad(\(s))"
            }
        }
    }

    @Test(arguments: [
        ("%@ and %lld", ["spec(-,,-,-,,@)", "lit( and )", "spec(-,,-,-,ll,d)"]),
        ("%2$@ %1$lu", ["spec(2,,-,-,,@)", "lit( )", "spec(1,,-,-,l,u)"]),
        ("%-5.2lf%%", ["spec(-,-,5,2,l,f)", "%%"]),
        ("%#@files@ left", ["sub(files,-)", "lit( left)"]),
        ("%1$#@n@", ["sub(n,1)"]),
        ("100% anonymous", ["lit(100)", "spec(-, ,-,-,,a)", "lit(nonymous)"]),
        ("50%", ["lit(50)", "bad(%)"]),
        ("%k", ["bad(%)", "lit(k)"]),
        ("%#@@", ["bad(%)", "lit(#@@)"]),
        ("%'d %zu %hhx", ["spec(-,',-,-,,d)", "lit( )", "spec(-,,-,-,z,u)", "lit( )", "spec(-,,-,-,hh,x)"]),
    ])
    func tokenizes(text: String, expected: [String]) {
        #expect(describe(text) == expected)
    }

    @Test func starWidthsAreMarked() {
        guard case .specifier(let spec) = FormatString.tokens("%*d").first else { Issue.record("no specifier"); return }
        #expect(spec.widthFromArgument)
        #expect(FormatString.hasSpecifiers("%*d"))
        #expect(!FormatString.hasSpecifiers("100%% sure"))
    }
}
