import ToastKit

let toaster = try Toaster(catalogsAt: ["Localizable.xcstrings"])  // locale, width, colour: from the environment
let count = 3
toaster.show(Toast(.success, message: "\(count) files uploaded", actions: [ToastAction(standard: .undo)]))
