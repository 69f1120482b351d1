import { confetti, halftone, linearGradient, skyline, starField, sunburst } from "./backdrops";
import { hsl } from "./color";
import { type Costume, type FigureSpec, type Pose, placeFigure, randomFigure } from "./figure";
import { performerPortraitSvg } from "./portraits";
import { createRandom } from "./random";
import { sparkle, star, svgDocument } from "./shapes";

// The fixed, committed artwork: home page banners, the no-photo placeholder, sample profiles and
// the social-share card. Seeds are constants so regenerating gives the same pictures.

export const HERO_WIDTH = 1600;
export const HERO_HEIGHT = 600;

interface Cast {
  costume: Costume;
  pose: Pose;
  x: number;
  height: number;
  flip?: boolean;
}

function cast(seed: number, members: Cast[], groundY: number): string {
  const random = createRandom(seed);
  return members
    .map((m) => {
      const spec: FigureSpec = { ...randomFigure(random, m.costume), pose: m.pose };
      if (m.flip !== undefined) spec.flip = m.flip;
      return `<ellipse cx="${m.x}" cy="${groundY + 4}" rx="${m.height * 0.3}" ry="${m.height * 0.03}" fill="#000" opacity="0.22"/>` + placeFigure(spec, m.x, groundY, m.height);
    })
    .join("");
}

function heroRooftops(): [string, string] {
  const random = createRandom(101);
  const defs = linearGradient("h1-sky", "#3b1d6e", "#f08a5d");
  const body = [
    `<rect width="1600" height="600" fill="url(#h1-sky)"/>`,
    starField(random, 1600, 600, 70, 260),
    `<circle cx="1320" cy="130" r="70" fill="#fff1c1" opacity="0.95"/>`,
    skyline(random, 1600, 600, 330, "#2a1846", "#ffd36e"),
    `<rect x="0" y="520" width="1600" height="80" fill="#1c1030"/>`,
    cast(11, [
      { costume: "caped", pose: "victory", x: 260, height: 400 },
      { costume: "anime", pose: "point", x: 560, height: 360, flip: false },
      { costume: "caped", pose: "hips", x: 1040, height: 410 },
      { costume: "scifi", pose: "wave", x: 1330, height: 370 },
    ], 545),
  ].join("");
  return [defs, body];
}

function heroStage(): [string, string] {
  const random = createRandom(202);
  const defs = linearGradient("h2-bg", "#1d2b64", "#0b1030");
  const body = [
    `<rect width="1600" height="600" fill="url(#h2-bg)"/>`,
    `<polygon points="330,0 420,0 620,600 130,600" fill="#fff6c9" opacity="0.13"/>`,
    `<polygon points="1180,0 1270,0 1470,600 980,600" fill="#fff6c9" opacity="0.13"/>`,
    `<polygon points="760,0 840,0 1000,600 600,600" fill="#fff6c9" opacity="0.08"/>`,
    `<path d="M0 0 H190 Q140 300 210 600 H0Z" fill="#b3263a"/><path d="M1600 0 H1410 Q1460 300 1390 600 H1600Z" fill="#b3263a"/>`,
    `<path d="M0 0 H1600 V50 Q1200 90 800 50 Q400 90 0 50Z" fill="#8c1b2c"/>`,
    `<rect y="540" width="1600" height="60" fill="#5a3a22"/><rect y="536" width="1600" height="8" fill="#7a5232"/>`,
    confetti(random, 1600, 480, 90),
    cast(22, [
      { costume: "mascot", pose: "wave", x: 330, height: 380 },
      { costume: "wizard", pose: "cast", x: 620, height: 400 },
      { costume: "knight", pose: "hips", x: 960, height: 400 },
      { costume: "furry", pose: "victory", x: 1250, height: 370 },
    ], 560),
  ].join("");
  return [defs, body];
}

function heroComic(): [string, string] {
  const dots = halftone("h3-dots", "#ffffff", 22, 4);
  const defs = linearGradient("h3-bg", "#ffcf3f", "#ff5a5f", false) + dots.defs;
  const body = [
    `<rect width="1600" height="600" fill="url(#h3-bg)"/>`,
    sunburst(800, 300, 1800, 22, "#ffffff", 0.2, 0.1),
    `<rect width="1600" height="600" fill="${dots.fill}" opacity="0.22"/>`,
    `<polygon points="${burstPoints(800, 250, 150, 95, 12)}" fill="#fff7d1" stroke="#1f1a2e" stroke-width="6"/>`,
    star(800, 250, 60, "#ff5a5f"),
    cast(33, [
      { costume: "caped", pose: "punch", x: 330, height: 430, flip: false },
      { costume: "anime", pose: "victory", x: 560, height: 350 },
      { costume: "villain", pose: "hips", x: 1080, height: 440 },
      { costume: "villain", pose: "point", x: 1330, height: 360, flip: true },
    ], 575),
  ].join("");
  return [defs, body];
}

function heroSpace(): [string, string] {
  const random = createRandom(404);
  const defs =
    linearGradient("h4-bg", "#0f0c3d", "#6a2c91") +
    `<radialGradient id="h4-planet" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#7ee8fa"/><stop offset="1" stop-color="#3a4fd6"/></radialGradient>`;
  const body = [
    `<rect width="1600" height="600" fill="url(#h4-bg)"/>`,
    starField(random, 1600, 600, 140),
    `<circle cx="1380" cy="150" r="95" fill="url(#h4-planet)"/>`,
    `<ellipse cx="1380" cy="150" rx="160" ry="28" fill="none" stroke="#ffd36e" stroke-width="10" opacity="0.8" transform="rotate(-18 1380 150)"/>`,
    `<circle cx="180" cy="110" r="40" fill="#ff8fab" opacity="0.9"/>`,
    `<path d="M0 540 Q400 500 800 530 Q1200 560 1600 520 V600 H0Z" fill="#2b1d5c"/>`,
    sparkle(700, 120, 26, "#fff8d6"),
    sparkle(980, 80, 18, "#fff8d6"),
    cast(44, [
      { costume: "scifi", pose: "point", x: 300, height: 390, flip: false },
      { costume: "anime", pose: "wave", x: 620, height: 370 },
      { costume: "scifi", pose: "victory", x: 930, height: 400 },
      { costume: "wizard", pose: "cast", x: 1200, height: 380 },
    ], 560),
  ].join("");
  return [defs, body];
}

function burstPoints(cx: number, cy: number, outer: number, inner: number, spikes: number): string {
  const out: string[] = [];
  for (let i = 0; i < spikes * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (i * Math.PI) / spikes;
    out.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a) * 0.75).toFixed(1)}`);
  }
  return out.join(" ");
}

const HEROES = [heroRooftops, heroStage, heroComic, heroSpace];

/** Home page banner `index` (1..4), drawn in a 1600x600 space and rendered at `width`. */
export function heroSvg(index: number, width = HERO_WIDTH): string {
  const draw = HEROES[index - 1];
  if (!draw) throw new Error(`There are ${HEROES.length} hero banners, not ${index}`);
  const [defs, body] = draw();
  return svgDocument(width, Math.round((width * HERO_HEIGHT) / HERO_WIDTH), HERO_WIDTH, HERO_HEIGHT, body, defs);
}

export const HERO_COUNT = HEROES.length;

/** A friendly, anonymous caped silhouette: shown for a performer with no photo. */
export function placeholderSvg(size = 640): string {
  const random = createRandom(505);
  const spec: FigureSpec = { ...randomFigure(random, "caped"), pose: "victory", mask: false, hairStyle: "swoop", flip: false, flutter: 0.4, emblem: "none" };
  const white = "#ffffff";
  spec.palette = { suit: white, suitDark: white, accent: white, cape: white, capeInner: white, skin: white, hair: white, mask: white, boot: white, glove: white };
  const defs = linearGradient("ph-bg", "#818cf8", "#f472b6", false);
  const figure = placeFigure(spec, 320, 600, 500)
    // The silhouette has no face: blank out the features the figure drew.
    .replaceAll('fill="#1f1a2e"', `fill="${white}"`)
    .replaceAll('stroke="#1f1a2e"', `stroke="${white}"`)
    .replaceAll('fill="#ff7a8a"', `fill="${white}"`);
  const body = [
    `<rect width="640" height="640" fill="url(#ph-bg)"/>`,
    `<circle cx="320" cy="300" r="250" fill="#ffffff" opacity="0.12"/>`,
    sunburst(320, 300, 700, 16, "#ffffff", 0.07),
    ...[
      [110, 120, 18],
      [530, 150, 14],
      [90, 420, 12],
      [560, 430, 20],
      [470, 70, 10],
    ].map(([x, y, s]) => sparkle(x, y, s, white, 0.75)),
    `<g opacity="0.9">${figure}</g>`,
    star(320, 343, 26, "#a78bfa"),
  ].join("");
  return svgDocument(size, size, 640, 640, body, defs);
}

/** The four example profiles the home page shows when no real profile is listed yet. */
export function sampleSvg(index: number): string {
  const costumes: Costume[] = ["caped", "anime", "mascot", "villain"];
  const costume = costumes[index - 1];
  if (!costume) throw new Error(`There are 4 samples, not ${index}`);
  return performerPortraitSvg(9000 + index * 17, { costume });
}

/** 1200x630 card used when a page is shared on social media without its own image. */
export function ogSvg(siteName = "CostumeCast"): string {
  const random = createRandom(606);
  const defs = linearGradient("og-bg", "#4c1d95", "#db2777", false);
  const body = [
    `<rect width="1200" height="630" fill="url(#og-bg)"/>`,
    sunburst(900, 330, 1300, 18, "#ffffff", 0.08, 0.2),
    starField(random, 1200, 630, 40),
    `<text x="70" y="270" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="84" fill="#ffffff">${siteName}</text>`,
    `<text x="74" y="345" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="36" fill="#fde7f3">Costume &amp; cosplay performers</text>`,
    `<text x="74" y="395" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="36" fill="#fde7f3">for events across the USA</text>`,
    `<rect x="74" y="440" width="120" height="8" rx="4" fill="${hsl(48, 95, 60)}"/>`,
    cast(66, [
      { costume: "caped", pose: "victory", x: 905, height: 410 },
      { costume: "mascot", pose: "wave", x: 1095, height: 350 },
    ], 600),
  ].join("");
  return svgDocument(1200, 630, 1200, 630, body, defs);
}
