#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file was when it was read: its identity, size, modification time and the facts a
/// writer must keep (mode, owner, links). A writer compares it with the file just before
/// replacing it, so that a change made meanwhile is never overwritten.
public struct FileSnapshot: Sendable, Equatable {
    /// The device and inode: which file this is.
    public var device: UInt64
    /// The inode number.
    public var inode: UInt64
    /// The size in bytes.
    public var size: Int64
    /// The modification time, seconds and nanoseconds since 1970.
    public var modified: (seconds: Int64, nanoseconds: Int64)
    /// The permission bits (`0o644`), set-id and sticky bits included.
    public var permissions: UInt32
    /// The owner's user and group ids.
    public var owner: (user: UInt32, group: UInt32)
    /// How many hard links the file has.
    public var links: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        #if canImport(Darwin)
        modified = (Int64(status.st_mtimespec.tv_sec), Int64(status.st_mtimespec.tv_nsec))
        #else
        modified = (Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec))
        #endif
        permissions = UInt32(status.st_mode) & 0o7777
        owner = (UInt32(status.st_uid), UInt32(status.st_gid))
        links = UInt64(status.st_nlink)
    }

    /// Whether `other` is the same file, unchanged: same device, inode, size and modification
    /// time.
    public func isUnchanged(comparedTo other: FileSnapshot) -> Bool {
        device == other.device && inode == other.inode && size == other.size && modified == other.modified
    }

    /// Whether two snapshots agree in everything: ``isUnchanged(comparedTo:)``, and the same
    /// permissions, owner and link count.
    public static func == (a: FileSnapshot, b: FileSnapshot) -> Bool {
        a.isUnchanged(comparedTo: b) && a.permissions == b.permissions && a.owner == b.owner && a.links == b.links
    }
}

/// A file's bytes with the snapshot taken from the same open file.
public struct FileContents: Sendable {
    /// The bytes read.
    public var bytes: [UInt8]
    /// The file as it was when read.
    public var snapshot: FileSnapshot
}

/// What kind of thing a path names (after following symbolic links).
enum PathKind: Equatable {
    case regular, directory, fifo, socket, characterDevice, blockDevice, other

    init(_ mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .other
        }
    }

    /// "is a FIFO (named pipe)", … for messages about a path that is not a regular file.
    var phrase: String {
        switch self {
        case .regular: "is a file"
        case .directory: "is a directory"
        case .fifo: "is a FIFO (named pipe)"
        case .socket: "is a socket"
        case .characterDevice: "is a character device"
        case .blockDevice: "is a block device"
        case .other: "is not a regular file"
        }
    }
}

/// The system's error text for `errno`.
func systemError(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

/// The longest path the system accepts (`PATH_MAX`, counting the terminating NUL).
let maximumPathBytes = Int(PATH_MAX)

/// A `[io]` error at `path:1:1`.
func ioError(_ path: String, _ message: String) -> CatalogError {
    CatalogError(location: SourceLocation(file: path, line: 1, column: 1), rule: .io, message: message)
}

/// Refuses a path the system would refuse as too long, with a message that says so.
func checkPathLength(_ path: String) throws(CatalogError) {
    let count = path.utf8.count
    if count >= maximumPathBytes {
        throw ioError(String(path.prefix(80)) + "…", "the path is \(count) bytes; the system's limit is \(maximumPathBytes - 1)")
    }
}

/// `pread(2)`, under the name both platforms' modules give it.
func systemPositionedRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: Int64) -> Int {
    #if canImport(Glibc)
    Glibc.pread(descriptor, buffer, count, off_t(offset))
    #else
    Darwin.pread(descriptor, buffer, count, off_t(offset))
    #endif
}

/// `write(2)` of all of `bytes` (retried after a signal and a short write); false with `errno` set
/// when it failed.
package func systemWriteAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var done = 0
    while done < bytes.count {
        #if canImport(Glibc)
        let n = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
        #else
        let n = Darwin.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
        #endif
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return false }
        done += n
    }
    return true
}
