/**
 * The names over the WebGL map, placed by layoutOverlay, hidden while nodes glide; a hovered
 * node without a placed name shows its name on a white chip. The list view is the accessible
 * version of these names; here they are drawing.
 */
import { LABEL_FONT, LABEL_HEIGHT, LABEL_PAD_X, type MapOverlay } from '../lib/map-overlay';
import { MAP_COLORS } from '../lib/relationship-colors';

const labelStyle = {
  position: 'absolute',
  font: LABEL_FONT,
  lineHeight: `${LABEL_HEIGHT}px`,
  padding: `0 ${LABEL_PAD_X}px`,
  whiteSpace: 'nowrap',
  color: MAP_COLORS.label,
  textShadow: '0 0 3px #fff, 0 0 3px #fff, 0 0 2px #fff',
  boxSizing: 'border-box',
} as const;

export function MapLabelOverlay({ overlay, settled, hovered }: { overlay: MapOverlay; settled: boolean; hovered: string | null }) {
  const placed = new Set(overlay.labels.map((l) => l.id));
  const hoveredNode = hovered && !placed.has(hovered) ? overlay.nodes.find((n) => n.id === hovered) : undefined;
  return (
    <div aria-hidden="true" data-testid="network-labels" data-settled={settled} style={{ position: 'absolute', inset: 0, pointerEvents: 'none', opacity: settled ? 1 : 0, transition: 'opacity 150ms' }}>
      {overlay.labels.map((label) => (
        <span key={label.id} data-label-for={label.id} style={{ ...labelStyle, left: label.left, top: label.top, width: label.width, height: label.height }}>
          {overlay.shown[label.id] ?? overlay.text[label.id]}
        </span>
      ))}
      {hoveredNode ? (
        <span data-testid="network-hover-label" style={{ ...labelStyle, left: hoveredNode.x + hoveredNode.radius + 4, top: hoveredNode.y - LABEL_HEIGHT / 2, background: 'white', boxShadow: '0 1px 3px rgba(0,0,0,0.2)', zIndex: 1 }}>
          {overlay.text[hoveredNode.id]}
        </span>
      ) : null}
    </div>
  );
}
