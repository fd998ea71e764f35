import Testing
import ToastCatalog
import ToastTestSupport

/// The writers' byte buffer holds exactly what an array would, piece by piece, across growth.
@Suite struct ByteOutputTests {
    @Test(arguments: [0, 1, 64, 1_000])
    func holdsWhatAnArrayHolds(capacity: Int) {
        var generator = SeededGenerator(seed: UInt64(capacity) + 1)
        var output = ByteOutput(capacity: capacity)
        var expected: [UInt8] = []
        for round in 0..<3 {
            for _ in 0..<400 {
                let length = Int.random(in: 0...300, using: &generator)
                let piece = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                if length == 1 {
                    output.append(piece[0])
                    expected.append(piece[0])
                } else {
                    piece.withUnsafeBufferPointer { output.append($0) }
                    expected.append(contentsOf: piece)
                }
                if length % 7 == 0 {
                    output.append("{\n  \"" as StaticString)
                    expected.append(contentsOf: Array("{\n  \"".utf8))
                }
                // Bytes written before, written again (growing the buffer, often).
                if length % 5 == 0, !expected.isEmpty {
                    let start = Int.random(in: 0..<expected.count, using: &generator)
                    let range = start..<min(expected.count, start + Int.random(in: 0...300, using: &generator))
                    output.appendCopy(of: range)
                    expected.append(contentsOf: expected[range])
                }
            }
            // (Read into values first: `#expect` takes copies of what it looks at.)
            let count = output.count, written = output.withBytes { Array($0) }
            #expect(count == expected.count)
            #expect(written == expected)
            if round == 1 {
                // Forgotten, the buffer kept: what follows starts afresh.
                output.removeAll()
                let isEmpty = output.isEmpty
                #expect(isEmpty)
            } else {
                let taken = output.take()
                #expect(taken == expected, "round \(round)")
                let isEmpty = output.isEmpty, takenAgain = output.take()
                #expect(isEmpty && takenAgain.isEmpty)
            }
            expected = []
        }
    }

    /// Pieces written together (``ByteOutput/append(count:_:)``), each copied by
    /// ``ByteOutput/copy(_:_:to:)``: every length, short ones by moves and long ones by
    /// `memcpy`, lands whole and in place.
    @Test func piecesWrittenTogetherLandWhole() {
        let source = (0..<64).map { UInt8($0 + 1) }
        var output = ByteOutput()
        var expected: [UInt8] = []
        for length in 0...40 {
            source.withUnsafeBufferPointer { piece in
                output.append(count: length + 1) { at in
                    at[0] = 0xFF
                    ByteOutput.copy(piece.baseAddress! + 3, length, to: at + 1)
                }
            }
            expected.append(0xFF)
            expected.append(contentsOf: source[3..<(3 + length)])
        }
        let written = output.take()
        #expect(written == expected)
    }

    /// An array is a sink too, appending buffers whole.
    @Test func anArrayIsASink() {
        var bytes: [UInt8] = [1]
        let more: [UInt8] = [2, 3]
        more.withUnsafeBufferPointer { bytes.append($0) }
        bytes.append(4)
        #expect(bytes == [1, 2, 3, 4])
    }
}
