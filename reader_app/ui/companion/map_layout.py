"""Where the relationship map puts its people and their names: an ellipse that fills the space
given, and labels placed so that no two overlap (nor cover a node), each as near its node as
the others allow.

Pure geometry on Qt's value types: no widget, so it is measured and tested on its own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSizeF

GAP = 2.0  # between a label and its node, and between labels
STEP = 6.0  # how far each try moves a label that does not fit near its node


@dataclass(frozen=True, slots=True)
class Node:
    key: int
    centre: QPointF
    radius: float


def ellipse_nodes(
    keys: Sequence[int], radii: Sequence[float], *, area: QRectF, margin: QSizeF
) -> list[Node]:
    """The people on an ellipse filling `area` less `margin` (room for the labels), the first
    at the top, going clockwise."""
    centre = area.center()
    rx = max(area.width() / 2 - margin.width(), 20.0)
    ry = max(area.height() / 2 - margin.height(), 20.0)
    count = max(len(keys), 1)
    nodes = []
    for n, (key, radius) in enumerate(zip(keys, radii, strict=True)):
        angle = -math.pi / 2 + 2 * math.pi * n / count
        nodes.append(Node(key, QPointF(centre.x() + rx * math.cos(angle),
                                       centre.y() + ry * math.sin(angle)), radius))
    return nodes


def place_labels(
    nodes: Sequence[Node], sizes: dict[int, QSizeF], *, bounds: QRectF | None = None
) -> dict[int, QRectF]:
    """A rectangle for each node's label, none intersecting another label or any node.

    Each label tries the spots around its node (below, above, right, left, the corners), then
    the same spots ever further out, until one is free; one inside `bounds` is preferred while
    any is left near enough. The most important (first) nodes choose first."""
    placed: dict[int, QRectF] = {}
    discs = [_disc(node) for node in nodes]
    for node in nodes:
        size = sizes[node.key]
        chosen = None
        fallback = None
        for rect in _candidates(node, size):
            taken = any(rect.intersects(other) for other in placed.values()) or any(
                rect.intersects(disc) for disc in discs)
            if taken:
                continue
            if bounds is None or bounds.contains(rect):
                chosen = rect
                break
            fallback = fallback or rect
        placed[node.key] = chosen or fallback or _far_away(node, size, placed)
    return placed


def _disc(node: Node) -> QRectF:
    r = node.radius + 1
    return QRectF(node.centre.x() - r, node.centre.y() - r, 2 * r, 2 * r)


def _candidates(node: Node, size: QSizeF, rings: int = 30) -> list[QRectF]:
    x, y, r = node.centre.x(), node.centre.y(), node.radius + GAP
    w, h = size.width(), size.height()
    spots = []
    for ring in range(rings):
        d = ring * STEP
        spots += [
            QRectF(x - w / 2, y + r + d, w, h),  # below
            QRectF(x - w / 2, y - r - d - h, w, h),  # above
            QRectF(x + r + d, y - h / 2, w, h),  # right
            QRectF(x - r - d - w, y - h / 2, w, h),  # left
            QRectF(x + r * 0.7 + d, y + r * 0.7 + d, w, h),  # below right
            QRectF(x - r * 0.7 - d - w, y + r * 0.7 + d, w, h),  # below left
            QRectF(x + r * 0.7 + d, y - r * 0.7 - d - h, w, h),  # above right
            QRectF(x - r * 0.7 - d - w, y - r * 0.7 - d - h, w, h),  # above left
        ]
    return spots


def _far_away(node: Node, size: QSizeF, placed: dict[int, QRectF]) -> QRectF:
    """Below everything placed so far: always free."""
    bottom = max((rect.bottom() for rect in placed.values()), default=node.centre.y())
    return QRectF(node.centre.x() - size.width() / 2, bottom + GAP, size.width(), size.height())
