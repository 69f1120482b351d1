import { BACKDROPS, drawBackdrop } from "./backdrops";
import { ALL_COSTUMES, type Costume, placeFigure, randomFigure } from "./figure";
import { createRandom, deriveSeed } from "./random";
import { svgDocument } from "./shapes";

export const PORTRAIT_SIZE = 640;

export interface PortraitOptions {
  /** Forces a costume type; otherwise one is drawn from the seed. */
  costume?: Costume;
  size?: number;
}

/** One square portrait of an original costumed character, fully determined by the seed. */
export function performerPortraitSvg(seed: number, options: PortraitOptions = {}): string {
  const random = createRandom(deriveSeed(seed, "portrait"));
  const size = options.size ?? PORTRAIT_SIZE;
  const view = PORTRAIT_SIZE;
  const id = `p${seed}`;
  const backdrop = drawBackdrop(random.pick(BACKDROPS), random, id, view, view);
  const spec = randomFigure(random, options.costume);
  const closeUp = random.chance(0.35);
  const shadow = `<ellipse cx="320" cy="612" rx="150" ry="16" fill="#000" opacity="0.18"/>`;
  const figure = closeUp
    ? placeFigure(spec, 320, 900, 840)
    : shadow + placeFigure(spec, 320, 612, 520);
  return svgDocument(size, size, view, view, backdrop.body + figure, backdrop.defs);
}

/**
 * `count` different portraits from one seed. Costume types rotate so any run of eight covers every kind.
 */
export function generatePortraits(count: number, seed = 1): string[] {
  const order = createRandom(deriveSeed(seed, "costumes")).shuffle(ALL_COSTUMES);
  return Array.from({ length: count }, (_, i) =>
    performerPortraitSvg(deriveSeed(seed, `portrait-${i}`), { costume: order[i % order.length] }),
  );
}
