import type { Executor } from "~/server/db/client.server";
import { addPerformer, type PerformerSpec } from "./search-fixtures";

// Performers who describe their acts the trademark-safe way, spread over places the query-side
// tests name (Orlando, Tampa, Houston, Salt Lake City, New York City, Aurora CO, Portland OR...).
// None of them writes a trademarked name or the word "princess".

export const PARENTS: Record<string, PerformerSpec & { id: string; displayName: string }> = {
  arachno: {
    id: "arachno",
    displayName: "Amazing Arachno",
    bio: "A web-slinging hero who teaches kids to be kind.",
    state: "TX",
    city: "Houston",
    categories: ["Hero"],
  },
  winterGlow: {
    id: "winter-glow",
    displayName: "Winter Glow Parties",
    bio: "The ice queen arrives with a snowy song and a sparkling cape.",
    state: "FL",
    city: "Orlando",
    categories: ["Kids' Parties Only"],
  },
  royalTea: {
    id: "royal-tea",
    displayName: "Royal Tea Time",
    bio: "A royal tea party with crowns and curtsies.",
    state: "FL",
    city: "Tampa",
    travelRadius: "long_distance",
    categories: ["Custom Characters"],
  },
  nightGuardian: {
    id: "night-guardian",
    displayName: "Night Guardian",
    bio: "The caped crusader of gadget-filled adventures.",
    state: "UT",
    city: "Salt Lake City",
    travelRadius: "medium_distance",
    categories: ["Comic Book Character"],
  },
  kindness: {
    id: "kindness",
    displayName: "Captain Kindness",
    bio: "Motivational visits for schools and libraries.",
    state: "NY",
    city: "New York City",
    categories: ["Hero"],
  },
  rex: {
    id: "rex-roars",
    displayName: "Stompy Roars",
    bio: "A life-size T-rex who stomps into birthday parties.",
    state: "TX",
    city: "Austin",
    travelRadius: "short_distance",
    categories: ["Custom Characters"],
  },
  coral: {
    id: "coral-tail",
    displayName: "Coral Tail",
    bio: "Mermaid tail swims and ocean stories by the pool.",
    state: "FL",
    city: "Miami",
    categories: ["Fantasy"],
  },
  jolly: {
    id: "jolly-nick",
    displayName: "Jolly Nick",
    bio: "The jolly old elf visits homes and offices every December.",
    state: "ID",
    city: "Boise",
    categories: ["Custom Characters"],
  },
  rockyClown: {
    id: "rocky-clown",
    displayName: "Rocky Mountain Giggles",
    bio: "A clown with balloon animals and bubbles.",
    state: "CO",
    city: "Aurora",
    categories: ["Kids' Parties Only"],
  },
  firebird: {
    id: "firebird",
    displayName: "Firebird Flame",
    bio: "A phoenix costume with glowing wings.",
    state: "TX",
    city: "Dallas",
    categories: ["Fantasy"],
  },
  roseCity: {
    id: "rose-city",
    displayName: "Rose City Rover",
    bio: "A swashbuckling buccaneer with treasure hunts.",
    state: "OR",
    city: "Portland",
    categories: ["Custom Characters"],
  },
  sunshine: {
    id: "sunshine-hero",
    displayName: "Sunshine Defender",
    bio: "Caped hero for Central Florida birthdays.",
    state: "FL",
    city: "Tampa",
    travelRadius: "long_distance",
    categories: ["Hero"],
  },
  everywhere: {
    id: "everywhere-hero",
    displayName: "Everywhere Hero",
    bio: "Flies to any party in the country.",
    state: "IL",
    city: "Chicago",
    travelRadius: "nationwide",
    categories: ["Hero"],
  },
};

export async function addParentsPerformers(db: Executor): Promise<void> {
  for (const spec of Object.values(PARENTS)) await addPerformer(db, spec);
  // Breaks the visibility rule while saying everything searched for: must never show.
  await addPerformer(db, {
    id: "hidden-everything",
    displayName: "Hidden Everything",
    bio: "Web-slinging ice queen, royal caped crusader, T-rex, mermaid, buccaneer and jolly old elf.",
    isActive: false,
    travelRadius: "nationwide",
    categories: ["Hero", "Fantasy"],
  });
}
