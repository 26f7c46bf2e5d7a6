import BracketLayout

/// Points as (x, y) pairs read better in expectations than `Point(x:y:)` calls.
func pairs(_ points: [Point]) -> [[Double]] { points.map { [$0.x, $0.y] } }

func pairs(_ edge: Edge) -> [[Double]] { pairs(edge.pointList) }

/// True when the card lies fully inside the content rectangle.
func isInside(_ card: Card, _ geometry: Geometry) -> Bool {
    card.center.x - card.width / 2 >= 0 && card.center.x + card.width / 2 <= geometry.width
        && card.center.y - card.height / 2 >= 0 && card.center.y + card.height / 2 <= geometry.height
}
