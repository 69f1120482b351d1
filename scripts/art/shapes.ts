// Small SVG building blocks shared by figures and backdrops.
export function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

export function starPoints(cx: number, cy: number, outer: number, inner: number, points = 5, rotationDeg = -90): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((rotationDeg + (i * 180) / points) * Math.PI) / 180;
    out.push(`${fmt(cx + r * Math.cos(a))},${fmt(cy + r * Math.sin(a))}`);
  }
  return out.join(" ");
}

export function star(cx: number, cy: number, outer: number, fill: string, extra = ""): string {
  return `<polygon points="${starPoints(cx, cy, outer, outer * 0.45)}" fill="${fill}" ${extra}/>`;
}

export function sparkle(cx: number, cy: number, size: number, fill: string, opacity = 1): string {
  const s = size;
  const w = size * 0.22;
  return `<path d="M${fmt(cx)} ${fmt(cy - s)} Q${fmt(cx + w)} ${fmt(cy - w)} ${fmt(cx + s)} ${fmt(cy)} Q${fmt(cx + w)} ${fmt(cy + w)} ${fmt(cx)} ${fmt(cy + s)} Q${fmt(cx - w)} ${fmt(cy + w)} ${fmt(cx - s)} ${fmt(cy)} Q${fmt(cx - w)} ${fmt(cy - w)} ${fmt(cx)} ${fmt(cy - s)}Z" fill="${fill}" opacity="${opacity}"/>`;
}

export function svgDocument(width: number, height: number, viewWidth: number, viewHeight: number, body: string, defs = ""): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${viewWidth} ${viewHeight}"><defs>${defs}</defs>${body}</svg>`;
}
