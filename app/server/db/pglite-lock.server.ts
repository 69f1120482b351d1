import fs from "node:fs";
import path from "node:path";

export interface DataDirLock {
  file: string;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(
      `Another process (pid ${pid}) is using the embedded database in ${dataDir}. ` +
        `The embedded database allows one server process per data folder: stop the other process, ` +
        `choose another DATA_DIR, or set DATABASE_URL to use PostgreSQL, which any number of processes can share.`,
    );
    this.name = "DataDirLockedError";
  }
}

function processIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the single-process lock on a PGlite data folder; a lock left by a dead process is taken over. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, "db.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(file, "utf8").trim(), 10);
      if (processIsAlive(holder)) throw new DataDirLockedError(dataDir, holder);
      // Stale lock: its process is gone.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
