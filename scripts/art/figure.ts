import { hsl, INK, SKIN_TONES } from "./color";
import { type Random } from "./random";
import { fmt, star, starPoints } from "./shapes";

// A costumed figure drawn from simple shapes. Local coordinates: the feet stand on (0, 0), the head
// reaches about y = -190, so a scene places a figure with translate(x, groundY) scale(height / 200).

export type Costume = "caped" | "villain" | "anime" | "mascot" | "wizard" | "scifi" | "knight" | "furry";
export type Pose = "victory" | "hips" | "punch" | "wave" | "point" | "cast" | "relaxed";
export type Emblem = "star" | "bolt" | "diamond" | "heart" | "ring" | "none";

export interface FigurePalette {
  suit: string;
  suitDark: string;
  accent: string;
  cape: string;
  capeInner: string;
  skin: string;
  hair: string;
  mask: string;
  boot: string;
  glove: string;
}

export interface FigureSpec {
  costume: Costume;
  pose: Pose;
  emblem: Emblem;
  palette: FigurePalette;
  mask: boolean;
  hairStyle: "short" | "spiky" | "long" | "bun" | "swoop";
  /** Mirrors the figure so asymmetric poses face either way. */
  flip: boolean;
  /** Sideways sway of the cape hem, -1..1. */
  flutter: number;
}

const COSTUMES: readonly Costume[] = ["caped", "villain", "anime", "mascot", "wizard", "scifi", "knight", "furry"];
const POSES: readonly Pose[] = ["victory", "hips", "punch", "wave", "point", "cast", "relaxed"];
const EMBLEMS: readonly Emblem[] = ["star", "bolt", "diamond", "heart", "ring", "none"];

export function randomPalette(random: Random, costume: Costume): FigurePalette {
  const hue = random.int(0, 359);
  const villain = costume === "villain";
  const suitLight = villain ? random.int(18, 30) : random.int(38, 55);
  const accentHue = (hue + random.pick([120, 150, 180, 200, 45])) % 360;
  const capeHue = villain ? random.pick([0, 350, 280, 130]) : (hue + random.pick([0, 30, 180, 330])) % 360;
  const hairHue = costume === "anime" ? random.int(0, 359) : random.pick([25, 30, 40, 45, 0, 210]);
  const hairSat = costume === "anime" ? random.int(65, 90) : random.int(20, 55);
  const hairLight = costume === "anime" ? random.int(50, 68) : random.int(12, 45);
  return {
    suit: hsl(hue, random.int(60, 85), suitLight),
    suitDark: hsl(hue, random.int(55, 80), suitLight - 14),
    accent: hsl(accentHue, random.int(80, 95), random.int(52, 62)),
    cape: hsl(capeHue, random.int(65, 85), villain ? 32 : random.int(40, 52)),
    capeInner: hsl(capeHue, random.int(60, 80), villain ? 18 : random.int(26, 34)),
    skin: random.pick(SKIN_TONES),
    hair: hsl(hairHue, hairSat, hairLight),
    mask: hsl(villain ? 270 : accentHue, 70, villain ? 25 : 35),
    boot: hsl((accentHue + random.pick([0, 180])) % 360, 70, random.int(28, 42)),
    glove: hsl(accentHue, 85, random.int(48, 58)),
  };
}

export function randomFigure(random: Random, costume: Costume = random.pick(COSTUMES)): FigureSpec {
  const pose = costume === "wizard" ? random.pick<Pose>(["cast", "victory", "point", "wave"]) : random.pick(POSES);
  return {
    costume,
    pose,
    emblem: costume === "wizard" || costume === "mascot" ? random.pick<Emblem>(["star", "none"]) : random.pick(EMBLEMS),
    palette: randomPalette(random, costume),
    mask: costume === "caped" ? random.chance(0.75) : costume === "villain" ? random.chance(0.5) : false,
    hairStyle: costume === "anime" ? "spiky" : random.pick(["short", "long", "bun", "swoop", "short"] as const),
    flip: random.chance(0.5),
    flutter: random.range(-1, 1),
  };
}

interface ArmAngles {
  upper: number;
  lower: number;
}

// Angles are in degrees from straight down, turning outward: 90 = sideways, 180 = straight up.
const POSE_ARMS: Record<Pose, [ArmAngles, ArmAngles]> = {
  victory: [{ upper: 145, lower: 165 }, { upper: 145, lower: 165 }],
  hips: [{ upper: 42, lower: -42 }, { upper: 42, lower: -42 }],
  punch: [{ upper: 168, lower: 176 }, { upper: 42, lower: -42 }],
  wave: [{ upper: 105, lower: 160 }, { upper: 14, lower: 6 }],
  point: [{ upper: 96, lower: 92 }, { upper: 42, lower: -42 }],
  cast: [{ upper: 70, lower: 110 }, { upper: 70, lower: 110 }],
  relaxed: [{ upper: 16, lower: 8 }, { upper: 16, lower: 8 }],
};

function armPoints(side: -1 | 1, angles: ArmAngles, shoulderY: number, shoulderX: number) {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const sx = side * shoulderX;
  const ex = sx + side * 30 * Math.sin(rad(angles.upper));
  const ey = shoulderY + 30 * Math.cos(rad(angles.upper));
  const hx = ex + side * 28 * Math.sin(rad(angles.lower));
  const hy = ey + 28 * Math.cos(rad(angles.lower));
  return { sx, sy: shoulderY, ex, ey, hx, hy };
}

function emblemShape(emblem: Emblem, fill: string, cx: number, cy: number): string {
  switch (emblem) {
    case "star":
      return star(cx, cy, 11, fill);
    case "bolt":
      return `<polygon points="${fmt(cx + 3)},${fmt(cy - 12)} ${fmt(cx - 7)},${fmt(cy + 2)} ${fmt(cx - 1)},${fmt(cy + 2)} ${fmt(cx - 4)},${fmt(cy + 12)} ${fmt(cx + 7)},${fmt(cy - 3)} ${fmt(cx + 1)},${fmt(cy - 3)}" fill="${fill}"/>`;
    case "diamond":
      return `<polygon points="${fmt(cx)},${fmt(cy - 11)} ${fmt(cx + 9)},${fmt(cy)} ${fmt(cx)},${fmt(cy + 11)} ${fmt(cx - 9)},${fmt(cy)}" fill="${fill}"/>`;
    case "heart":
      return `<path d="M${fmt(cx)} ${fmt(cy + 9)} C${fmt(cx - 14)} ${fmt(cy - 1)} ${fmt(cx - 8)} ${fmt(cy - 13)} ${fmt(cx)} ${fmt(cy - 5)} C${fmt(cx + 8)} ${fmt(cy - 13)} ${fmt(cx + 14)} ${fmt(cy - 1)} ${fmt(cx)} ${fmt(cy + 9)}Z" fill="${fill}"/>`;
    case "ring":
      return `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="10" fill="none" stroke="${fill}" stroke-width="4"/>${star(cx, cy, 5, fill)}`;
    case "none":
      return "";
  }
}

function cape(spec: FigureSpec): string {
  const p = spec.palette;
  const f = spec.flutter * 14;
  const outer = `M-24 -142 C-52 -104 ${fmt(-70 + f)} -48 ${fmt(-82 + f)} -4 Q${fmt(-42 + f)} 8 ${fmt(f)} -6 Q${fmt(42 + f)} 8 ${fmt(82 + f)} -4 C${fmt(70 + f)} -48 52 -104 24 -142Z`;
  const inner = `M-20 -140 C-44 -104 ${fmt(-58 + f)} -50 ${fmt(-66 + f)} -6 Q${fmt(-34 + f)} 2 ${fmt(f)} -8 Q${fmt(34 + f)} 2 ${fmt(66 + f)} -6 C${fmt(58 + f)} -50 44 -104 20 -140Z`;
  return `<path d="${outer}" fill="${p.cape}"/><path d="${inner}" fill="${p.capeInner}" opacity="0.85"/>`;
}

function villainCollar(p: FigurePalette): string {
  return `<path d="M-26 -140 L-46 -206 L-18 -164 L0 -152 L18 -164 L46 -206 L26 -140Z" fill="${p.capeInner}" stroke="${p.cape}" stroke-width="3" stroke-linejoin="round"/>`;
}

function legs(spec: FigureSpec, legColor: string): string {
  const p = spec.palette;
  const spread = spec.pose === "victory" || spec.pose === "punch" ? 10 : spec.pose === "relaxed" ? 2 : 6;
  const leg = (side: -1 | 1) => {
    const hipX = side * 11;
    const footX = side * (12 + spread);
    const kneeX = (hipX + footX) / 2;
    return [
      `<line x1="${hipX}" y1="-82" x2="${footX}" y2="-8" stroke="${legColor}" stroke-width="19" stroke-linecap="round"/>`,
      `<line x1="${fmt(kneeX + side * 1.5)}" y1="-36" x2="${footX}" y2="-8" stroke="${p.boot}" stroke-width="20" stroke-linecap="round"/>`,
      `<ellipse cx="${footX + side * 5}" cy="-4" rx="14" ry="6" fill="${p.boot}"/>`,
    ].join("");
  };
  return leg(-1) + leg(1);
}

function arms(spec: FigureSpec, sleeve: string, shoulderX = 26, thickness = 14, handRadius = 8): string {
  const [first, second] = POSE_ARMS[spec.pose];
  const parts: string[] = [];
  for (const [side, angles] of [
    [-1, first],
    [1, second],
  ] as const) {
    const a = armPoints(side, angles, -134, shoulderX);
    parts.push(
      `<polyline points="${fmt(a.sx)},${fmt(a.sy)} ${fmt(a.ex)},${fmt(a.ey)} ${fmt(a.hx)},${fmt(a.hy)}" fill="none" stroke="${sleeve}" stroke-width="${thickness}" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<circle cx="${fmt(a.hx)}" cy="${fmt(a.hy)}" r="${handRadius}" fill="${spec.palette.glove}"/>`,
    );
  }
  return parts.join("");
}

function handPosition(spec: FigureSpec, side: -1 | 1, shoulderX = 26) {
  const [first, second] = POSE_ARMS[spec.pose];
  return armPoints(side, side === -1 ? first : second, -134, shoulderX);
}

function torso(spec: FigureSpec): string {
  const p = spec.palette;
  const body = `<path d="M-28 -144 Q0 -150 28 -144 L23 -94 L25 -78 L-25 -78 L-23 -94Z" fill="${p.suit}" stroke="${p.suit}" stroke-width="4" stroke-linejoin="round"/>`;
  const shade = `<path d="M6 -146 Q20 -147 28 -144 L23 -94 L25 -78 L8 -78Z" fill="${p.suitDark}" opacity="0.35"/>`;
  const belt = `<rect x="-24" y="-98" width="48" height="9" rx="3" fill="${p.accent}"/><rect x="-6" y="-99" width="12" height="11" rx="2" fill="${p.glove}" stroke="${INK}" stroke-width="1" opacity="0.95"/>`;
  const emblem = spec.emblem === "none" ? "" : `<circle cx="0" cy="-122" r="15" fill="${p.suitDark}" opacity="0.55"/>${emblemShape(spec.emblem, p.accent, 0, -122)}`;
  return body + shade + belt + emblem;
}

function face(spec: FigureSpec, cx: number, cy: number, big: boolean): string {
  const eyeR = big ? 4.6 : 2.8;
  const eyeY = cy - 2;
  const eyes = big
    ? [-8, 8]
        .map(
          (dx) =>
            `<ellipse cx="${cx + dx}" cy="${eyeY}" rx="${eyeR}" ry="${eyeR * 1.35}" fill="${INK}"/><circle cx="${cx + dx + 1.6}" cy="${eyeY - 2.4}" r="1.7" fill="#fff"/>`,
        )
        .join("")
    : spec.mask
      ? [-7.5, 7.5]
          .map((dx) => `<ellipse cx="${cx + dx}" cy="${eyeY}" rx="4.2" ry="3.2" fill="#fff"/><circle cx="${cx + dx}" cy="${eyeY}" r="1.8" fill="${INK}"/>`)
          .join("")
      : [-7, 7].map((dx) => `<ellipse cx="${cx + dx}" cy="${eyeY}" rx="${eyeR}" ry="${eyeR * 1.25}" fill="${INK}"/>`).join("");
  const mask = spec.mask
    ? `<path d="M${cx - 20} ${eyeY - 6} Q${cx} ${eyeY - 11} ${cx + 20} ${eyeY - 6} L${cx + 18} ${eyeY + 5} Q${cx + 9} ${eyeY + 8} ${cx + 3} ${eyeY + 2} Q${cx} ${eyeY} ${cx - 3} ${eyeY + 2} Q${cx - 9} ${eyeY + 8} ${cx - 18} ${eyeY + 5}Z" fill="${spec.palette.mask}"/>`
    : "";
  const brows =
    spec.costume === "villain"
      ? `<path d="M${cx - 13} ${eyeY - 9} L${cx - 3} ${eyeY - 5} M${cx + 13} ${eyeY - 9} L${cx + 3} ${eyeY - 5}" stroke="${INK}" stroke-width="2.4" stroke-linecap="round"/>`
      : "";
  const smile =
    spec.costume === "villain"
      ? `<path d="M${cx - 8} ${cy + 8} Q${cx} ${cy + 14} ${cx + 8} ${cy + 7}" stroke="${INK}" stroke-width="2.2" fill="none" stroke-linecap="round"/>`
      : `<path d="M${cx - 7} ${cy + 8} Q${cx} ${cy + 14} ${cx + 7} ${cy + 8}" stroke="${INK}" stroke-width="2.2" fill="none" stroke-linecap="round"/>`;
  const blush = `<circle cx="${cx - 12}" cy="${cy + 5}" r="3.5" fill="#ff7a8a" opacity="0.35"/><circle cx="${cx + 12}" cy="${cy + 5}" r="3.5" fill="#ff7a8a" opacity="0.35"/>`;
  return mask + eyes + brows + smile + blush;
}

function hairBack(spec: FigureSpec): string {
  const h = spec.palette.hair;
  switch (spec.hairStyle) {
    case "long":
      return `<path d="M-23 -172 Q-30 -140 -26 -128 L26 -128 Q30 -140 23 -172Z" fill="${h}"/>`;
    case "spiky":
      return `<polygon points="-24,-176 -40,-150 -22,-158 -30,-132 -12,-150 0,-140 12,-150 30,-132 22,-158 40,-150 24,-176" fill="${h}"/>`;
    default:
      return "";
  }
}

function hairFront(spec: FigureSpec): string {
  const h = spec.palette.hair;
  switch (spec.hairStyle) {
    case "short":
      return `<path d="M-21 -172 Q-20 -192 0 -192 Q20 -192 21 -172 Q10 -182 -2 -178 Q-12 -182 -21 -172Z" fill="${h}"/>`;
    case "swoop":
      return `<path d="M-21 -170 Q-22 -194 2 -193 Q24 -192 21 -172 Q4 -186 -14 -168Z" fill="${h}"/>`;
    case "bun":
      return `<circle cx="0" cy="-196" r="10" fill="${h}"/><path d="M-21 -172 Q-20 -192 0 -192 Q20 -192 21 -172 Q0 -184 -21 -172Z" fill="${h}"/>`;
    case "long":
      return `<path d="M-22 -168 Q-22 -194 0 -193 Q22 -194 22 -168 Q12 -184 0 -180 Q-12 -184 -22 -168Z" fill="${h}"/>`;
    case "spiky":
      return `<polygon points="-24,-170 -34,-196 -14,-186 -10,-214 2,-190 14,-212 16,-186 34,-198 24,-170 12,-180 0,-174 -12,-180" fill="${h}"/>`;
  }
}

function head(spec: FigureSpec): string {
  const p = spec.palette;
  const parts: string[] = [`<rect x="-7" y="-154" width="14" height="14" fill="${p.skin}"/>`];
  parts.push(hairBack(spec));
  parts.push(`<circle cx="0" cy="-168" r="21" fill="${p.skin}"/>`);
  if (spec.costume === "scifi") {
    parts.push(face(spec, 0, -166, false));
    parts.push(
      `<circle cx="0" cy="-168" r="29" fill="#bfefff" opacity="0.35" stroke="#e8fbff" stroke-width="3"/>`,
      `<path d="M-18 -186 Q-8 -194 4 -192" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.8"/>`,
      `<line x1="16" y1="-192" x2="24" y2="-214" stroke="${p.accent}" stroke-width="3"/><circle cx="24" cy="-216" r="4.5" fill="${p.glove}"/>`,
      `<rect x="-22" y="-144" width="44" height="8" rx="4" fill="${p.accent}"/>`,
    );
    return parts.join("");
  }
  if (spec.costume === "knight") {
    parts.push(face(spec, 0, -164, false));
    parts.push(
      `<path d="M-23 -166 Q-24 -196 0 -196 Q24 -196 23 -166 L16 -172 L-16 -172Z" fill="#c9d2de" stroke="#8a96a8" stroke-width="2"/>`,
      `<path d="M0 -196 Q18 -226 40 -214 Q20 -208 8 -194Z" fill="${p.cape}"/>`,
      `<rect x="-2" y="-196" width="4" height="24" fill="#8a96a8"/>`,
    );
    return parts.join("");
  }
  parts.push(hairFront(spec));
  if (spec.costume === "caped" && spec.mask && spec.hairStyle === "short") {
    // A cowl instead of hair for some heroes: top of the head in the suit colour with a centre crest.
    parts.push(`<path d="M-22 -166 Q-23 -191 0 -191 Q23 -191 22 -166 Q0 -176 -22 -166Z" fill="${p.suit}"/><path d="M0 -191 L-3 -200 L0 -206 L3 -200Z" fill="${p.accent}"/>`);
  }
  parts.push(face(spec, 0, -166, spec.costume === "anime"));
  if (spec.costume === "villain") {
    parts.push(
      `<path d="M-14 -184 Q-30 -200 -24 -220 Q-18 -202 -6 -190Z" fill="${p.accent}" stroke="${INK}" stroke-width="1.5" stroke-linejoin="round"/>`,
      `<path d="M14 -184 Q30 -200 24 -220 Q18 -202 6 -190Z" fill="${p.accent}" stroke="${INK}" stroke-width="1.5" stroke-linejoin="round"/>`,
    );
  }
  if (spec.costume === "wizard") {
    parts.push(
      `<path d="M-30 -184 Q0 -178 30 -184 Q6 -196 8 -232 Q12 -244 22 -246 Q-2 -248 -14 -196Z" fill="${p.cape}"/>`,
      `<ellipse cx="0" cy="-184" rx="32" ry="6" fill="${p.capeInner}"/>`,
      star(-2, -208, 6, p.accent),
      star(10, -226, 4, "#fff6b0"),
    );
  }
  if (spec.costume === "anime" && spec.emblem !== "none") {
    parts.push(star(-18, -186, 6, p.accent));
  }
  return parts.join("");
}

function mascot(spec: FigureSpec, furry: boolean): string {
  const p = spec.palette;
  const parts: string[] = [];
  if (furry) {
    parts.push(`<path d="M18 -60 Q60 -70 56 -110 Q70 -70 30 -46Z" fill="${p.suit}" stroke="${p.suitDark}" stroke-width="3"/>`);
    parts.push(`<path d="M50 -100 Q60 -110 56 -112 Q62 -98 54 -94Z" fill="#fff"/>`);
  }
  parts.push(legs(spec, p.suit));
  parts.push(arms(spec, p.suit, 30, 18, 10));
  parts.push(`<ellipse cx="0" cy="-96" rx="38" ry="50" fill="${p.suit}"/>`);
  parts.push(`<ellipse cx="0" cy="-88" rx="24" ry="32" fill="${p.accent}" opacity="0.55"/>`);
  if (spec.emblem !== "none") parts.push(star(0, -96, 10, "#fff6b0"));
  // Head: big and round with ears, the way a walk-around costume looks.
  if (furry) {
    parts.push(
      `<polygon points="-30,-178 -38,-224 -8,-196" fill="${p.suit}"/><polygon points="-28,-184 -33,-212 -14,-196" fill="${p.accent}"/>`,
      `<polygon points="30,-178 38,-224 8,-196" fill="${p.suit}"/><polygon points="28,-184 33,-212 14,-196" fill="${p.accent}"/>`,
    );
  } else {
    parts.push(
      `<circle cx="-28" cy="-198" r="14" fill="${p.suit}"/><circle cx="-28" cy="-198" r="7" fill="${p.accent}"/>`,
      `<circle cx="28" cy="-198" r="14" fill="${p.suit}"/><circle cx="28" cy="-198" r="7" fill="${p.accent}"/>`,
    );
  }
  parts.push(`<circle cx="0" cy="-168" r="36" fill="${p.suit}"/>`);
  parts.push(`<ellipse cx="0" cy="-156" rx="20" ry="15" fill="#fff7ea"/>`);
  parts.push(`<ellipse cx="0" cy="-162" rx="6" ry="4.5" fill="${INK}"/>`);
  parts.push(`<path d="M-8 -152 Q0 -145 8 -152" stroke="${INK}" stroke-width="2.5" fill="none" stroke-linecap="round"/>`);
  for (const dx of [-13, 13]) {
    parts.push(`<ellipse cx="${dx}" cy="-178" rx="7" ry="9" fill="#fff"/><circle cx="${dx + 1}" cy="-177" r="4" fill="${INK}"/><circle cx="${dx + 2.5}" cy="-179" r="1.4" fill="#fff"/>`);
  }
  return parts.join("");
}

function robe(spec: FigureSpec): string {
  const p = spec.palette;
  return [
    `<ellipse cx="-10" cy="-4" rx="12" ry="6" fill="${p.boot}"/><ellipse cx="10" cy="-4" rx="12" ry="6" fill="${p.boot}"/>`,
    `<path d="M-27 -144 Q0 -150 27 -144 L44 -8 Q0 2 -44 -8Z" fill="${p.suit}"/>`,
    `<path d="M6 -146 Q20 -147 27 -144 L44 -8 Q24 -4 14 -6Z" fill="${p.suitDark}" opacity="0.35"/>`,
    `<path d="M-44 -8 Q0 2 44 -8 L42 -20 Q0 -10 -42 -20Z" fill="${p.accent}"/>`,
    `<rect x="-26" y="-100" width="52" height="7" rx="3" fill="${p.accent}"/>`,
    star(-14, -60, 5, "#fff6b0", 'opacity="0.8"'),
    star(16, -40, 4, "#fff6b0", 'opacity="0.8"'),
    star(0, -124, 7, p.accent),
  ].join("");
}

function staff(spec: FigureSpec): string {
  const hand = handPosition(spec, 1);
  const top = { x: hand.hx + 6, y: hand.hy - 44 };
  const bottom = { x: hand.hx - 4, y: Math.min(hand.hy + 60, -2) };
  return [
    `<line x1="${fmt(bottom.x)}" y1="${fmt(bottom.y)}" x2="${fmt(top.x)}" y2="${fmt(top.y)}" stroke="#8a5a2b" stroke-width="5" stroke-linecap="round"/>`,
    `<circle cx="${fmt(top.x)}" cy="${fmt(top.y)}" r="14" fill="#fff6b0" opacity="0.35"/>`,
    `<polygon points="${starPoints(top.x, top.y, 10, 4.5)}" fill="#ffe066"/>`,
  ].join("");
}

function shield(spec: FigureSpec): string {
  const hand = handPosition(spec, -1);
  const p = spec.palette;
  return `<g transform="translate(${fmt(hand.hx)} ${fmt(hand.hy)})"><path d="M-18 -22 L18 -22 L18 0 Q18 18 0 28 Q-18 18 -18 0Z" fill="${p.cape}" stroke="#c9d2de" stroke-width="4"/>${star(0, 0, 9, p.accent)}</g>`;
}

function armor(spec: FigureSpec): string {
  return [
    `<path d="M-22 -140 Q0 -144 22 -140 L18 -100 Q0 -94 -18 -100Z" fill="#c9d2de" stroke="#8a96a8" stroke-width="2"/>`,
    `<ellipse cx="-27" cy="-138" rx="11" ry="8" fill="#c9d2de" stroke="#8a96a8" stroke-width="2"/>`,
    `<ellipse cx="27" cy="-138" rx="11" ry="8" fill="#c9d2de" stroke="#8a96a8" stroke-width="2"/>`,
    star(0, -120, 8, spec.palette.accent),
  ].join("");
}

/** Returns an SVG group of the figure, standing with its feet on (0, 0). */
export function drawFigure(spec: FigureSpec): string {
  const p = spec.palette;
  const parts: string[] = [];
  const hasCape = spec.costume === "caped" || spec.costume === "villain" || spec.costume === "knight";
  if (spec.costume === "mascot" || spec.costume === "furry") {
    parts.push(mascot(spec, spec.costume === "furry"));
  } else {
    if (hasCape) parts.push(cape(spec));
    if (spec.costume === "villain") parts.push(villainCollar(p));
    if (spec.costume === "wizard") {
      parts.push(robe(spec));
      parts.push(arms(spec, p.suit, 26, 15));
      parts.push(staff(spec));
    } else {
      parts.push(legs(spec, spec.costume === "anime" ? p.suitDark : p.suit));
      parts.push(torso(spec));
      if (spec.costume === "anime") {
        // A short skirt or jacket hem sets anime-style outfits apart from the suits.
        parts.push(`<path d="M-25 -90 L25 -90 L34 -62 L-34 -62Z" fill="${p.cape}"/><path d="M-14 -144 L0 -120 L14 -144Z" fill="#fff"/>`);
      }
      if (spec.costume === "knight") parts.push(armor(spec));
      if (spec.costume === "scifi") parts.push(`<path d="M-24 -118 L24 -118 M-22 -108 L22 -108" stroke="${p.accent}" stroke-width="3"/>`);
      parts.push(arms(spec, p.suit));
      if (spec.costume === "knight") parts.push(shield(spec));
    }
    parts.push(head(spec));
  }
  const flip = spec.flip ? ` scale(-1 1)` : "";
  return `<g transform="translate(0 0)${flip}">${parts.join("")}</g>`;
}

/** Places a figure: x and groundY in scene units, height in scene units for a 200-unit figure. */
export function placeFigure(spec: FigureSpec, x: number, groundY: number, height: number): string {
  const scale = height / 200;
  return `<g transform="translate(${fmt(x)} ${fmt(groundY)}) scale(${scale.toFixed(3)})">${drawFigure(spec)}</g>`;
}

export const ALL_COSTUMES = COSTUMES;
