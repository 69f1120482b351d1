// The command-line conventions of the project's scripts: a mistake prints itself with the usage and
// exits 2; --help prints the usage and exits 0.

/** Runs `parse` (node:util's parseArgs, with a `help` flag), or exits as above. */
export function parseOrExit<V extends { help?: boolean }>(parse: () => V, usage: string): V {
  let values: V;
  try {
    values = parse();
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/** The option's value as a whole number of at least `min`, or the usage and exit 2. */
export function wholeNumberOption(value: string, name: string, usage: string, min = 1): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min}\n\n${usage}`);
    process.exit(2);
  }
  return n;
}
