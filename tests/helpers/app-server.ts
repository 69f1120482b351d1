import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./free-port";

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}


/** Starts `server.ts` (the production entry point) as a child process and waits for /healthz. */
export async function startAppServer(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  // One process (no tsx launcher in front) so signals reach the server itself.
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, PUBLIC_URL: url, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let ready = false;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) {
        ready = true;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (!ready) {
    child.kill("SIGKILL");
    throw new Error(`Server did not become healthy:\n${log}`);
  }
  return {
    url,
    port,
    process: child,
    output: () => log,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
