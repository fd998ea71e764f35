// The baseline of the .lproj benchmarks (Scripts/bench-cli.sh): Foundation's
// PropertyListSerialization reading every .strings and .stringsdict file under a folder.
import Foundation

let root = CommandLine.arguments[1]
var count = 0
for case let path as String in FileManager.default.enumerator(atPath: root)! where path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") {
    let data = FileManager.default.contents(atPath: root + "/" + path)!
    let list = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    count += (list as? [String: Any])?.count ?? 0
}
print(count)
