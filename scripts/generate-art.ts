import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { HERO_COUNT, heroSvg, ogSvg, placeholderSvg, sampleSvg, TILE_SCENES, tileSvg } from "./art/index";
import { TILE_IMAGE_WIDTHS } from "~/lib/parent-tiles";

// Draws the site's own artwork (no stock photos, no trademarked characters) and writes the files
// committed under public/images. Run with `npm run images:generate` after changing scripts/art.

const OUT_DIR = path.resolve(import.meta.dirname, "../public/images");

async function webp(name: string, svg: string, quality: number): Promise<void> {
  const file = path.join(OUT_DIR, name);
  await sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toFile(file);
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const written: string[] = [];
  for (let i = 1; i <= HERO_COUNT; i++) {
    await webp(`hero-${i}.webp`, heroSvg(i, 1600), 72);
    await webp(`hero-${i}-800.webp`, heroSvg(i, 800), 70);
    written.push(`hero-${i}.webp`, `hero-${i}-800.webp`);
  }
  await webp("placeholder-performer.webp", placeholderSvg(640), 78);
  written.push("placeholder-performer.webp");
  for (let i = 1; i <= 4; i++) {
    await webp(`sample-${i}.webp`, sampleSvg(i), 76);
    written.push(`sample-${i}.webp`);
  }
  // The tiles in parents' words: small 3:2 pictures at the widths the tiles offer the browser.
  await mkdir(path.join(OUT_DIR, "tiles"), { recursive: true });
  for (const id of TILE_SCENES) {
    for (const width of TILE_IMAGE_WIDTHS) {
      await webp(`tiles/${id}-${width}.webp`, tileSvg(id, width), width < 400 ? 72 : 66);
      written.push(`tiles/${id}-${width}.webp`);
    }
  }
  await writeFile(path.join(OUT_DIR, "og-default.png"), await sharp(Buffer.from(ogSvg())).png({ palette: true, quality: 90, effort: 10 }).toBuffer());
  written.push("og-default.png");

  let total = 0;
  for (const name of written) {
    const { size } = await stat(path.join(OUT_DIR, name));
    total += size;
    console.log(`${name.padEnd(30)} ${(size / 1024).toFixed(1).padStart(7)} KB`);
  }
  console.log(`${"total".padEnd(30)} ${(total / 1024).toFixed(1).padStart(7)} KB`);
}

await main();
