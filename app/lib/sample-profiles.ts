import type { DisplayImage, ProfileCardData } from "./profile-view";

function sampleImage(n: number): DisplayImage {
  return { src: `/images/sample-${n}.webp`, width: 640, height: 640, variants: [], blurDataUrl: null };
}

// Made-up performers that show visitors what a listing looks like while the directory is empty.
// They are always badged as examples and never link to a profile page.
export const SAMPLE_PROFILES: readonly ProfileCardData[] = [
  {
    id: "sample-1",
    displayName: "Captain Starlight",
    city: "Orlando",
    state: "FL",
    priceMin: 100,
    priceMax: 150,
    categories: ["Hero", "Comic Book Character", "Kids' Parties Only", "Group/Crew Performer"],
    characters: ["Flying Caped Hero", "Star-Shield Captain", "Web-Slinging Hero", "Lightning Speedster"],
    image: sampleImage(1),
    isSample: true,
  },
  {
    id: "sample-2",
    displayName: "The Velvet Baroness",
    city: "Austin",
    state: "TX",
    priceMin: 120,
    priceMax: 200,
    categories: ["Villain", "Fantasy"],
    characters: ["Evil Queen", "Sea Witch"],
    image: sampleImage(2),
    isSample: true,
  },
  {
    id: "sample-3",
    displayName: "Sakura Blade",
    city: "San Diego",
    state: "CA",
    priceMin: 90,
    priceMax: 140,
    categories: ["Anime/Manga", "Cosplay", "Video Game Character"],
    characters: ["Samurai Swordswoman", "Magical Girl", "Ninja Hero"],
    image: sampleImage(3),
    isSample: true,
  },
  {
    id: "sample-4",
    displayName: "Professor Cogsworth",
    city: "Chicago",
    state: "IL",
    priceMin: null,
    priceMax: null,
    categories: ["Sci-Fi", "Historical/Fantasy Crossover", "Custom Characters", "Mascot Style", "Group/Crew Performer"],
    characters: [],
    image: sampleImage(4),
    isSample: true,
  },
];
