import Foundation
import Testing
import ToastCatalog
import ToastICU
import ToastSupport
import ToastKit
import ToastMatrix

/// One `Localizer` and one `LinePresenter` (and so one set of ICU caches) shared by 8 OS threads
/// that resolve and render toasts at the same time. CI runs this suite under ThreadSanitizer
/// (`swift test --sanitize=thread --filter SharedLocalizerThreadTests`), which must report nothing;
/// without it the test still checks that every thread sees what one thread alone sees.
@Suite struct SharedLocalizerThreadTests {
    static let threads = 8
    static let rounds = 25

    /// Runs `body` on eight real threads started together (concurrentPerform and the task pool
    /// stop at the core count); returns each thread's result by thread number.
    static func onThreads(_ body: @escaping @Sendable (_ thread: Int) -> Int) -> [Int: Int] {
        let results = Locked<[Int: Int]>([:])
        let done = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for thread in 0..<threads {
            done.enter()
            Thread {
                start.wait()
                defer { done.leave() }
                let result = body(thread)
                results.withLock { $0[thread] = result }
            }.start()
        }
        for _ in 0..<threads { start.signal() }
        done.wait()
        return results.withLock { $0 }
    }

    @Test func eightThreadsShareOneLocalizer() {
        let services = ICUServices()
        let locales = BuiltinCatalogs.demo.localeCodes.compactMap { LocaleTag($0) }
        // One localizer per preference list would hide sharing: all threads use these few.
        let localizers = locales.map { Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [$0], services: services) }
        let presenter = LinePresenter(options: LinePresenter.Options(width: 44, bidi: .visual, maxLines: 3), services: services)
        let toasts = BuiltinCatalogs.demoToasts

        // The reference, on this thread alone, with fresh caches.
        let referenceServices = ICUServices()
        let reference: [[String]] = locales.flatMap { locale in
            let localizer = Localizer(catalogs: [BuiltinCatalogs.demo], preferences: [locale], services: referenceServices)
            let presenter = LinePresenter(options: presenter.options, services: referenceServices)
            return toasts.map { presenter.lines(for: localizer.resolve($0, tracing: true)) }
        }

        // Per thread, the renders that differ from the reference, over every round.
        let all = Self.onThreads { thread in
            var differing = 0
            for round in 0..<Self.rounds {
                // Each thread walks the locales from its own starting point, so the caches
                // are filled and read in different orders.
                for step in 0..<localizers.count {
                    let index = (step + thread + round) % localizers.count
                    for (position, toast) in toasts.enumerated() {
                        let lines = presenter.lines(for: localizers[index].resolve(toast, tracing: true))
                        if lines != reference[index * toasts.count + position] { differing += 1 }
                    }
                }
            }
            return differing
        }
        #expect(all.count == Self.threads)
        for thread in 0..<Self.threads {
            #expect(all[thread] == 0, "thread \(thread) rendered differently")
        }
        #expect(reference.count == locales.count * toasts.count && !reference.isEmpty)
    }

    /// `.lproj` files merged side by side share their layers between copies; the dictionary
    /// and key list made from them on first use are made under a lock. Eight threads read one
    /// such catalog at once — some making its dictionary, some looking keys up in the layers.
    @Test func eightThreadsShareOneLayeredCatalog() throws {
        func read() throws -> StringCatalog {
            var merged: StringCatalog?
            for locale in ["de", "fr", "ja", "ar"] {
                var text = ""
                for index in 0..<400 { text += "/* c\(index) */\n\"key \(index) é\" = \"\(locale) \(index)\";\n" }
                let catalog = try StringCatalog(strings: Array(text.utf8), file: "\(locale).lproj/T.strings", locale: locale)
                if merged == nil { merged = catalog } else { merged!.merge(catalog, preferring: false) }
            }
            return merged!
        }
        let shared = try read()
        let reference = try read().entries
        let all = Self.onThreads { thread in
            var differing = 0
            let catalog = shared
            for round in 0..<Self.rounds {
                if (thread + round) % 3 == 0 {
                    if catalog.entries != reference { differing += 1 }
                    if catalog.keys.count != reference.count { differing += 1 }
                }
                for index in stride(from: thread, to: 400, by: 7) {
                    let key = "key \(index) é"
                    if catalog.entry(forKey: key) != reference[key] { differing += 1 }
                    if catalog.localization(forKey: key, locale: "ja") != reference[key]?.localizations["ja"] { differing += 1 }
                }
            }
            return differing
        }
        #expect(all.count == Self.threads)
        for thread in 0..<Self.threads {
            #expect(all[thread] == 0, "thread \(thread) read differently")
        }
        #expect(reference.count == 400 && reference["key 7 é"]?.localizations.count == 4)
    }
}
