import ToastCatalog
import ToastKit

/// The toast spec file of `matrix --toasts`, `LocaleMatrix(…toastSpec:)` and the demo (docs/MATRIX.md, "Toast spec files"):
///
/// ```json
/// { "toasts": [
///   { "id": "upload.done", "role": "success",
///     "title":   { "key": "Upload complete" },
///     "message": { "key": "%lld files uploaded", "args": [ { "int": 3 } ] },
///     "actions": [ { "key": "View" }, { "verbatim": "OK" } ],
///     "style": "standard" } ] }
/// ```
///
/// `title` absent means automatic, `null` means none. A text is `{"key", "table"?, "args"?,
/// "default"?}` or `{"verbatim"}`; arguments are `{"int"}`, `{"uint"}`, `{"double"}`,
/// `{"float"}` or `{"string"}`. `style` is `standard`, `indeterminate` or `progress` (with
/// `"progress": 0.42`); `priority` and `duration` are optional numbers.
public enum ToastSpec {
    /// Reads a spec file's bytes; errors name `file:line:column`.
    public static func toasts(from bytes: [UInt8], file: String) throws(CatalogError) -> [Toast] {
        let root = try JSONParser.parse(bytes, file: file)
        var decoder = Decoder(file: file)
        return try decoder.toasts(root)
    }

    /// The spec JSON of `toasts`.
    public static func json(_ toasts: [Toast]) -> JSONValue {
        .members(["toasts": .array(toasts.map(json))])
    }

    static func json(_ toast: Toast) -> JSONValue {
        var members: [JSONMember] = [
            JSONMember(key: "id", value: .string(toast.id)),
            JSONMember(key: "role", value: .string(toast.role.rawValue)),
        ]
        switch toast.title {
        case .automatic: break
        case .none: members.append(JSONMember(key: "title", value: .null))
        case .custom(let text): members.append(JSONMember(key: "title", value: json(text)))
        }
        members.append(JSONMember(key: "message", value: json(toast.message)))
        if let subtitle = toast.subtitle { members.append(JSONMember(key: "subtitle", value: json(subtitle))) }
        if !toast.actions.isEmpty {
            members.append(JSONMember(key: "actions", value: .array(toast.actions.map { action in
                guard case .object(var fields) = json(action.label) else { return .null }
                if action.identifier != action.label.key { fields.append(JSONMember(key: "id", value: .string(action.identifier))) }
                return .object(fields)
            })))
        }
        switch toast.style {
        case .standard: members.append(JSONMember(key: "style", value: .string("standard")))
        case .indeterminate: members.append(JSONMember(key: "style", value: .string("indeterminate")))
        case .progress(let fraction):
            members.append(JSONMember(key: "style", value: .string("progress")))
            members.append(JSONMember(key: "progress", value: .number(String(fraction))))
        }
        if toast.priority != 0 { members.append(JSONMember(key: "priority", value: .number(String(toast.priority)))) }
        if let duration = toast.duration { members.append(JSONMember(key: "duration", value: .number(String(duration)))) }
        return .object(members)
    }

    static func json(_ text: ToastText) -> JSONValue {
        switch text {
        case .verbatim(let value): return .members(["verbatim": .string(value)])
        case .key(let key, let table, let arguments, let defaultValue):
            var members = [JSONMember(key: "key", value: .string(key))]
            if let table { members.append(JSONMember(key: "table", value: .string(table))) }
            if !arguments.isEmpty {
                members.append(JSONMember(key: "args", value: .array(arguments.map { argument in
                    switch argument {
                    case .int(let v): .members(["int": .number(String(v))])
                    case .uint(let v): .members(["uint": .number(String(v))])
                    case .double(let v): .members(["double": .number(v.isFinite ? String(v) : "0")])
                    case .float(let v): .members(["float": .number(v.isFinite ? String(v) : "0")])
                    case .string(let v): .members(["string": .string(v)])
                    }
                })))
            }
            if let defaultValue { members.append(JSONMember(key: "default", value: .string(defaultValue))) }
            return .object(members)
        }
    }

    struct Decoder {
        let file: String
        var lastMember: JSONMember?

        func fail(_ message: String, at member: JSONMember? = nil) -> CatalogError {
            let anchor = member ?? lastMember
            return CatalogError(location: SourceLocation(file: file, line: max(anchor?.line ?? 1, 1), column: max(anchor?.column ?? 1, 1)),
                                rule: .toastSpec, message: message)
        }

        mutating func toasts(_ root: JSONValue) throws(CatalogError) -> [Toast] {
            guard case .object(let top) = root else { throw fail("expected an object with a \"toasts\" array") }
            guard let member = top.last(where: { $0.key == "toasts" }) else { throw fail("expected a \"toasts\" member") }
            guard case .array(let items) = member.value else { throw fail("expected \"toasts\" to be an array", at: member) }
            lastMember = member
            var result: [Toast] = []
            for item in items { result.append(try toast(item, anchor: member)) }
            return result
        }

        mutating func toast(_ value: JSONValue, anchor: JSONMember) throws(CatalogError) -> Toast {
            guard case .object(let members) = value else { throw fail("expected each toast to be an object", at: anchor) }
            func member(_ name: String) -> JSONMember? { members.last { $0.key == name } }
            let roleMember = member("role")
            guard let roleMember, case .string(let roleName) = roleMember.value, let role = ToastRole(rawValue: roleName) else {
                throw fail("expected \"role\" to be one of success, error, warning, info", at: roleMember ?? members.first ?? anchor)
            }
            guard let messageMember = member("message") else { throw fail("expected a \"message\" text", at: roleMember) }
            let message = try text(messageMember)
            var title = ToastTitle.automatic
            if let titleMember = member("title") {
                title = titleMember.value == .null ? .none : .custom(try text(titleMember))
            }
            let subtitle = try member("subtitle").map { m throws(CatalogError) in try text(m) }
            var actions: [ToastAction] = []
            if let actionsMember = member("actions") {
                guard case .array(let items) = actionsMember.value else { throw fail("expected \"actions\" to be an array", at: actionsMember) }
                for item in items {
                    let label = try text(JSONMember(key: "actions", value: item, line: actionsMember.line, column: actionsMember.column))
                    actions.append(ToastAction(label, identifier: item["id"]?.stringValue))
                }
            }
            var style = ToastStyle.standard
            if let styleMember = member("style") {
                switch styleMember.value.stringValue {
                case "standard": style = .standard
                case "indeterminate": style = .indeterminate
                case "progress":
                    let fraction = member("progress").flatMap { m -> Double? in
                        if case .number(let digits) = m.value { return Double(digits) }
                        return nil
                    } ?? 0
                    style = .progress(fraction)
                default: throw fail("expected \"style\" to be standard, indeterminate or progress", at: styleMember)
                }
            }
            var priority = 0
            if let p = member("priority") {
                guard case .number(let digits) = p.value, let value = Int(digits) else { throw fail("expected \"priority\" to be a whole number", at: p) }
                priority = value
            }
            var duration: Double?
            if let d = member("duration") {
                guard case .number(let digits) = d.value, let value = Double(digits), value >= 0 else { throw fail("expected \"duration\" to be a number of seconds", at: d) }
                duration = value
            }
            return Toast(role, id: member("id")?.value.stringValue, title: title, message: message, subtitle: subtitle,
                         actions: actions, style: style, priority: priority, duration: duration)
        }

        func text(_ member: JSONMember) throws(CatalogError) -> ToastText {
            guard case .object(let fields) = member.value else {
                throw fail("expected \"\(member.key)\" to be {\"key\": …} or {\"verbatim\": …}", at: member)
            }
            if let verbatim = fields.last(where: { $0.key == "verbatim" }) {
                guard case .string(let value) = verbatim.value else { throw fail("expected \"verbatim\" to be a string", at: verbatim) }
                return .verbatim(value)
            }
            guard let keyMember = fields.last(where: { $0.key == "key" }), case .string(let key) = keyMember.value else {
                throw fail("expected \"\(member.key)\" to have a \"key\" or \"verbatim\" string", at: member)
            }
            let table = fields.last { $0.key == "table" }?.value.stringValue
            let defaultValue = fields.last { $0.key == "default" }?.value.stringValue
            var arguments: [ToastArgument] = []
            if let args = fields.last(where: { $0.key == "args" }) {
                guard case .array(let items) = args.value else { throw fail("expected \"args\" to be an array", at: args) }
                for item in items { arguments.append(try argument(item, at: args)) }
            }
            return .key(key: key, table: table, arguments: arguments, defaultValue: defaultValue)
        }

        func argument(_ value: JSONValue, at anchor: JSONMember) throws(CatalogError) -> ToastArgument {
            guard case .object(let fields) = value, fields.count == 1, let field = fields.first else {
                throw fail("expected each argument to be one of {\"int\": 3}, {\"uint\": 3}, {\"double\": 1.5}, {\"float\": 1.5}, {\"string\": \"Alice\"}", at: anchor)
            }
            switch (field.key, field.value) {
            case ("int", .number(let d)):
                if let v = Int64(d) { return .int(v) }
            case ("uint", .number(let d)):
                if let v = UInt64(d) { return .uint(v) }
            case ("double", .number(let d)):
                if let v = Double(d) { return .double(v) }
            case ("float", .number(let d)):
                if let v = Float(d) { return .float(v) }
            case ("string", .string(let s)):
                return .string(s)
            default: break
            }
            throw fail("expected a valid \"\(field.key)\" argument", at: field)
        }
    }
}
