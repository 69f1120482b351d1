/**
 * A request's body as text, read no further than `limit` bytes: null once it passes the limit (the
 * rest is not read), "" without a body. For the routes exempt from the app-wide body limit (uploads)
 * whose plain-form posts must still be capped.
 */
export async function readCapped(request: Request, limit: number): Promise<string | null> {
  const body = request.body;
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
