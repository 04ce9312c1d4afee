import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps a crash of `sotube serve` short. On Linux the Swift runtime's backtracer symbolicates the
/// crashed process before letting it exit: 10–25 s during which the port is held and nothing is
/// served (a supervisor cannot start it again yet). Without symbolication the report takes a
/// fraction of a second and still names the fatal error, the crashed thread's addresses and the
/// images they are in.
enum ShortCrashReport {
    static let variable = "SWIFT_BACKTRACE"
    static let setting =
        "enable=yes,symbolicate=no,threads=crashed,registers=none,images=mentioned,interactive=no,output-to=stderr"

    /// When `SWIFT_BACKTRACE` is unset, sets it and runs this same program again in this process
    /// (`exec`: same pid, arguments, descriptors and the rest of the environment): the runtime reads
    /// the variable only when a process starts. Once at most, since the new start finds it set; a
    /// value the operator chose (even `enable=no`) is kept. Elsewhere than Linux, or when `exec`
    /// fails, it goes on as it is.
    ///
    /// The program is started again by its own path, so the process keeps its name: the kernel names
    /// a process after the file it ran, and one started through `/proc/self/exe` was called "exe" in
    /// `ps`, `top` and `pgrep sotube` (which then found nothing). `/proc/self/exe` is the fallback,
    /// for a binary replaced or removed since it started.
    static func applyByRestartingIfUnset() {
        #if os(Linux)
            guard getenv(variable) == nil else { return }
            setenv(variable, setting, 1)
            var arguments = CommandLine.arguments.map { strdup($0) } + [nil]
            if let path = ownPath() { execv(path, &arguments) }
            execv("/proc/self/exe", &arguments)
            // Not replaced: carry on with the runtime's defaults.
            for argument in arguments { free(argument) }
            unsetenv(variable)
        #endif
    }

    /// The running binary's path (the target of `/proc/self/exe`), or nil when it cannot be read.
    static func ownPath() -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard length > 0 else { return nil }
            return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            return nil
        #endif
    }
}
