import { confetti, halftone, linearGradient, starField, sunburst } from "./backdrops";
import { INK } from "./color";
import { type Costume, type FigurePalette, type FigureSpec, type Pose, placeFigure, randomFigure } from "./figure";
import { createRandom, type Random } from "./random";
import { fmt, sparkle, star, svgDocument } from "./shapes";

// The pictures of the tiles in parents' words (app/lib/parent-tiles.ts): one small 3:2 scene per
// party theme, drawn from the same figures and backdrops as the rest of the site's art (no stock
// photos, no trademarked characters). Seeds are constants, so regenerating gives the same pictures.

export const TILE_WIDTH = 480;
export const TILE_HEIGHT = 320;

function figure(random: Random, costume: Costume, pose: Pose, x: number, groundY: number, height: number, change: (spec: FigureSpec) => void = () => undefined): string {
  const spec: FigureSpec = { ...randomFigure(random, costume), pose };
  change(spec);
  const shadow = `<ellipse cx="${fmt(x)}" cy="${fmt(groundY + 3)}" rx="${fmt(height * 0.28)}" ry="${fmt(height * 0.035)}" fill="#000" opacity="0.2"/>`;
  return shadow + placeFigure(spec, x, groundY, height);
}

function face(cx: number, cy: number, skin: string): string {
  return [
    `<circle cx="${cx}" cy="${cy}" r="21" fill="${skin}"/>`,
    `<ellipse cx="${cx - 7}" cy="${cy - 2}" rx="2.8" ry="3.5" fill="${INK}"/><ellipse cx="${cx + 7}" cy="${cy - 2}" rx="2.8" ry="3.5" fill="${INK}"/>`,
    `<path d="M${cx - 7} ${cy + 8} Q${cx} ${cy + 14} ${cx + 7} ${cy + 8}" stroke="${INK}" stroke-width="2.2" fill="none" stroke-linecap="round"/>`,
    `<circle cx="${cx - 12}" cy="${cy + 5}" r="3.5" fill="#ff7a8a" opacity="0.35"/><circle cx="${cx + 12}" cy="${cy + 5}" r="3.5" fill="#ff7a8a" opacity="0.35"/>`,
  ].join("");
}

/** A princess in a ball gown and tiara, feet on (0, 0) like the site's figures. */
function princess(gown: string, gownDark: string, hair: string, skin: string): string {
  return [
    `<path d="M-24 -176 Q-36 -128 -30 -104 L30 -104 Q36 -128 24 -176Z" fill="${hair}"/>`,
    `<path d="M-20 -100 Q-42 -58 -66 -4 Q0 8 66 -4 Q42 -58 20 -100Z" fill="${gown}"/>`,
    `<path d="M8 -100 Q30 -60 66 -4 Q44 2 26 2 Q26 -50 4 -100Z" fill="${gownDark}" opacity="0.45"/>`,
    `<path d="M-66 -4 Q-44 -16 -22 -4 Q0 -16 22 -4 Q44 -16 66 -4 Q0 10 -66 -4Z" fill="#ffffff" opacity="0.55"/>`,
    `<path d="M-20 -144 Q0 -150 20 -144 L17 -98 L-17 -98Z" fill="${gown}"/>`,
    `<circle cx="-23" cy="-138" r="10" fill="${gownDark}"/><circle cx="23" cy="-138" r="10" fill="${gownDark}"/>`,
    // One hand waves, the other holds the skirt.
    `<polyline points="-27,-132 -40,-112 -34,-94" fill="none" stroke="${skin}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<polyline points="27,-132 48,-150 52,-176" fill="none" stroke="${skin}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<rect x="-6" y="-154" width="12" height="12" fill="${skin}"/>`,
    face(0, -168, skin),
    `<path d="M-22 -168 Q-22 -194 0 -193 Q22 -194 22 -168 Q12 -184 0 -180 Q-12 -184 -22 -168Z" fill="${hair}"/>`,
    `<polygon points="-13,-188 -11,-202 -4,-193 0,-206 4,-193 11,-202 13,-188" fill="#ffd34d" stroke="#e0a800" stroke-width="1.5" stroke-linejoin="round"/>`,
    `<circle cx="0" cy="-199" r="2.4" fill="#ff5fa2"/>`,
  ].join("");
}

/** Santa Claus in a red suit with a white beard and a hat, feet on (0, 0). */
function santa(skin: string): string {
  const red = "#d62839";
  return [
    `<ellipse cx="-14" cy="-5" rx="14" ry="7" fill="${INK}"/><ellipse cx="14" cy="-5" rx="14" ry="7" fill="${INK}"/>`,
    `<rect x="-24" y="-50" width="18" height="44" rx="6" fill="${red}"/><rect x="6" y="-50" width="18" height="44" rx="6" fill="${red}"/>`,
    `<ellipse cx="0" cy="-92" rx="44" ry="52" fill="${red}"/>`,
    `<rect x="-4" y="-144" width="8" height="96" fill="#ffffff" opacity="0.9"/>`,
    `<rect x="-44" y="-74" width="88" height="12" fill="${INK}"/><rect x="-9" y="-77" width="18" height="18" rx="3" fill="none" stroke="#ffd34d" stroke-width="4"/>`,
    `<polyline points="-38,-126 -58,-100 -52,-80" fill="none" stroke="${red}" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/><circle cx="-52" cy="-78" r="9" fill="${INK}"/>`,
    `<polyline points="38,-126 60,-146 66,-170" fill="none" stroke="${red}" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/><circle cx="66" cy="-173" r="9" fill="${INK}"/>`,
    face(0, -168, skin),
    `<path d="M-22 -166 Q-26 -128 0 -120 Q26 -128 22 -166 Q12 -152 0 -156 Q-12 -152 -22 -166Z" fill="#ffffff"/>`,
    `<path d="M-8 -157 Q0 -162 8 -157" stroke="#ffffff" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    `<path d="M-24 -178 Q-10 -214 20 -214 Q40 -212 44 -192 Q30 -202 20 -196 Q22 -186 24 -178Z" fill="${red}"/>`,
    `<rect x="-26" y="-184" width="52" height="11" rx="5.5" fill="#ffffff"/><circle cx="46" cy="-190" r="8" fill="#ffffff"/>`,
  ].join("");
}

function snowman(): string {
  return [
    `<circle cx="0" cy="-34" r="36" fill="#ffffff"/><circle cx="0" cy="-92" r="27" fill="#ffffff"/><circle cx="0" cy="-136" r="20" fill="#ffffff"/>`,
    `<rect x="-18" y="-158" width="36" height="5" fill="${INK}"/><rect x="-12" y="-182" width="24" height="26" fill="${INK}"/>`,
    `<circle cx="-7" cy="-140" r="2.6" fill="${INK}"/><circle cx="7" cy="-140" r="2.6" fill="${INK}"/>`,
    `<polygon points="0,-134 20,-130 0,-128" fill="#ff8a1f"/>`,
    `<path d="M-22 -118 Q0 -108 22 -118 L22 -110 Q0 -100 -22 -110Z" fill="#2a9d8f"/><rect x="10" y="-112" width="8" height="26" fill="#2a9d8f"/>`,
    `<circle cx="0" cy="-98" r="3" fill="${INK}"/><circle cx="0" cy="-84" r="3" fill="${INK}"/><circle cx="0" cy="-40" r="3" fill="${INK}"/>`,
  ].join("");
}

function tree(): string {
  return [
    `<rect x="-8" y="-26" width="16" height="26" fill="#7a4a22"/>`,
    `<polygon points="-60,-24 0,-96 60,-24" fill="#1f7a4d"/><polygon points="-48,-70 0,-136 48,-70" fill="#23895a"/><polygon points="-34,-112 0,-168 34,-112" fill="#2a9d64"/>`,
    star(0, -172, 14, "#ffd34d"),
    ...[
      [-30, -40, "#e63946"],
      [24, -50, "#ffd34d"],
      [-12, -88, "#4cc9f0"],
      [18, -100, "#e63946"],
      [-6, -136, "#ffd34d"],
    ].map(([x, y, c]) => `<circle cx="${x}" cy="${y}" r="5" fill="${c}"/>`),
  ].join("");
}

function gift(x: number, y: number, size: number, box: string, ribbon: string): string {
  const half = size / 2;
  return [
    `<rect x="${fmt(x - half)}" y="${fmt(y - size)}" width="${fmt(size)}" height="${fmt(size)}" rx="3" fill="${box}"/>`,
    `<rect x="${fmt(x - 3)}" y="${fmt(y - size)}" width="6" height="${fmt(size)}" fill="${ribbon}"/><rect x="${fmt(x - half)}" y="${fmt(y - half - 3)}" width="${fmt(size)}" height="6" fill="${ribbon}"/>`,
    `<path d="M${fmt(x)} ${fmt(y - size)} q-12 -12 -14 0 q2 6 14 0 q12 -12 14 0 q-2 6 -14 0" fill="${ribbon}"/>`,
  ].join("");
}

/** A friendly dinosaur standing on (0, 0), facing right. */
function dinosaur(): string {
  const body = "#43aa8b";
  const belly = "#b8f2e6";
  return [
    `<path d="M-40 -56 Q-110 -50 -150 -20 Q-100 -40 -44 -30Z" fill="${body}"/>`,
    ...[-110, -86, -62, -38, -14, 10].map((x, i) => `<polygon points="${x - 9},${-52 - i * 5} ${x},${-72 - i * 6} ${x + 9},${-54 - i * 5}" fill="#f9844a"/>`),
    `<ellipse cx="-10" cy="-58" rx="52" ry="40" fill="${body}"/>`,
    `<ellipse cx="0" cy="-48" rx="30" ry="24" fill="${belly}"/>`,
    `<rect x="-36" y="-30" width="20" height="30" rx="8" fill="${body}"/><rect x="8" y="-30" width="20" height="30" rx="8" fill="${body}"/>`,
    `<path d="M22 -80 Q34 -128 50 -140 L70 -122 Q52 -108 44 -74Z" fill="${body}"/>`,
    `<ellipse cx="66" cy="-138" rx="30" ry="22" fill="${body}"/>`,
    `<circle cx="70" cy="-146" r="7" fill="#ffffff"/><circle cx="72" cy="-146" r="3.6" fill="${INK}"/>`,
    `<path d="M76 -128 Q86 -122 94 -130" stroke="${INK}" stroke-width="2.4" fill="none" stroke-linecap="round"/>`,
    `<circle cx="88" cy="-140" r="1.8" fill="${INK}"/>`,
    `<polyline points="36,-64 50,-56 56,-62" fill="none" stroke="${body}" stroke-width="8" stroke-linecap="round"/>`,
  ].join("");
}

function ship(): string {
  return [
    `<path d="M-90 -30 L90 -30 L70 10 L-70 10Z" fill="#7a4a22"/><rect x="-90" y="-36" width="180" height="8" fill="#5a3418"/>`,
    ...[-50, -10, 30].map((x) => `<circle cx="${x}" cy="-12" r="6" fill="#3d2410"/>`),
    `<rect x="-4" y="-180" width="8" height="150" fill="#5a3418"/>`,
    `<path d="M-70 -160 Q0 -150 70 -160 Q78 -110 70 -60 Q0 -70 -70 -60 Q-62 -110 -70 -160Z" fill="#fdf6e3"/>`,
    `<path d="M-68 -120 Q0 -110 68 -120 L70 -100 Q0 -90 -70 -100Z" fill="#e63946"/>`,
    `<path d="M4 -180 L44 -170 L4 -160Z" fill="${INK}"/>`,
  ].join("");
}

function mermaidTail(): string {
  const tail = "#2ec4b6";
  return [
    `<path d="M-40 0 Q-50 -60 -10 -110 Q10 -130 20 -150 Q28 -128 14 -100 Q-10 -60 10 0Z" fill="${tail}"/>`,
    `<path d="M20 -150 Q-10 -196 -46 -190 Q-20 -172 12 -150 Q40 -190 80 -184 Q50 -168 24 -146Z" fill="#3a86ff"/>`,
    ...[
      [-22, -40],
      [-14, -70],
      [-4, -96],
    ].map(([x, y]) => `<path d="M${x - 8} ${y} q8 -8 16 0" stroke="#cbf3f0" stroke-width="3" fill="none" stroke-linecap="round"/>`),
  ].join("");
}

function bat(x: number, y: number, size: number): string {
  const s = size / 40;
  return `<path transform="translate(${fmt(x)} ${fmt(y)}) scale(${s.toFixed(3)})" d="M0 -6 Q-8 -16 -14 -6 Q-24 -20 -40 -14 Q-30 -6 -32 6 Q-22 -2 -14 6 Q-8 -2 0 8 Q8 -2 14 6 Q22 -2 32 6 Q30 -6 40 -14 Q24 -20 14 -6 Q8 -16 0 -6Z" fill="#120a24"/>`;
}

function place(x: number, y: number, scale: number, art: string): string {
  return `<g transform="translate(${fmt(x)} ${fmt(y)}) scale(${scale.toFixed(3)})">${art}</g>`;
}

type Scene = () => [defs: string, body: string];

const SCENES: Record<string, Scene> = {
  princesses: () => {
    const random = createRandom(701);
    const defs = linearGradient("t-pr-sky", "#ffd6e8", "#c8b6ff");
    const castle = "#f3e8ff";
    const towers = [
      [300, 120, 34],
      [360, 90, 40],
      [420, 126, 34],
    ]
      .map(
        ([x, top, w]) =>
          `<rect x="${x - w / 2}" y="${top}" width="${w}" height="${240 - top}" fill="${castle}"/><polygon points="${x - w / 2 - 6},${top} ${x},${top - 46} ${x + w / 2 + 6},${top}" fill="#b388eb"/><path d="M${x} ${top - 46} v-16 l14 5 l-14 5" fill="#ff5fa2" stroke="#b388eb" stroke-width="1.5"/>`,
      )
      .join("");
    const body = [
      `<rect width="480" height="320" fill="url(#t-pr-sky)"/>`,
      ...[
        [60, 50, 12],
        [140, 30, 8],
        [240, 60, 10],
        [450, 40, 9],
      ].map(([x, y, s]) => sparkle(x, y, s, "#ffffff", 0.9)),
      `<rect x="300" y="150" width="120" height="100" fill="${castle}"/>`,
      towers,
      `<path d="M344 250 v-34 a16 16 0 0 1 32 0 v34Z" fill="#b388eb"/>`,
      `<path d="M0 260 Q160 226 320 250 Q420 262 480 244 V320 H0Z" fill="#7bd389"/>`,
      place(170, 296, 1.28, princess("#ff7eb9", "#e0559a", "#7a4a22", random.pick(["#f1c27d", "#c68642", "#f9d7c0", "#8d5524"]))),
    ].join("");
    return [defs, body];
  },
  superheroes: () => {
    const random = createRandom(702);
    const dots = halftone("t-sh-dots", "#ffffff", 16, 3);
    const defs = linearGradient("t-sh-bg", "#ffcf3f", "#ff5a5f", false) + dots.defs;
    const body = [
      `<rect width="480" height="320" fill="url(#t-sh-bg)"/>`,
      sunburst(240, 150, 520, 16, "#ffffff", 0.22, 0.15),
      `<rect width="480" height="320" fill="${dots.fill}" opacity="0.2"/>`,
      figure(random, "caped", "victory", 160, 300, 250, (s) => (s.flip = false)),
      figure(random, "caped", "hips", 340, 300, 236),
    ].join("");
    return [defs, body];
  },
  mascots: () => {
    const random = createRandom(703);
    const defs = linearGradient("t-ma-bg", "#3a2d7a", "#1b1440");
    const body = [
      `<rect width="480" height="320" fill="url(#t-ma-bg)"/>`,
      `<polygon points="120,0 170,0 260,320 40,320" fill="#fff6c9" opacity="0.14"/><polygon points="320,0 370,0 450,320 240,320" fill="#fff6c9" opacity="0.14"/>`,
      `<path d="M0 0 H70 Q48 160 78 320 H0Z" fill="#b3263a"/><path d="M480 0 H410 Q432 160 402 320 H480Z" fill="#b3263a"/>`,
      `<rect y="284" width="480" height="36" fill="#5a3a22"/><rect y="280" width="480" height="6" fill="#7a5232"/>`,
      confetti(random, 480, 260, 40),
      figure(random, "mascot", "wave", 180, 296, 240),
      figure(random, "mascot", "victory", 330, 296, 210),
    ].join("");
    return [defs, body];
  },
  "santa-holidays": () => {
    const random = createRandom(704);
    const defs = linearGradient("t-sa-sky", "#16325c", "#3f6fb5");
    const snow = Array.from({ length: 46 }, () => `<circle cx="${fmt(random.range(0, 480))}" cy="${fmt(random.range(0, 250))}" r="${fmt(random.range(1.5, 4))}" fill="#ffffff" opacity="${random.range(0.5, 0.95).toFixed(2)}"/>`).join("");
    const body = [
      `<rect width="480" height="320" fill="url(#t-sa-sky)"/>`,
      snow,
      `<path d="M0 262 Q240 236 480 262 V320 H0Z" fill="#eef6ff"/>`,
      place(400, 282, 1.05, tree()),
      place(300, 290, 0.9, snowman()),
      place(150, 300, 1.05, santa(random.pick(["#f9d7c0", "#f1c27d", "#c68642"]))),
      gift(232, 296, 30, "#e63946", "#ffd34d"),
      gift(60, 300, 26, "#2a9d8f", "#ffffff"),
    ].join("");
    return [defs, body];
  },
  "pirates-mermaids": () => {
    const defs = linearGradient("t-pm-sky", "#9be7ff", "#e0fbff") + linearGradient("t-pm-sea", "#1e96c8", "#0a4f7a");
    const waves = (y: number, color: string, offset: number) =>
      `<path d="M0 ${y} ${Array.from({ length: 9 }, (_, i) => `Q${i * 60 + 30 + offset} ${y - 12} ${i * 60 + 60 + offset} ${y}`).join(" ")} V320 H0Z" fill="${color}"/>`;
    const body = [
      `<rect width="480" height="320" fill="url(#t-pm-sky)"/>`,
      `<circle cx="80" cy="70" r="36" fill="#ffd34d"/>`,
      `<rect y="190" width="480" height="130" fill="url(#t-pm-sea)"/>`,
      place(330, 206, 0.95, ship()),
      waves(214, "#1e96c8", 0),
      place(130, 292, 1.0, mermaidTail()),
      waves(262, "#0f6fa3", -30),
      ...[
        [80, 150],
        [176, 136],
        [196, 160],
      ].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="#ffffff" opacity="0.85"/>`),
    ].join("");
    return [defs, body];
  },
  "dinosaurs-animals": () => {
    const random = createRandom(706);
    const defs = linearGradient("t-da-sky", "#bde0fe", "#fefae0");
    const body = [
      `<rect width="480" height="320" fill="url(#t-da-sky)"/>`,
      `<circle cx="400" cy="60" r="30" fill="#ffd34d"/>`,
      `<path d="M0 230 Q120 180 260 222 Q380 256 480 214 V320 H0Z" fill="#95d5b2"/><path d="M0 280 Q200 250 480 276 V320 H0Z" fill="#74c69d"/>`,
      place(190, 292, 1.3, dinosaur()),
      figure(random, "mascot", "wave", 390, 296, 200, (s) => {
        const brown: Partial<FigurePalette> = { suit: "#9c6644", suitDark: "#7f5539", accent: "#ddb892" };
        s.palette = { ...s.palette, ...brown };
        s.emblem = "none";
      }),
    ].join("");
    return [defs, body];
  },
  "anime-cosplay": () => {
    const random = createRandom(707);
    const defs = linearGradient("t-an-bg", "#ff9ecf", "#7b61ff", false);
    const petals = Array.from({ length: 26 }, () => {
      const x = random.range(0, 480);
      const y = random.range(0, 300);
      return `<ellipse cx="${fmt(x)}" cy="${fmt(y)}" rx="6" ry="3.4" transform="rotate(${random.int(0, 180)} ${fmt(x)} ${fmt(y)})" fill="#ffe0f0" opacity="0.85"/>`;
    }).join("");
    const body = [
      `<rect width="480" height="320" fill="url(#t-an-bg)"/>`,
      sunburst(240, 160, 520, 20, "#ffffff", 0.1),
      starField(random, 480, 320, 20, 200),
      petals,
      figure(random, "anime", "victory", 170, 300, 240),
      figure(random, "anime", "point", 330, 300, 226, (s) => (s.flip = true)),
    ].join("");
    return [defs, body];
  },
  villains: () => {
    const random = createRandom(708);
    const defs = linearGradient("t-vi-bg", "#2b0f4c", "#5c1a5c");
    const body = [
      `<rect width="480" height="320" fill="url(#t-vi-bg)"/>`,
      starField(random, 480, 320, 30, 180),
      `<circle cx="380" cy="80" r="46" fill="#f7e7a6"/><circle cx="398" cy="70" r="42" fill="#2b0f4c" opacity="0.35"/>`,
      `<polygon points="70,20 40,110 66,110 48,180 104,84 76,84 96,20" fill="#ffd34d" opacity="0.9"/>`,
      bat(300, 60, 44),
      bat(440, 150, 30),
      bat(150, 40, 30),
      `<path d="M0 280 Q240 262 480 280 V320 H0Z" fill="#1a0933"/>`,
      figure(random, "villain", "hips", 240, 298, 260),
    ].join("");
    return [defs, body];
  },
};

export const TILE_SCENES = Object.keys(SCENES);

/** Tile `id`'s picture, drawn in a 480x320 space and rendered at `width`. */
export function tileSvg(id: string, width = TILE_WIDTH): string {
  const draw = SCENES[id];
  if (!draw) throw new Error(`No tile picture "${id}"`);
  const [defs, body] = draw();
  return svgDocument(width, Math.round((width * TILE_HEIGHT) / TILE_WIDTH), TILE_WIDTH, TILE_HEIGHT, body, defs);
}
