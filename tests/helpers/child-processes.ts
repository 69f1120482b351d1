import fs from "node:fs";

/**
 * The processes whose parent is `pid` and whose command line runs `script`, from /proc. A process
 * started through tsx also has esbuild's helper as a child, which this leaves out.
 */
export function childProcessesRunning(pid: number, script: string): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name (field 2) is in parentheses and may hold spaces; the parent id follows the state.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) !== pid) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(script)) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}
