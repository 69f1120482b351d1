export { createRandom, deriveSeed, type Random } from "./random";
export { generatePortraits, performerPortraitSvg, PORTRAIT_SIZE } from "./portraits";
export { heroSvg, HERO_COUNT, HERO_HEIGHT, HERO_WIDTH, ogSvg, placeholderSvg, sampleSvg } from "./scenes";
export { tileSvg, TILE_SCENES } from "./tiles";
