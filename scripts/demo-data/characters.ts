import type { Random } from "../art/random";
import { CHARACTER_THEMES, PARTY_THEMES, type CharacterTheme } from "~/lib/character-suggestions";
import { MAX_CHARACTERS } from "~/lib/characters";

// The characters demo performers play, drawn from the editor's own trademark-safe suggestions
// (app/lib/character-suggestions.ts): what a parent searching for a princess, a superhero or a
// dinosaur would recognise. Each act plays the themes that fit it (a mascot act a dinosaur or the
// Easter Bunny, a fantasy act a mermaid or a fairy), and a last pass makes sure every theme
// children's parties ask for is played in many states, so a search for any of them finds someone
// whatever the seed.

type ThemeWeights = Partial<Record<CharacterTheme, number>>;

const ARCHETYPE_THEMES: Record<string, ThemeWeights> = {
  hero: { superhero: 1 },
  villain: { villain: 0.7, pirate: 0.3 },
  anime: { anime: 1 },
  mascot: { mascot: 0.5, dinosaur: 0.3, holiday: 0.2, unicorn: 0.1 },
  furry: { mascot: 0.8, holiday: 0.2 },
  fantasy: { princess: 0.35, fairy: 0.25, mermaid: 0.2, unicorn: 0.15, fantasy: 0.3 },
  scifi: { space: 1 },
  historical: { historical: 0.5, pirate: 0.3, princess: 0.2 },
  gamer: { gaming: 0.7, anime: 0.3 },
  comic: { superhero: 0.7, villain: 0.3 },
  custom: Object.fromEntries(PARTY_THEMES.map((theme) => [theme, 1])),
  group: { princess: 0.3, superhero: 0.3, holiday: 0.2, pirate: 0.1, mermaid: 0.1 },
  cosplay: { anime: 0.3, superhero: 0.3, villain: 0.2, space: 0.1, princess: 0.1 },
};

/** How many characters an act lists: most a handful, a few none yet. */
const LIST_LENGTHS = [0, 1, 2, 2, 3, 3, 3, 4, 4, 5, 6];

function pickTheme(weights: ThemeWeights, random: Random): CharacterTheme {
  const entries = Object.entries(weights) as [CharacterTheme, number][];
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.range(0, total);
  for (const [theme, weight] of entries) {
    roll -= weight;
    if (roll < 0) return theme;
  }
  return entries[entries.length - 1][0];
}

/** An act's characters: a few names from the themes its archetype plays, never twice the same. */
export function charactersFor(archetypeId: string, random: Random): string[] {
  const weights = ARCHETYPE_THEMES[archetypeId] ?? ARCHETYPE_THEMES.custom;
  const wanted = random.pick(LIST_LENGTHS);
  const list: string[] = [];
  for (let attempt = 0; list.length < wanted && attempt < wanted * 4; attempt++) {
    const name = random.pick(CHARACTER_THEMES[pickTheme(weights, random)]);
    if (!list.includes(name)) list.push(name);
  }
  return list;
}

/** The theme a character name comes from, for the coverage pass and the tests. */
export function themeOf(name: string): CharacterTheme | undefined {
  return (Object.keys(CHARACTER_THEMES) as CharacterTheme[]).find((theme) => (CHARACTER_THEMES[theme] as readonly string[]).includes(name));
}

export interface CastMember {
  archetype: string;
  state: string;
  listed: boolean;
  /** An 18+ act is not who a children's party theme is given to. */
  adultsOnly: boolean;
  characters: string[];
}

/** How many of the states with the most listed performers have every party theme ("pirate texas"). */
export const BUSIEST_STATES = 6;

/** The states with the most listed performers, most first (ties alphabetical). */
export function busiestStates(cast: readonly CastMember[], count = BUSIEST_STATES): string[] {
  const listed = new Map<string, number>();
  for (const m of cast) if (m.listed) listed.set(m.state, (listed.get(m.state) ?? 0) + 1);
  return [...listed.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([state]) => state);
}

/**
 * Makes every party theme played by listed performers in at least `minStates` states, and in each
 * of the busiest states, where parents search with a state's name: where a theme is short, it is
 * added to listed acts in states that lack it, acts whose archetype plays the theme first. Changes
 * `cast` in place.
 */
export function coverPartyThemes(cast: CastMember[], minStates: number, random: Random): void {
  const busiest = busiestStates(cast);
  for (const theme of PARTY_THEMES) {
    const names = CHARACTER_THEMES[theme];
    const statesWith = () => new Set(cast.filter((m) => m.listed && m.characters.some((c) => themeOf(c) === theme)).map((m) => m.state));
    const covered = statesWith();
    const missingBusy = busiest.filter((state) => !covered.has(state));
    if (covered.size >= minStates && missingBusy.length === 0) continue;
    const fits = (m: CastMember) => (ARCHETYPE_THEMES[m.archetype]?.[theme] ?? 0) > 0;
    const candidates = random
      .shuffle(cast.filter((m) => m.listed && !m.adultsOnly && m.characters.length < MAX_CHARACTERS))
      .sort((a, b) => Number(fits(b)) - Number(fits(a)));
    // The busiest states first, then any state until there are enough.
    candidates.sort((a, b) => Number(missingBusy.includes(b.state)) - Number(missingBusy.includes(a.state)));
    for (const member of candidates) {
      if (covered.size >= minStates && !missingBusy.some((state) => !covered.has(state))) break;
      if (covered.has(member.state)) continue;
      if (covered.size >= minStates && !missingBusy.includes(member.state)) continue;
      member.characters.push(random.pick(names.filter((n) => !member.characters.includes(n))));
      covered.add(member.state);
    }
  }
}
