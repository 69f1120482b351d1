import { createECDH, createPublicKey, hkdfSync, randomBytes, verify, createDecipheriv } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A push service of our own on loopback, for the tests and the measurement script: it receives the
// real encrypted request the app sends, answers the status a test chose for a path, and keeps every
// request. A browser's side of a subscription (`browserKeys`) makes the keys a browser would, so
// the payload can be decrypted (RFC 8291 over RFC 8188's aes128gcm) and the VAPID token checked
// (RFC 8292) exactly as a push service and a browser would.

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  receivedAt: number;
}

export interface PushEndpoint {
  /** `http://127.0.0.1:<port>`; a subscription's endpoint is this plus a path of the test's choice. */
  url: string;
  received: ReceivedPush[];
  /** The status answered for requests to `path` (201 when not set). */
  answer(path: string, status: number, headers?: Record<string, string>): void;
  /** Resolves with the next push that arrives (or one already received that matches). */
  next(predicate?: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, { status: number; headers: Record<string, string> }>();
  const waiters: { predicate: (push: ReceivedPush) => boolean; resolve: (push: ReceivedPush) => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const push = { path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks), receivedAt: Date.now() };
      received.push(push);
      const answer = answers.get(push.path) ?? { status: 201, headers: {} };
      res.writeHead(answer.status, answer.headers).end();
      for (const waiter of [...waiters]) {
        if (waiter.predicate(push)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(push);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer(path, status, headers = {}) {
      answers.set(path, { status, headers });
    },
    next(predicate = () => true, timeoutMs = 10_000) {
      const already = received.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) {
            waiters.splice(index, 1);
            reject(new Error("no push arrived in time"));
          }
        }, timeoutMs).unref();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface BrowserKeys {
  /** What the browser hands the site: its public key and auth secret, URL-safe base64. */
  p256dh: string;
  auth: string;
  /** Decrypts a push body sent to this subscription: the plaintext, or throws when it was not for these keys. */
  decrypt(body: Buffer): string;
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync("sha256", ikm, salt, info, length));
}

/** A browser's keys for one subscription, and its decryption of what is pushed to it. */
export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: publicKey.toString("base64url"),
    auth: authSecret.toString("base64url"),
    decrypt(body) {
      // RFC 8188 header: salt (16), record size (4), key id length (1), key id (the sender's key).
      const salt = body.subarray(0, 16);
      const idLength = body[20];
      const senderKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), publicKey, senderKey]);
      const ikm = hkdf(authSecret, shared, keyInfo, 32);
      const key = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
      const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
      const decipher = createDecipheriv("aes-128-gcm", key, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then any zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error("the record does not end with the last-record delimiter");
      return padded.subarray(0, end).toString("utf8");
    },
  };
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  /** The public key the token says signed it (`k=`), URL-safe base64. */
  key: string;
}

/** Reads `Authorization: vapid t=<jwt>, k=<key>` and checks the ES256 signature with that key; throws when it does not hold. */
export function verifyVapid(authorization: string | undefined): VapidClaims {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, key] = match;
  const [header, payload, signature] = token.split(".");
  const raw = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const signed = verify("sha256", Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!signed) throw new Error("the VAPID token's signature does not match its key");
  const alg = (JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: string }).alg;
  if (alg !== "ES256") throw new Error(`the VAPID token is signed with ${alg}`);
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { aud: string; exp: number; sub: string };
  return { ...claims, key };
}
