import BracketBytes

extension Geometry {
    /// Whether this geometry keeps what a structural edit is laid out from (`layout(_:keepingSpliceState:)`).
    public var keepsRelayoutState: Bool { state != nil }

    /// The same geometry without the kept layout state: everything that is drawn, written and
    /// diffed, and no reference to the state's columns, so a copy kept elsewhere (the preview's
    /// delta base) does not make the relayout copy them.
    public var withoutRelayoutState: Geometry {
        var geometry = self
        geometry.state = nil
        return geometry
    }

    /// Where the kept state's per-card columns (room, offset, shift, start, natural extent)
    /// are stored, for tests that check a relayout moved them instead of copying them; empty
    /// without a state.
    @_spi(Testing)
    public var relayoutStateAddresses: [UInt] {
        guard let state else { return [] }
        return [state.room, state.offset, state.shift, state.start, state.naturalDepths].map { column in
            column.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        }
    }
}
