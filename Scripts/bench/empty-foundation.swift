// The baseline of `toastkit show` and `demo` (Scripts/bench-cli.sh): an executable that loads
// Foundation and prints one line.
import Foundation

print(ProcessInfo.processInfo.processIdentifier > 0 ? "ready" : "")
