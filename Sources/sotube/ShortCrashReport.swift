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
    static func applyByRestartingIfUnset() {
        #if os(Linux)
            guard getenv(variable) == nil else { return }
            setenv(variable, setting, 1)
            var arguments = CommandLine.arguments.map { strdup($0) } + [nil]
            execv("/proc/self/exe", &arguments)
            // Not replaced: carry on with the runtime's defaults.
            for argument in arguments { free(argument) }
            unsetenv(variable)
        #endif
    }
}
