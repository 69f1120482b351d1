// Decoding an upload takes a full image's worth of memory for a moment and keeps both cores busy
// (libvips works in parallel inside one decode). Sixteen uploads at once used to decode together:
// other pages waited 0.7 to 1.5 s and the process kept 260 MB it had grown by. So each process lets
// only a few decodes run at a time and queues the rest; the queue holds at most the uploaded bytes
// (5 MB a file), never their pixels.

/** Decodes one process runs at once: the machine's two cores, each busy with one. */
export const MAX_CONCURRENT_DECODES = 2;

export interface DecodeStats {
  /** Decodes begun since the process started (each after waiting for a slot). */
  started: number;
  /** Decodes running now. */
  active: number;
  /** Uploads waiting for a slot now. */
  waiting: number;
  /** The most decodes that ever ran at once in this process. */
  peakActive: number;
}

const stats: DecodeStats = { started: 0, active: 0, waiting: 0, peakActive: 0 };
const queue: Array<() => void> = [];

/** What /metrics reports about image decoding in this process (a copy). */
export function decodeStats(): DecodeStats {
  return { ...stats };
}

async function takeSlot(): Promise<void> {
  if (stats.active < MAX_CONCURRENT_DECODES) {
    stats.active += 1;
    return;
  }
  stats.waiting += 1;
  // The slot is handed over by releaseSlot, which keeps `active` as it is for the next in line.
  await new Promise<void>((resolve) => queue.push(resolve));
  stats.waiting -= 1;
}

function releaseSlot(): void {
  const next = queue.shift();
  if (next) next();
  else stats.active -= 1;
}

/** Runs `decode` once one of this process's decode slots is free, and frees it after. */
export async function withDecodeSlot<T>(decode: () => Promise<T>): Promise<T> {
  await takeSlot();
  stats.started += 1;
  stats.peakActive = Math.max(stats.peakActive, stats.active);
  try {
    return await decode();
  } finally {
    releaseSlot();
  }
}
