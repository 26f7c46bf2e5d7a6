// The `bracket` command line; the subcommands arrive with the CLI work.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

fputs("bracket: no subcommands yet\n", stderr)
exit(2)
