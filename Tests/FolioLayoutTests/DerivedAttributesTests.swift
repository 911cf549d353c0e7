@testable import FolioLayout
import FolioText
import XCTest

/// Attributes derived once and handed out again must be the attributes each call would
/// have made: the same values, for every source and scale, however the slots are shared.
final class DerivedAttributesTests: XCTestCase {
    private let styles: [TextAttributes] = [
        TextAttributes(),
        TextAttributes(font: FontDescriptor(family: "DejaVu Serif", size: 10)),
        TextAttributes(font: FontDescriptor(family: "DejaVu Serif", size: 10), foregroundColor: Color(red: 1, green: 0, blue: 0)),
        TextAttributes(expansion: 1.01, language: "de"),
    ]

    func testMergedAndScaledAttributesAreWhatEachCallWouldMake() {
        let derived = DerivedAttributes()
        let scales = (0..<17).map { 0.98 + Double($0) * 0.0025 }
        // Many sources and scales, asked in turn several times: slots are shared and replaced.
        for _ in 0..<3 {
            for base in styles {
                for over in styles {
                    XCTAssertEqual(derived.merging(over, over: base), base.merging(over))
                }
                for scale in scales {
                    let made = derived.scaling(base, by: scale)
                    XCTAssertEqual(made.expansion, (base.expansion ?? 1) * scale)
                    XCTAssertEqual(made, DerivedAttributes.scaling(base, by: scale))
                }
            }
        }
    }

    func testTheSameSourceAndScaleShareOneCopy() {
        let derived = DerivedAttributes()
        let style = styles[2]
        let a = derived.scaling(style, by: 1.005), b = derived.scaling(style, by: 1.005)
        XCTAssertEqual(a.storageIdentity, b.storageIdentity)
        XCTAssertNotEqual(derived.scaling(style, by: 0.995).expansion, a.expansion)
        // Changing a copy handed out leaves the shared one alone.
        var changed = a
        changed.expansion = 2
        XCTAssertEqual(derived.scaling(style, by: 1.005).expansion, 1.005)
        // A source equal to another but made apart is derived from itself.
        let twin = TextAttributes(font: FontDescriptor(family: "DejaVu Serif", size: 10), foregroundColor: Color(red: 1, green: 0, blue: 0))
        let fromTwin = derived.scaling(twin, by: 1.005)
        XCTAssertEqual(fromTwin, a)
        XCTAssertNotEqual(fromTwin.storageIdentity, a.storageIdentity)
    }
}
