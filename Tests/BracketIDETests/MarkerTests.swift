import Testing

@Test func markersAreStrippedAndGiveByteOffsets() {
    let marked = MarkedText("a1️⃣ \"é\" 2️⃣{ b3️⃣ }")
    #expect(marked.text == "a \"é\" { b }")
    #expect(marked[1] == 1)
    #expect(marked[2] == 7)  // "é" is two bytes
    #expect(marked[3] == 10)
    #expect(marked[4] == -1)
}
