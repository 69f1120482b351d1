import { hsl } from "./color";
import { type Random } from "./random";
import { fmt, sparkle, star } from "./shapes";

// Backgrounds behind the figures. Each returns [defs, body] so gradients get unique ids per image.

export type BackdropKind = "burst" | "halftone" | "night" | "skyline" | "stage" | "confetti" | "rings";

export const BACKDROPS: readonly BackdropKind[] = ["burst", "halftone", "night", "skyline", "stage", "confetti", "rings"];

export interface Backdrop {
  defs: string;
  body: string;
}

export function linearGradient(id: string, from: string, to: string, vertical = true): string {
  const coords = vertical ? `x1="0" y1="0" x2="0" y2="1"` : `x1="0" y1="0" x2="1" y2="1"`;
  return `<linearGradient id="${id}" ${coords}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

export function sunburst(cx: number, cy: number, radius: number, rays: number, color: string, opacity: number, rotation = 0): string {
  const parts: string[] = [];
  for (let i = 0; i < rays; i++) {
    const a1 = ((i * 2) / (rays * 2)) * Math.PI * 2 + rotation;
    const a2 = ((i * 2 + 1) / (rays * 2)) * Math.PI * 2 + rotation;
    parts.push(
      `M${fmt(cx)} ${fmt(cy)} L${fmt(cx + radius * Math.cos(a1))} ${fmt(cy + radius * Math.sin(a1))} L${fmt(cx + radius * Math.cos(a2))} ${fmt(cy + radius * Math.sin(a2))}Z`,
    );
  }
  return `<path d="${parts.join(" ")}" fill="${color}" opacity="${opacity}"/>`;
}

export function halftone(id: string, color: string, spacing: number, radius: number): { defs: string; fill: string } {
  return {
    defs: `<pattern id="${id}" width="${spacing}" height="${spacing}" patternUnits="userSpaceOnUse"><circle cx="${spacing / 2}" cy="${spacing / 2}" r="${radius}" fill="${color}"/></pattern>`,
    fill: `url(#${id})`,
  };
}

export function starField(random: Random, width: number, height: number, count: number, maxY = height): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = random.range(0, width);
    const y = random.range(0, maxY);
    const size = random.range(1.2, 3.2) * (width / 640);
    if (random.chance(0.15)) parts.push(sparkle(x, y, size * 3, "#fff8d6", random.range(0.6, 1)));
    else parts.push(`<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(size)}" fill="#ffffff" opacity="${random.range(0.4, 0.95).toFixed(2)}"/>`);
  }
  return parts.join("");
}

export function skyline(random: Random, width: number, baseY: number, maxHeight: number, color: string, windowColor: string): string {
  const parts: string[] = [];
  let x = -10;
  while (x < width) {
    const w = random.range(width / 28, width / 12);
    const h = random.range(maxHeight * 0.35, maxHeight);
    parts.push(`<rect x="${fmt(x)}" y="${fmt(baseY - h)}" width="${fmt(w + 1)}" height="${fmt(h + 2)}" fill="${color}"/>`);
    if (random.chance(0.3)) {
      parts.push(`<rect x="${fmt(x + w * 0.4)}" y="${fmt(baseY - h - h * 0.12)}" width="${fmt(w * 0.2)}" height="${fmt(h * 0.12)}" fill="${color}"/>`);
    }
    const cols = Math.max(1, Math.floor(w / Math.max(14, width / 90)));
    const rows = Math.max(1, Math.floor(h / Math.max(20, width / 60)));
    for (let c = 0; c < cols; c++) {
      for (let r = 0; r < rows; r++) {
        if (!random.chance(0.35)) continue;
        const wx = x + (c + 0.3) * (w / cols);
        const wy = baseY - h + (r + 0.4) * (h / rows);
        parts.push(`<rect x="${fmt(wx)}" y="${fmt(wy)}" width="${fmt(w / cols / 2.6)}" height="${fmt(h / rows / 3)}" fill="${windowColor}" opacity="0.8"/>`);
      }
    }
    x += w;
  }
  return parts.join("");
}

export function confetti(random: Random, width: number, height: number, count: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const color = hsl(random.int(0, 359), 85, 62);
    const x = random.range(0, width);
    const y = random.range(0, height);
    const s = random.range(4, 9) * (width / 640);
    if (random.chance(0.3)) parts.push(star(x, y, s, color, `opacity="0.85"`));
    else
      parts.push(
        `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(s)}" height="${fmt(s * 0.45)}" fill="${color}" opacity="0.85" transform="rotate(${random.int(0, 179)} ${fmt(x)} ${fmt(y)})"/>`,
      );
  }
  return parts.join("");
}

/** A square-ish or wide backdrop filling 0..width x 0..height. */
export function drawBackdrop(kind: BackdropKind, random: Random, id: string, width: number, height: number): Backdrop {
  const hue = random.int(0, 359);
  const top = hsl(hue, random.int(60, 85), random.int(45, 62));
  const bottom = hsl((hue + random.int(30, 70)) % 360, random.int(60, 85), random.int(30, 45));
  const gradientId = `${id}-bg`;
  let defs = linearGradient(gradientId, top, bottom);
  const parts = [`<rect width="${width}" height="${height}" fill="url(#${gradientId})"/>`];
  const cx = width / 2;
  const cy = height * 0.45;
  switch (kind) {
    case "burst":
      parts.push(sunburst(cx, cy, Math.max(width, height), 18, "#ffffff", 0.14, random.range(0, 1)));
      parts.push(`<circle cx="${cx}" cy="${fmt(cy)}" r="${fmt(width * 0.3)}" fill="#fff" opacity="0.12"/>`);
      break;
    case "halftone": {
      const dots = halftone(`${id}-dots`, "#ffffff", width / 32, width / 150);
      defs += dots.defs;
      parts.push(`<rect width="${width}" height="${height}" fill="${dots.fill}" opacity="0.25"/>`);
      parts.push(sunburst(cx, cy, Math.max(width, height), 12, hsl((hue + 180) % 360, 90, 60), 0.25, random.range(0, 1)));
      break;
    }
    case "night": {
      defs = linearGradient(gradientId, hsl(hue, 60, 18), hsl((hue + 40) % 360, 70, 38));
      parts.push(starField(random, width, height, 60, height * 0.8));
      parts.push(`<circle cx="${fmt(width * random.range(0.12, 0.88))}" cy="${fmt(height * 0.2)}" r="${fmt(width * 0.07)}" fill="#fff4c7" opacity="0.9"/>`);
      break;
    }
    case "skyline":
      parts.push(`<circle cx="${fmt(width * random.range(0.2, 0.8))}" cy="${fmt(height * 0.45)}" r="${fmt(width * 0.22)}" fill="#ffe8a3" opacity="0.45"/>`);
      parts.push(skyline(random, width, height, height * 0.45, hsl(hue + 200, 40, 22), "#ffe99c"));
      break;
    case "stage": {
      defs = linearGradient(gradientId, hsl(hue, 55, 22), hsl(hue, 60, 12));
      for (const x of [width * 0.2, width * 0.8]) {
        parts.push(`<polygon points="${fmt(x - width * 0.03)},0 ${fmt(x + width * 0.03)},0 ${fmt(cx + (x - cx) * 0.1 + width * 0.22)},${height} ${fmt(cx + (x - cx) * 0.1 - width * 0.22)},${height}" fill="#fff6c9" opacity="0.14"/>`);
      }
      const curtain = hsl(random.pick([350, 0, 280, 220]), 70, 38);
      parts.push(`<path d="M0 0 H${fmt(width * 0.12)} Q${fmt(width * 0.08)} ${fmt(height * 0.5)} ${fmt(width * 0.14)} ${height} H0Z" fill="${curtain}"/>`);
      parts.push(`<path d="M${width} 0 H${fmt(width * 0.88)} Q${fmt(width * 0.92)} ${fmt(height * 0.5)} ${fmt(width * 0.86)} ${height} H${width}Z" fill="${curtain}"/>`);
      parts.push(`<rect y="${fmt(height * 0.9)}" width="${width}" height="${fmt(height * 0.1)}" fill="#3b2a1e"/>`);
      break;
    }
    case "confetti":
      parts.push(confetti(random, width, height, 45));
      break;
    case "rings":
      for (let r = width * 0.75; r > 20; r -= width * 0.09) {
        parts.push(`<circle cx="${cx}" cy="${fmt(cy)}" r="${fmt(r)}" fill="none" stroke="#ffffff" stroke-width="${fmt(width * 0.025)}" opacity="0.12"/>`);
      }
      break;
  }
  return { defs, body: parts.join("") };
}
