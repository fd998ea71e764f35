#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ToastSupport

extension CatalogLoader {
    /// Files from this size up are mapped, not copied, when a read lease can be had (Linux):
    /// copying 68 MB into fresh memory took 38 ms on one core, mapping it 3–5 ms.
    static let mappedReadBytes = 8 << 20

    /// Hands `body` the bytes of a file, checked and refused as ``contents(ofFile:limits:)``
    /// refuses them, for as long as `body` runs; `body` must not keep them, nor open the file
    /// for writing.
    ///
    /// A file of 8 MiB or more is mapped instead of copied where the system lets this process
    /// hold a read lease on it (``LeasedMapping``): while `body` runs, a program that opens the
    /// file for writing or truncates it waits until `body` returns (at most the system's
    /// `lease-break-time`, 45 s by default), so the mapped bytes cannot shrink under the
    /// reader; one that opens it for writing without blocking (`O_NONBLOCK`) is refused with
    /// `EWOULDBLOCK`. Without a lease (another program has the file open for writing, a file system
    /// without leases, a file this user does not own, another system), the file is read into
    /// memory.
    package static func withBytes<Result>(
        ofFile path: String, limits: CatalogLimits = .standard,
        _ body: (UnsafeBufferPointer<UInt8>) throws(CatalogError) -> Result
    ) throws(CatalogError) -> Result {
        try withBytes(ofFile: path, limits: limits) { (bytes, _) throws(CatalogError) in try body(bytes) }
    }

    /// ``withBytes(ofFile:limits:_:)``, telling `body` whether the bytes are mapped (tests).
    package static func withBytes<Result>(
        ofFile path: String, limits: CatalogLimits = .standard,
        _ body: (UnsafeBufferPointer<UInt8>, _ isMapped: Bool) throws(CatalogError) -> Result
    ) throws(CatalogError) -> Result {
        let (descriptor, status) = try openChecked(path, limits: limits)
        defer { close(descriptor) }
        if Int(status.st_size) >= mappedReadBytes, let mapping = try LeasedMapping(descriptor, path: path, limits: limits) {
            return try mapping.read { (bytes) throws(CatalogError) in try body(bytes, true) }
        }
        let bytes = try readChecked(descriptor, path: path, size: Int(status.st_size))
        return try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogError) in try body(buffer, false) }
    }
}

extension CatalogLoader {
    /// A ``XCStringsParallelism/readBehind`` for `bytes` that
    /// ``withBytes(ofFile:limits:_:)-(_,(UnsafeBufferPointer<UInt8>,Bool)->Result)`` says are
    /// mapped, for as long as they are: the system takes back the pages wholly inside each
    /// range it is told of (`MADV_DONTNEED`). They stop counting in the process's memory and
    /// are read again from the file if touched (the read lease keeps the file as it was).
    /// Never for bytes that are not mapped: memory of the process's own would be emptied.
    package static func pageRelease(of bytes: UnsafeBufferPointer<UInt8>) -> @Sendable (Range<Int>) -> Void {
        let base = UInt(bitPattern: bytes.baseAddress), count = bytes.count
        return { range in releaseMappedPages(at: base, count: count, in: range) }
    }

    private static func releaseMappedPages(at base: UInt, count: Int, in range: Range<Int>) {
        #if os(Linux)
        guard base != 0, range.lowerBound >= 0, range.upperBound <= count else { return }
        let page = UInt(max(1, Int(sysconf(Int32(_SC_PAGESIZE)))))
        let start = base + UInt(range.lowerBound)
        let end = base + UInt(range.upperBound)
        let first = (start + page - 1) / page * page, last = end / page * page
        guard first < last, let address = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(address, Int(last - first), MADV_DONTNEED)
        #endif
    }
}

/// A file mapped into memory under a read lease, released (unmapped, lease given back) when
/// it ends.
///
/// A mapped file that shrinks kills its reader (`SIGBUS` at the first page past the new
/// end), so a mapping is made only under a read lease (`fcntl(F_SETLEASE, F_RDLCK)`, Linux):
/// the system grants it only when no one has the file open for writing, and holds back
/// anyone who opens it for writing or truncates it until the lease is given back. The lease
/// break is announced with `SIGURG`, whose default is to be ignored (the default, `SIGIO`,
/// would end the process). The size is taken again under the lease, when it can no longer
/// change.
///
/// What is left: the system breaks a lease by force after `lease-break-time` (45 s by
/// default); a reader stopped that long (`SIGSTOP`) while another program truncates the file
/// would be killed. A failing disk (`EIO` on a page the system dropped and reads again) is
/// the other way a mapped read can end the process; `read(2)` would report it.
struct LeasedMapping: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let descriptor: Int32

    #if os(Linux)
    /// `<fcntl.h>`'s `F_SETSIG` and `F_SETLEASE`, defined under `_GNU_SOURCE`, which Swift's
    /// Glibc module does not see.
    private static let setSignal: Int32 = 10
    private static let setLease: Int32 = 1024
    #endif

    /// Maps the open file `descriptor`; nil, with nothing held, when no lease is granted, the
    /// file is empty or too small to be worth it, or the mapping fails; an error when the file
    /// became one the reader refuses (over the size limit) before the lease.
    init?(_ descriptor: Int32, path: String, limits: CatalogLimits) throws(CatalogError) {
        #if os(Linux)
        guard fcntl(descriptor, Self.setSignal, SIGURG) == 0, fcntl(descriptor, Self.setLease, F_RDLCK) == 0 else { return nil }
        let status: stat
        do throws(CatalogError) {
            status = try CatalogLoader.checkedStatus(descriptor, path: path, limits: limits)
        } catch {
            _ = fcntl(descriptor, Self.setLease, F_UNLCK)
            throw error
        }
        let count = Int(status.st_size)
        guard count >= CatalogLoader.mappedReadBytes,
              let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0),
              base != MAP_FAILED else {
            _ = fcntl(descriptor, Self.setLease, F_UNLCK)
            return nil
        }
        Self.populate(base, count: count)
        self.bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
        self.descriptor = descriptor
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// `MADV_POPULATE_READ` (Linux 5.14), which Swift's Glibc module may not define.
    private static let populateRead: Int32 = 22

    /// Maps the pages of the file in before they are read, a slice per core at once
    /// (`MAP_POPULATE` maps them on the calling thread alone). Where the system does not
    /// know the advice, the pages are mapped as they are first read.
    private static func populate(_ base: UnsafeMutableRawPointer, count: Int) {
        let page = max(1, Int(sysconf(Int32(_SC_PAGESIZE))))
        let pages = (count + page - 1) / page
        let slices = Parallel.slices(of: pages, into: Parallel.processorCount)
        let start = UInt(bitPattern: base)
        Parallel.forEach(slices.count) { part in
            let slice = slices[part]
            guard !slice.isEmpty, let address = UnsafeMutableRawPointer(bitPattern: start + UInt(slice.lowerBound * page)) else { return }
            _ = madvise(address, min(slice.count * page, count - slice.lowerBound * page), populateRead)
        }
    }
    #endif

    /// Hands `body` the file's bytes, mapped for as long as it runs.
    func read<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws(CatalogError) -> Result) throws(CatalogError) -> Result {
        try body(bytes)
    }

    deinit {
        #if os(Linux)
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        _ = fcntl(descriptor, Self.setLease, F_UNLCK)
        #endif
    }
}
