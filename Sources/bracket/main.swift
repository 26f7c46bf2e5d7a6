// The `bracket` command line; the subcommands arrive with the CLI work.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let message = Array("bracket: no subcommands yet\n".utf8)
_ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
exit(2)
