/// Transcodes UTF-16 code units to UTF-8 bytes; fails at a lone surrogate, saying how many
/// characters were decoded before it. Shared by the `.strings` and binary-plist readers.
func transcodeUTF16ToUTF8(_ units: [UInt16]) -> Result<[UInt8], UTF16DecodingFailure> {
    var out: [UInt8] = []
    out.reserveCapacity(units.count * 2)
    var iterator = units.makeIterator()
    var decoder = UTF16()
    var decoded = 0
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar):
            UTF8.encode(scalar) { out.append($0) }
            decoded += 1
        case .emptyInput: return .success(out)
        case .error: return .failure(UTF16DecodingFailure(decodedCharacters: decoded))
        }
    }
}

/// A lone surrogate after `decodedCharacters` characters.
struct UTF16DecodingFailure: Error {
    let decodedCharacters: Int
}
