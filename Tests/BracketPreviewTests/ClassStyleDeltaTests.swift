import BracketJSON
import BracketModel
@testable import BracketPreview
import BracketSVG
import Testing

/// The class rules travel with the picture's style: a class first used on a node is a delta
/// whose frame carries the new style, a `@class` line edited is a change of settings (the whole
/// picture), and a picture without classes sends no style in its deltas.
@Suite struct ClassStyleDeltaTests {
    @Test func aNewClassOnANodeIsADeltaCarryingTheStyle() throws {
        let old = snapshot("r [class=a] { x y }"), new = snapshot("r [class=a] { x [class=b] y }")
        #expect(new.classSheet.contains(".c-b rect"))
        guard case .delta(let delta) = previewUpdateByPairingIDs(from: old, to: new, maxFraction: .infinity) else {
            Issue.record("expected a delta")
            return
        }
        let written = try writtenDelta(delta, to: new)
        let style = written["frame"]?["style"]?.stringValue
        #expect(style == svgStyleSheetText(recordsResults: false, classSheet: new.classSheet))
    }

    @Test func aClassLookEditedSendsTheWholePicture() {
        let old = snapshot("@class a [fill=teal]\nr [class=a]"), new = snapshot("@class a [fill=navy]\nr [class=a]")
        #expect(previewUpdateByPairingIDs(from: old, to: new, maxFraction: .infinity) == .full(.settingsChanged))
    }

    @Test func thePicturesLastClassRemovedSendsTheWholePicture() {
        let old = snapshot("r [class=a] { x }"), new = snapshot("r { x }")
        #expect(previewUpdateByPairingIDs(from: old, to: new, maxFraction: .infinity) == .full(.styleChanged))
    }

    @Test func aPictureWithoutClassesSendsNoStyle() throws {
        let old = snapshot("r { x }"), new = snapshot("r { x \"X\" }")
        guard case .delta(let delta) = previewUpdateByPairingIDs(from: old, to: new, maxFraction: .infinity) else {
            Issue.record("expected a delta")
            return
        }
        #expect(try writtenDelta(delta, to: new)["frame"]?["style"] == nil)
    }
}
