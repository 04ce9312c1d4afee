#if canImport(Glibc)
    import Glibc
#endif

/// How the process's heap gives memory back.
public enum MemoryPolicy {
    /// glibc raises its mmap threshold to the size of each large block freed (up to 32 MB, and the
    /// trim threshold to twice that); blocks up to that size then come from the per-thread arenas, and
    /// a burst of work leaves the arenas holding pages pinned by a few small live blocks. Measured on
    /// the demo store a minute after its first start made its songs: 92 MB of RSS, 43 MB of it heap
    /// (two arenas of 17 and 16 MB with 2.4 MB in use; `malloc_trim` gave back 4 MB). With both
    /// thresholds fixed at 4 MB (which ends the raising): 65–66 MB, 16 MB of heap. Every block an
    /// answer uses (a file part is at most 1 MB, streamed in 256 KB pieces) stays in the arenas, and
    /// a free gives the arena's top back to the kernel only past 4 MB: with the mmap threshold alone
    /// fixed, the trim threshold stayed at 128 KB and 3 s of whole-file downloads made 556 `madvise`
    /// calls (strace), against none before and none with both fixed.
    static let threshold: Int32 = 4 << 20

    /// glibc gives each thread that meets a locked arena a new one, up to 8 per core: the event
    /// loops, the concurrency pool and the blocking pool's threads each left a few MB pinned in ten
    /// arenas after the demo store's first start (smaps: 20 MB of heap in 10 mappings). One arena per
    /// core (two on a 2-core machine): the first start's RSS 59 → 53–55 MB. Requests still allocate
    /// from per-thread caches first (tcache); throughput stayed within this machine's noise
    /// (docs/performance.md, "the idle server's code").
    static var arenas: Int32 {
        #if canImport(Glibc)
            return Int32(max(2, min(64, sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        #else
            return 0
        #endif
    }

    public static func apply() {
        #if canImport(Glibc)
            // `mallopt`, M_TRIM_THRESHOLD (-1), M_MMAP_THRESHOLD (-3) and M_ARENA_MAX (-8) are in <malloc.h>, which
            // Swift's Glibc module leaves out.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            _ = mallopt(-3, threshold)
            _ = mallopt(-1, threshold)
            _ = mallopt(-8, arenas)  // M_ARENA_MAX
        #endif
    }

    /// Gives the heap's free pages back to the kernel, in every arena (`malloc_trim(0)`), not only at
    /// each arena's top as a free does. Called when a media worker runs out of jobs after doing some:
    /// a burst of imports leaves the arenas holding free pages between a few live blocks. On the
    /// demo store's first start, once its songs were made, it gave back 2.3–4.4 MB of 15–16 MB of
    /// heap (docs/performance.md, "the heap after the first start").
    public static func giveBackFreePages() {
        #if canImport(Glibc)
            typealias MallocTrim = @convention(c) (Int) -> Int32
            guard let symbol = trimSymbol else { return }
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }

    #if canImport(Glibc)
        /// `malloc_trim`, also in <malloc.h>.
        nonisolated(unsafe) private static let trimSymbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
    #endif
}
