import ArgumentParser
import ToastCatalog

/// `--max-file-size`: the bound on catalog (and spec) files read, shared by every command that
/// reads catalogs.
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("max-file-size"),
            help: "The largest file read, in bytes, or with a K, M or G suffix (default 256M).")
    var maxFileSize: String?

    /// The limits to read with.
    func limits() throws -> CatalogLimits {
        guard let text = maxFileSize else { return .standard }
        guard let bytes = Self.bytes(text) else {
            throw ValidationError("--max-file-size expects a number of bytes such as 1048576, 512K, 64M or 1G; found '\(text)'")
        }
        return CatalogLimits(maximumFileSize: bytes)
    }

    /// `text` as a byte count: digits with an optional K, M or G (powers of 1024).
    static func bytes(_ text: String) -> Int? {
        var digits = Substring(text)
        var scale = 1
        switch digits.last {
        case "K", "k": scale = 1 << 10; digits.removeLast()
        case "M", "m": scale = 1 << 20; digits.removeLast()
        case "G", "g": scale = 1 << 30; digits.removeLast()
        default: break
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0 else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: scale)
        return overflow ? nil : product
    }
}
