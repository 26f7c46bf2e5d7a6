/// The lexer's inner loops: each finds where a run of one byte class ends.
///
/// Why several bytes at a time: a typical file is mostly indentation and short IDs, so most
/// tokens are runs of a few to a few dozen bytes, and a loop that tests one byte per iteration
/// pays a branch per byte and a mispredicted exit per token. Word-at-a-time tests (8-byte
/// integers, or 16-byte vectors that compile to SSE2 / NEON without target flags) classify a
/// whole run at once, and the first byte outside the class is found by counting trailing zero
/// bits. Near `end` the scans fall back to byte loops, so no byte at or past `end` ever decides a
/// token (a lexer over part of a buffer must see only its range).
#if arch(x86_64)
// The compiler's own intrinsics headers (part of the toolchain, not a package): SSE2 is in every
// x86-64 CPU, and `_mm_movemask_epi8` (pmovmskb) turns 16 lane compares into 16 bits in one
// instruction, which Swift's SIMD types have no operation for.
import _Builtin_intrinsics.intel
#endif

extension Lexer {
    @usableFromInline typealias Bytes16 = SIMD16<UInt8>
    @usableFromInline typealias Mask16 = SIMDMask<SIMD16<Int8>>

    /// All 16 lanes `byte`. Why not the scalar forms of the lane operators (`v .== 0x20`): those
    /// compile to a loop over the lanes, 50 times slower than one vector compare.
    @inlinable @inline(__always)
    static func splat(_ byte: UInt8) -> Bytes16 { Bytes16(repeating: byte) }

    @inlinable @inline(__always)
    static func load16(_ b: UnsafePointer<UInt8>, _ p: Int) -> Bytes16 {
        UnsafeRawPointer(b + p).loadUnaligned(as: Bytes16.self)
    }

    #if arch(x86_64)
    /// Bit i set when lane i of `mask` is set: one `pmovmskb`.
    @inlinable @inline(__always)
    static func laneBits(_ mask: Mask16) -> UInt32 {
        UInt32(truncatingIfNeeded: _mm_movemask_epi8(unsafeBitCast(mask, to: __m128i.self)))
    }

    /// The index of the first lane set in `mask`, or 16 when none is.
    @inlinable @inline(__always)
    static func firstSet(_ mask: Mask16) -> Int {
        (laneBits(mask) | 0x1_0000).trailingZeroBitCount
    }
    #else
    /// The index of the first lane set in `mask`, or 16 when none is. Without a movemask (NEON
    /// has none) the lanes become bytes of two 64-bit halves whose trailing zeros are counted.
    /// Branch-free on purpose: whether a run ends in the first or the second half of the 16
    /// bytes is a coin toss for indentation, and a branch on it mispredicts half the time.
    @inlinable @inline(__always)
    static func firstSet(_ mask: Mask16) -> Int {
        let bytes = Bytes16(repeating: 0).replacing(with: 0xFF, where: mask)
        let halves = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
        let low = halves[0], high = halves[1]
        // A zero half has 64 trailing zeros (8 lanes): the high half's count is added only when
        // the low half has no lane set, and "none at all" comes out as 128 / 8 = 16.
        let fromHigh = high.trailingZeroBitCount & (low == 0 ? ~0 : 0)
        return (low.trailingZeroBitCount &+ fromHigh) &>> 3
    }
    #endif

    // MARK: - Byte classes (the 16-lane forms match the one-byte forms exactly)

    /// Whether `bytes` is exactly one identifier, `[A-Za-z0-9_][A-Za-z0-9_.-]*`: the word the
    /// lexer reads. Everything that checks a name (rename, the stray-character message) asks
    /// this rather than spelling the character classes again.
    public static func isIdentifier(_ bytes: some Sequence<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        guard let first = iterator.next(), isWordStart(first) else { return false }
        while let byte = iterator.next() {
            if !isWordContinue(byte) { return false }
        }
        return true
    }

    /// Whether `byte` may follow the first byte of an identifier (so a word does not end before it).
    public static func continuesIdentifier(_ byte: UInt8) -> Bool { isWordContinue(byte) }

    /// Whether `byte` may be inside an identifier but not start one (`-` and `.`).
    public static func onlyContinuesIdentifier(_ byte: UInt8) -> Bool {
        isWordContinue(byte) && !isWordStart(byte)
    }

    @inlinable @inline(__always)
    static func isWordStart(_ byte: UInt8) -> Bool {
        // `byte | 0x20` folds A-Z onto a-z and nothing else onto a-z.
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x5F
    }

    @inlinable @inline(__always)
    static func isWordContinue(_ byte: UInt8) -> Bool {
        // 0x2D ... 0x39 is `-`, `.`, `/` and the digits; `/` is not in a word.
        (byte | 0x20) &- 0x61 < 26 || (byte &- 0x2D < 13 && byte != 0x2F) || byte == 0x5F
    }

    @inlinable @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// `isWordContinue` of 16 bytes: each range test as one unsigned compare per lane
    /// (`pminub` + `pcmpeqb` on SSE2).
    @inlinable @inline(__always)
    static func wordContinueLanes(_ v: Bytes16) -> Mask16 {
        let letter = ((v | splat(0x20)) &- splat(0x61)) .< splat(26)
        let digitDashDot = ((v &- splat(0x2D)) .< splat(13)) .& (v .!= splat(0x2F))
        return letter .| digitDashDot .| (v .== splat(0x5F))
    }

    /// `isBlank` of 16 bytes.
    @inlinable @inline(__always)
    static func blankLanes(_ v: Bytes16) -> Mask16 { (v .== splat(0x20)) .| (v .== splat(0x09)) }

    /// Bytes after which an unknown run stops: anything that starts a real token.
    @inlinable @inline(__always)
    static func startsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, 0x23, 0x22, 0x7B, 0x7D, 0x40: true
        default: isWordStart(byte)
        }
    }

    // MARK: - Runs

    // Comments, strings and unknown runs are rare next to indentation and IDs: their scans are
    // kept out of line (`@inline(never)`) so that the loops the lexer is inlined into (the
    // parser's trivia loop, the relex) stay small; the optimiser stops inlining into functions
    // past a size, and then the hot scans are the ones that end up as calls.

    @inlinable @inline(__always)
    static func load8(_ b: UnsafePointer<UInt8>, _ p: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(b + p).loadUnaligned(as: UInt64.self))
    }

    #if arch(x86_64)
    /// Bit i set when byte `p + i` is a space or a tab.
    @inlinable @inline(__always)
    static func blankBits(_ b: UnsafePointer<UInt8>, _ p: Int) -> UInt32 {
        laneBits(blankLanes(load16(b, p)))
    }

    /// The first offset at or after `p` that is not a space or a tab.
    ///
    /// Indentation is most of a file's bytes and its length changes from line to line, so any
    /// loop whose exit depends on it mispredicts about once a line. The first step therefore
    /// looks at 32 bytes without a branch: two 16-byte compares, their lane bits joined into one
    /// 32-bit mask whose trailing ones are the run.
    @inlinable @inline(__always)
    static func skipBlanks(_ b: UnsafePointer<UInt8>, _ p: Int, _ end: Int) -> Int {
        var p = p
        while end &- p >= 32 {
            let blanks = blankBits(b, p) | blankBits(b, p &+ 16) &<< 16
            if blanks != 0xFFFF_FFFF { return p &+ (~blanks).trailingZeroBitCount }
            p &+= 32
        }
        return skipBlanksNearEnd(b, p, end)
    }

    /// The first offset at or after `p` whose byte is not `[A-Za-z0-9_.-]`, 16 bytes per step:
    /// the byte class of all 16, then one movemask.
    @inlinable @inline(__always)
    static func skipWord(_ b: UnsafePointer<UInt8>, _ p: Int, _ end: Int) -> Int {
        var p = p
        while end &- p >= 16 {
            let word = laneBits(wordContinueLanes(load16(b, p)))
            if word != 0xFFFF { return p &+ (~word).trailingZeroBitCount }
            p &+= 16
        }
        while p < end, isWordContinue(b[p]) { p &+= 1 }
        return p
    }
    #else
    /// The first offset at or after `p` that is not a space or a tab.
    ///
    /// Indentation is most of a file's bytes and its length changes from line to line, so any
    /// loop whose exit depends on it mispredicts about once a line. The first step therefore
    /// looks at 32 bytes without a branch: four 8-byte words XORed with spaces, the first
    /// non-zero byte found by counting trailing zero bits, the four counts chained with selects.
    /// Plain 8-byte loads beat 16-byte vectors here: the vector-to-integer moves cost more than
    /// they save (measured).
    @inlinable @inline(__always)
    static func skipBlanks(_ b: UnsafePointer<UInt8>, _ p: Int, _ end: Int) -> Int {
        var p = p
        while end &- p >= 32 {
            let x0 = load8(b, p) ^ 0x2020_2020_2020_2020
            let x1 = load8(b, p &+ 8) ^ 0x2020_2020_2020_2020
            let x2 = load8(b, p &+ 16) ^ 0x2020_2020_2020_2020
            let x3 = load8(b, p &+ 24) ^ 0x2020_2020_2020_2020
            var bits = x3.trailingZeroBitCount
            bits = x2.trailingZeroBitCount &+ (x2 == 0 ? bits : 0)
            bits = x1.trailingZeroBitCount &+ (x1 == 0 ? bits : 0)
            bits = x0.trailingZeroBitCount &+ (x0 == 0 ? bits : 0)
            p &+= bits &>> 3
            if bits < 256 {
                // Stopped at a tab: indentation mixing tabs continues in the loop below.
                if b[p] != 0x09 { return p }
                break
            }
        }
        return skipBlanksNearEnd(b, p, end)
    }

    /// Bit 7 of each byte of `x` set when that byte is not `[A-Za-z0-9_.-]`, computed on all
    /// eight bytes at once with carry-free byte arithmetic (each byte's low seven bits plus a
    /// constant below 0x80 never carries into the next byte).
    @inlinable @inline(__always)
    static func notWordBytes(_ x: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low = x & 0x7F7F_7F7F_7F7F_7F7F
        @inline(__always) func inRange(_ v: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
            // Bit 7 set when v >= lo, and when v > hi, per byte.
            let atLeastLo = v &+ (0x80 &- lo) &* 0x0101_0101_0101_0101
            let aboveHi = v &+ (0x7F &- hi) &* 0x0101_0101_0101_0101
            return atLeastLo & ~aboveHi
        }
        let letter = inRange(low | 0x2020_2020_2020_2020, 0x61, 0x7A)
        let digitDashDot = inRange(low, 0x2D, 0x39) & ~inRange(low, 0x2F, 0x2F)
        let underscore = inRange(low, 0x5F, 0x5F)
        return (~(letter | digitDashDot | underscore) | x) & high
    }

    /// The first offset at or after `p` whose byte is not `[A-Za-z0-9_.-]`. IDs are short, so
    /// one 8-byte step almost always finds the end, without a branch per byte.
    @inlinable @inline(__always)
    static func skipWord(_ b: UnsafePointer<UInt8>, _ p: Int, _ end: Int) -> Int {
        var p = p
        while end &- p >= 8 {
            let stop = notWordBytes(load8(b, p))
            if stop != 0 { return p &+ stop.trailingZeroBitCount &>> 3 }
            p &+= 8
        }
        while p < end, isWordContinue(b[p]) { p &+= 1 }
        return p
    }

    #endif

    /// `skipBlanks` once fewer than 32 bytes are left (or, without a movemask, after a tab):
    /// 16 bytes per step, then byte by byte, so that nothing at or past `end` is read.
    @inlinable @inline(__always)
    static func skipBlanksNearEnd(_ b: UnsafePointer<UInt8>, _ p: Int, _ end: Int) -> Int {
        var p = p
        while end &- p >= 16 {
            let n = firstSet(.!blankLanes(load16(b, p)))
            if n < 16 { return p &+ n }
            p &+= 16
        }
        while p < end, isBlank(b[p]) { p &+= 1 }
        return p
    }

    /// The first offset at or after `p` holding a CR or an LF, or `end`.
    @usableFromInline @inline(never)
    static func skipToLineEnd(_ b: UnsafePointer<UInt8>, _ p: Int, _ end: Int) -> Int {
        var p = p
        while end &- p >= 16 {
            let v = load16(b, p)
            let n = firstSet((v .== splat(0x0A)) .| (v .== splat(0x0D)))
            if n < 16 { return p &+ n }
            p &+= 16
        }
        while p < end, b[p] != 0x0A, b[p] != 0x0D { p &+= 1 }
        return p
    }

    /// The end of a string whose opening quote is at `p - 1`: after the closing quote, or at the
    /// line break (or `end`) that leaves it unterminated. A backslash protects the next byte,
    /// unless that byte ends the line.
    @usableFromInline @inline(never)
    static func skipString(_ b: UnsafePointer<UInt8>, _ p: Int, _ end: Int) -> Int {
        var p = p
        while true {
            // Jump to the next byte that matters: a quote, a backslash or a line break.
            if end &- p >= 16 {
                let v = load16(b, p)
                let n = firstSet((v .== splat(0x22)) .| (v .== splat(0x5C)) .| (v .== splat(0x0A)) .| (v .== splat(0x0D)))
                p &+= n
                if n == 16 { continue }
            } else {
                while p < end, b[p] != 0x22, b[p] != 0x5C, b[p] != 0x0A, b[p] != 0x0D { p &+= 1 }
                if p == end { return p }
            }
            switch b[p] {
            case 0x22: return p &+ 1
            case 0x5C:
                let escapes = p &+ 1 < end && b[p &+ 1] != 0x0A && b[p &+ 1] != 0x0D
                p &+= escapes ? 2 : 1
            default: return p  // a line break: unterminated
            }
        }
    }

    /// The end of a run of bytes that start no token (the first of them is at `p - 1`).
    @usableFromInline @inline(never)
    static func skipUnknown(_ b: UnsafePointer<UInt8>, _ p: Int, _ end: Int) -> Int {
        var p = p
        while p < end, !startsToken(b[p]) { p &+= 1 }
        return p
    }
}
