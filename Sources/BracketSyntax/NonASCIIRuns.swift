/// Where a text's non-ASCII bytes are: its maximal runs of bytes ≥ 0x80, in order.
///
/// Converting between byte offsets and UTF-16 or UTF-32 columns walks a line from its start, one
/// character at a time. On a file written on one line (generated files often are) that is a walk
/// over megabytes for every position an edit or a diagnostic needs: 20 ms per keystroke at
/// 131,071 nodes. Every ASCII byte is one code unit in each encoding, so with the runs known the
/// walk jumps over ASCII stretches and steps only through the non-ASCII bytes: a position costs
/// a binary search plus the non-ASCII bytes before it on its line.
struct NonASCIIRuns: Sendable, Hashable {
    /// Start and end of each run, interleaved: `[start0, end0, start1, end1, …]`.
    private var bounds: [Int] = []

    init(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { Self.scan($0, origin: 0, from: 0, to: bytes.count, into: &bounds) }
    }

    var count: Int { bounds.count / 2 }
    @inline(__always) func start(_ run: Int) -> Int { bounds[2 &* run] }
    @inline(__always) func end(_ run: Int) -> Int { bounds[2 &* run &+ 1] }

    /// Appends the runs found in `from..<to` (a run is cut at `to`); `buffer` holds the text's
    /// bytes from offset `origin` on, at least up to `to`.
    private static func scan(
        _ buffer: UnsafeBufferPointer<UInt8>, origin: Int, from: Int, to: Int, into bounds: inout [Int]
    ) {
        do {
            guard let b = buffer.baseAddress else { return }
            // Indices below are relative to the buffer; runs are appended as text offsets.
            let to = to &- origin
            var index = from &- origin
            while index < to {
                // Eight bytes a step while they are all ASCII, as nearly all bytes of a document are.
                if to &- index >= 8,
                    UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index &+= 8
                    continue
                }
                if b[index] < 0x80 {
                    index &+= 1
                    continue
                }
                let start = index
                while index < to, b[index] >= 0x80 { index &+= 1 }
                bounds.append(origin &+ start)
                bounds.append(origin &+ index)
            }
        }
    }

    /// The first run that ends after `offset` (`count` when none does): binary search.
    func firstRun(endingAfter offset: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low &+ high) / 2
            if end(middle) > offset { high = middle } else { low = middle &+ 1 }
        }
        return low
    }

    /// The first non-ASCII byte at or after `index` (`Int.max` when there is none). `run` is a
    /// cursor: start it at `firstRun(endingAfter:)` of an offset at or before `index`, and ask
    /// for ascending indices, so that a walk along a line moves it forward only.
    @inline(__always)
    func next(atOrAfter index: Int, run: inout Int) -> Int {
        while run < count, end(run) <= index { run &+= 1 }
        return run < count ? max(start(run), index) : Int.max
    }

    /// Updates the runs for `range` (offsets before the edit) having been replaced by `newLength`
    /// bytes; `bytes` is the text after the edit. The runs touching the range are scanned again
    /// with it (an edit can join, split or end them); later runs move by the length change.
    mutating func apply(replacing range: ByteRange, newLength: Int, in bytes: TextBuffer) {
        let delta = newLength - range.length
        // Runs are maximal, so the byte just outside each is ASCII: the runs before `first` and
        // from `last` on are each separated from the rescanned bytes by an unchanged ASCII byte.
        let first = firstRun(endingAfter: range.start - 1)
        var last = first
        while last < count, start(last) <= range.end { last += 1 }
        let scanFrom = first < last ? min(start(first), range.start) : range.start
        let scanTo = (first < last ? max(end(last - 1), range.end) : range.end) + delta
        var fresh: [Int] = []
        if scanFrom < scanTo {
            bytes.withBytes(in: scanFrom..<scanTo) { Self.scan($0, origin: scanFrom, from: scanFrom, to: scanTo, into: &fresh) }
        }
        bounds.replaceSubrange((2 * first)..<(2 * last), with: fresh)
        guard delta != 0 else { return }
        let tail = 2 * first + fresh.count
        bounds.withUnsafeMutableBufferPointer { bounds in
            for index in tail..<bounds.count { bounds[index] &+= delta }
        }
    }
}
