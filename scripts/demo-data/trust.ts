import { randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { inArray } from "drizzle-orm";
import type { Executor } from "~/server/db/client.server";
import { profiles, trustDocuments, trustPeople } from "~/server/db/schema";
import type { Storage } from "~/server/storage/storage.server";
import { PRIVATE_KEY_PREFIX } from "~/server/storage/storage.server";
import { refreshTrustFigures, todayIso } from "~/server/trust/figures.server";
import type { DemoPerformer } from "./generate";

// The demo's trust documents (issue 28): a few listed performers have a background check and an
// insurance certificate an admin approved, one check ends within 30 days (the admin's "ending soon"
// list, and the demo clock's reminder), one crew lists two people of whom only one is covered, and
// the performer login has a certificate waiting in the admin's queue. The files are generated here
// (a one-page PDF that says it is a sample, and a small image), stored under the private prefix
// exactly as an upload would be, and decided ones carry their decision's date.

const DAY = 86_400_000;

/** A minimal one-page PDF with a few lines of text, its xref offsets computed. */
export function samplePdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?");
  const stream = ["BT", "/F1 14 Tf", "72 720 Td", "18 TL", ...lines.map((line) => `(${escape(line)}) '`), "ET"].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A small image of a certificate: the carrier's name on a plain card (re-encoded as an upload would be). */
async function sampleImage(title: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#f8fafc" stroke="#334155" stroke-width="6"/><text x="40" y="90" font-family="sans-serif" font-size="36" fill="#0f172a">SAMPLE CERTIFICATE</text><text x="40" y="160" font-family="sans-serif" font-size="28" fill="#334155">${title.replace(/[<&>]/g, "")}</text><text x="40" y="440" font-family="sans-serif" font-size="22" fill="#64748b">Demo data: not a real document</text></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

interface PlannedDocument {
  row: typeof trustDocuments.$inferInsert;
  file: Buffer;
}

export interface DemoTrustPlan {
  people: (typeof trustPeople.$inferInsert)[];
  documents: PlannedDocument[];
  profileIds: string[];
  groupProfileId: string | null;
}

const key = (profileId: string, extension: string) => `${PRIVATE_KEY_PREFIX}trust/${profileId}/${randomBytes(16).toString("hex")}.${extension}`;

/** Chooses who has what, relative to `now`; nothing is written. */
export async function planDemoTrust(performers: readonly DemoPerformer[], adminId: string, now: Date): Promise<DemoTrustPlan> {
  const listed = performers.filter((p) => p.status === "listed");
  const login = performers[0]!;
  const day = (offset: number) => todayIso(new Date(now.getTime() + offset * DAY));
  const at = (offset: number) => new Date(now.getTime() + offset * DAY);
  const people: (typeof trustPeople.$inferInsert)[] = [];
  const documents: PlannedDocument[] = [];
  const person = (profileId: string, fullName: string) => {
    const id = randomUUID();
    people.push({ id, profileId, fullName, createdAt: at(-60) });
    return id;
  };
  const check = (profileId: string, personId: string, fullName: string, decision: { validUntil: string; decidedDaysAgo: number } | null, provider = "Sterling Check") => {
    const issuedDaysAgo = decision ? decision.decidedDaysAgo + 2 : 5;
    documents.push({
      row: {
        profileId,
        personId,
        personName: fullName,
        kind: "background_check",
        status: decision ? "approved" : "pending",
        provider,
        issuedOn: day(-issuedDaysAgo),
        storageKey: key(profileId, "pdf"),
        contentType: "application/pdf",
        byteSize: 0,
        uploadedAt: at(-issuedDaysAgo + 1),
        validUntil: decision?.validUntil ?? null,
        decidedAt: decision ? at(-decision.decidedDaysAgo) : null,
        decidedBy: decision ? adminId : null,
      },
      file: samplePdf([`SAMPLE background check report (demo data)`, `Provider: ${provider}`, `Subject: ${fullName}`, `Date of report: ${day(-issuedDaysAgo)}`, "Result: no records found"]),
    });
  };
  const insurance = async (profileId: string, carrier: string, limit: number, decision: { validUntil: string; decidedDaysAgo: number } | null, asImage: boolean) => {
    const decidedDaysAgo = decision?.decidedDaysAgo ?? 0;
    const file = asImage ? await sampleImage(`${carrier}: $${limit.toLocaleString("en-US")} general liability`) : samplePdf([`SAMPLE certificate of insurance (demo data)`, `Carrier: ${carrier}`, `General liability, each occurrence: $${limit.toLocaleString("en-US")}`]);
    documents.push({
      row: {
        profileId,
        kind: "insurance",
        status: decision ? "approved" : "pending",
        provider: carrier,
        expiresOn: decision?.validUntil ?? day(300),
        liabilityLimitDollars: limit,
        storageKey: key(profileId, asImage ? "webp" : "pdf"),
        contentType: asImage ? "image/webp" : "application/pdf",
        byteSize: 0,
        uploadedAt: at(-decidedDaysAgo - 1),
        validUntil: decision?.validUntil ?? null,
        decidedAt: decision ? at(-decidedDaysAgo) : null,
        decidedBy: decision ? adminId : null,
      },
      file,
    });
  };

  // The login: Carla's own check approved (its file deleted long ago, as 30 days after any
  // decision), and a certificate waiting in the admin's queue.
  const carla = person(login.profile.id, login.user.name);
  check(login.profile.id, carla, login.user.name, { validUntil: day(300), decidedDaysAgo: 65 });
  await insurance(login.profile.id, "Lone Star Mutual", 1_000_000, null, false);

  // Five listed performers with both, one of whose check ends within 30 days.
  const others = listed.filter((p) => p.profile.id !== login.profile.id);
  const reviewed = others.slice(0, 5);
  for (const [i, p] of reviewed.entries()) {
    const id = person(p.profile.id, p.user.name);
    check(p.profile.id, id, p.user.name, i === 0 ? { validUntil: day(18), decidedDaysAgo: 340 } : { validUntil: day(200 + i * 30), decidedDaysAgo: 10 + i * 7 });
    if (i % 2 === 0) await insurance(p.profile.id, i === 2 ? "Harbor Casualty" : "Evergreen Insurance Co.", i === 2 ? 2_000_000 : 1_000_000, { validUntil: day(150 + i * 20), decidedDaysAgo: 12 + i }, i === 4);
  }

  // A crew of two: one covered, one whose report is waiting in the queue.
  const crew = others[5];
  let groupProfileId: string | null = null;
  if (crew) {
    groupProfileId = crew.profile.id;
    const first = person(crew.profile.id, crew.user.name);
    check(crew.profile.id, first, crew.user.name, { validUntil: day(330), decidedDaysAgo: 4 });
    const partnerName = `Jordan ${crew.user.name.split(" ").slice(-1)[0] ?? "Lee"}`;
    const second = person(crew.profile.id, partnerName);
    check(crew.profile.id, second, partnerName, null, "GoodHire");
  }

  for (const doc of documents) doc.row.byteSize = doc.file.length;
  return { people, documents, profileIds: [...new Set(documents.map((d) => d.row.profileId))], groupProfileId };
}

/** Writes the planned files (before the transaction, as uploads do); decided ones over 30 days old keep only their facts. */
export async function storeDemoTrustFiles(storage: Storage, plan: DemoTrustPlan, now: Date): Promise<void> {
  for (const doc of plan.documents) {
    const decidedLongAgo = doc.row.decidedAt && now.getTime() - (doc.row.decidedAt as Date).getTime() > 30 * DAY;
    if (decidedLongAgo) {
      doc.row.storageKey = null;
      doc.row.fileDeletedAt = new Date((doc.row.decidedAt as Date).getTime() + 30 * DAY);
      continue;
    }
    await storage.put(doc.row.storageKey!, doc.file, doc.row.contentType as string, { private: true });
  }
}

/** The rows, in the seed's transaction, and the profiles' figures from them. */
export async function seedDemoTrust(tx: Executor, plan: DemoTrustPlan, now: Date): Promise<number> {
  if (plan.people.length > 0) await tx.insert(trustPeople).values(plan.people);
  if (plan.documents.length > 0) await tx.insert(trustDocuments).values(plan.documents.map((d) => d.row));
  if (plan.groupProfileId) await tx.update(profiles).set({ groupPerformer: true }).where(inArray(profiles.id, [plan.groupProfileId]));
  for (const profileId of plan.profileIds) await refreshTrustFigures(tx, profileId, todayIso(now));
  return plan.documents.length;
}

/** The stored files of the demo's documents, for a re-seed to remove first. */
export async function removeDemoTrustFiles(db: Executor, storage: Storage, profileIds: readonly string[]): Promise<void> {
  if (profileIds.length === 0) return;
  const rows = await db.select({ key: trustDocuments.storageKey }).from(trustDocuments).where(inArray(trustDocuments.profileId, [...profileIds]));
  await Promise.allSettled(rows.flatMap((r) => (r.key ? [storage.delete(r.key)] : [])));
}
