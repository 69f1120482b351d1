import pino from "pino";

export type Logger = pino.Logger;

// Errors are logged with pino's standard error serializer, except that what visitors typed never
// reaches the log through them: Drizzle puts a failed query's parameters (emails, phone numbers,
// messages) in the error's message, its stack and a `params` property, and PostgreSQL puts the
// offending values in `detail` ("Key (email)=(...) already exists"). The query text itself stays:
// it holds placeholders, not values, and says what failed.

const REDACTED = "[redacted]";

interface QueryError {
  message: string;
  query: string;
  params: unknown;
}

function isQueryError(error: object): error is Error & QueryError {
  return error instanceof Error && "params" in error && typeof (error as { query?: unknown }).query === "string";
}

/** Every error in the chain (the error, its cause, the cause's cause...), each once. */
function errorChain(error: Error): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && !chain.includes(current)) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/** pino's error serializer, with query parameters and row values taken out. */
export function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const serialized = pino.stdSerializers.err(value) as unknown as Record<string, unknown>;
  let message = typeof serialized.message === "string" ? serialized.message : "";
  let stack = typeof serialized.stack === "string" ? serialized.stack : "";
  for (const error of errorChain(value)) {
    if (!isQueryError(error)) continue;
    // The serialized message and stack repeat this error's own message, parameters included.
    const safe = `Failed query: ${error.query}\nparams: ${REDACTED}`;
    message = message.split(error.message).join(safe);
    stack = stack.split(error.message).join(safe);
  }
  const { params: _params, detail: _detail, ...rest } = serialized;
  const redacted: Record<string, unknown> = { ...rest, message };
  if (stack) redacted.stack = stack;
  if (_params !== undefined) redacted.params = REDACTED;
  if (_detail !== undefined) redacted.detail = REDACTED;
  return redacted;
}

export function createLogger(level: string = process.env.LOG_LEVEL ?? "info", destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError, error: serializeError, cause: serializeError },
    hooks: {
      // `logger.error(error)` would make the error's own message (parameters and all) the line's
      // `msg`: log it under `err` with its redacted message instead.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        if (!(first instanceof Error)) return method.apply(this, args);
        const message = typeof rest[0] === "string" ? rest.shift() : (serializeError(first) as { message: string }).message;
        return method.apply(this, [{ err: first }, message, ...rest] as Parameters<typeof method>);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
