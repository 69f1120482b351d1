// Colours are built in HSL (easy to vary) and written as hex (understood by every SVG renderer).
export function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.max(0, Math.min(100, s)) / 100;
  const light = Math.max(0, Math.min(100, l)) / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const value = light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

export const SKIN_TONES = ["#f9d7c0", "#f1c27d", "#e0ac69", "#c68642", "#a86b3c", "#8d5524", "#6b3e1f", "#ffdbac"] as const;

export const INK = "#1f1a2e";
