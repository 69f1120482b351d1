import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import express from "express";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as trustRoute from "~/routes/dashboard.trust";
import * as documentRoute from "~/routes/dashboard.trust.document";
import * as adminTrustRoute from "~/routes/admin.trust";
import { ProfileSections } from "~/components/profile/ProfileDetails";
import { getPublicProfile } from "~/server/directory/directory.server";
import { monthYear, TRUST_FILE_TOO_BIG, TRUST_FILE_TYPE, ISSUED_MESSAGE, PERSON_REQUIRED } from "~/lib/trust";
import { adminAuditLog, emailOutbox, profiles, rateLimitHits, storageDeletions, trustDocuments, trustPeople, user, userRoles } from "~/server/db/schema";
import { mountMedia } from "~/server/http/media-route.server";
import type { AppServices } from "~/server/platform/services.server";
import { expiringSoon, trustQueue } from "~/server/trust/review.server";
import { deleteDecidedFiles, remindExpiringDocuments } from "~/server/trust/trust-jobs.server";
import { deleteAccount } from "~/server/profiles/account-deletion.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import type { CapturedMail } from "../helpers/smtp-sink";
import { startMailDelivery, type MailDelivery } from "../helpers/mail-delivery";
import { call, createAccount, getRequest, postRequest, PUBLIC_URL, sessionCookie, testServices } from "./accounts-fixtures";

// Trust documents end to end on the server: the upload's type (by content) and size checks with
// nothing left behind on refusal, images re-encoded without metadata, the private prefix the media
// route never serves, the document route for the four callers (owner, admin, another performer,
// anonymous), the admin's approval and rejection with the audit rows and the rejection's mail
// through a real SMTP server on loopback, the reminder (once) and the file's deletion 30 days after
// the decision with the decision's facts kept.

const logger = pino({ level: "silent" });
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");
const DAY = 86_400_000;

let database: TestDatabase;
let services: AppServices & { clientIp?: string };
let mail: MailDelivery;
let performer: { id: string; cookie: string };
let other: { id: string; cookie: string };
let admin: { id: string; cookie: string };

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
}

async function account(email: string, name: string | null): Promise<{ id: string; cookie: string }> {
  const id = await createAccount(services, email);
  if (name) {
    await database.db.insert(profiles).values({ id, displayName: name, state: "TX", city: "Austin", paymentStatus: "paid", paymentExpiry: "2099-12-31" }).onConflictDoUpdate({
      target: profiles.id,
      set: { displayName: name },
    });
  }
  return { id, cookie: await sessionCookie(services, email) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
  mail = await startMailDelivery();
});
afterAll(async () => {
  await mail?.close();
  await database?.close();
});
beforeEach(async () => {
  const { db } = database;
  await db.delete(adminAuditLog);
  await db.delete(emailOutbox);
  await db.delete(rateLimitHits);
  await db.delete(storageDeletions);
  await db.delete(profiles);
  await db.delete(user);
  mail.clear();
  performer = await account("jane@performers.example.com", "Jolly Squad");
  other = await account("sam@performers.example.com", "Other Act");
  admin = await account("boss@costumecast.example.com", null);
  await db.insert(userRoles).values({ userId: admin.id, role: "admin" });
  // The sign-ups' own mail is not what these tests read.
  await db.delete(emailOutbox);
});

function delivered(): Promise<CapturedMail[]> {
  return mail.delivered(database.db);
}

async function addPerson(fullName: string): Promise<string> {
  const answer = await call(trustRoute.action, postRequest("/dashboard/trust", { intent: "add-person", fullName }, performer.cookie), services);
  expect(answer.status).toBe(302);
  const [row] = await database.db.select().from(trustPeople).where(eq(trustPeople.fullName, fullName));
  return row!.id;
}

function uploadRequest(fields: Record<string, string>, file: { bytes: Buffer; name: string; type: string } | null, cookie = performer.cookie): Request {
  const form = new FormData();
  form.set("intent", "upload");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return new Request(`${PUBLIC_URL}/dashboard/trust`, { method: "POST", headers: { Cookie: cookie, Origin: PUBLIC_URL }, body: form });
}

async function uploadCheck(personId: string, bytes = PDF, type = "application/pdf", name = "report.pdf") {
  return call(trustRoute.action, uploadRequest({ kind: "background_check", personId, provider: "Sterling", issuedOn: isoDay(-20) }, { bytes, name, type }), services);
}

async function documents() {
  return database.db.select().from(trustDocuments).where(eq(trustDocuments.profileId, performer.id));
}

async function readDocument(id: string, cookie?: string) {
  const request = getRequest(`/dashboard/trust/documents/${id}`, cookie);
  const response = (await documentRoute.loader({ request, context: services, params: { id } } as unknown as Parameters<typeof documentRoute.loader>[0])) as Response;
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe(`trust documents (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("stores a PDF as sent under the private prefix, pending review", async () => {
    const jane = await addPerson("Jane Doe");
    const answer = await uploadCheck(jane);
    expect(answer.status).toBe(302);
    const [doc] = await documents();
    expect(doc).toMatchObject({ kind: "background_check", status: "pending", personId: jane, personName: "Jane Doe", provider: "Sterling", contentType: "application/pdf", byteSize: PDF.length });
    expect(doc!.storageKey).toMatch(/^private\/trust\//);
    const stored = await services.storage.stream(doc!.storageKey!);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(Buffer.from(chunk as Buffer));
    expect(Buffer.concat(chunks)).toEqual(PDF);
    // Kept: its key is off the deletion queue.
    expect(await database.db.select().from(storageDeletions)).toHaveLength(0);
    expect((await trustQueue(database.db)).rows.map((r) => r.id)).toEqual([doc!.id]);
  });

  it("decides the type from the bytes: a text file named .pdf is refused, and nothing is kept", async () => {
    const jane = await addPerson("Jane Doe");
    const answer = await uploadCheck(jane, Buffer.from("<html><script>alert(1)</script></html>"), "application/pdf", "report.pdf");
    expect(answer.status).toBe(422);
    expect((answer.data as { errors: Record<string, string> }).errors.file).toBe(TRUST_FILE_TYPE);
    expect(await documents()).toHaveLength(0);
  });

  it("refuses a file over 10 MB by the file field, and nothing is kept", async () => {
    const jane = await addPerson("Jane Doe");
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const answer = await uploadCheck(jane, big);
    expect(answer.status).toBe(413);
    expect((answer.data as { errors: Record<string, string> }).errors.file).toBe(TRUST_FILE_TOO_BIG);
    expect(await documents()).toHaveLength(0);
    expect(await database.db.select().from(storageDeletions)).toHaveLength(0);
  });

  it("says by the field what is wrong: an old report, no person, another performer's person", async () => {
    const jane = await addPerson("Jane Doe");
    const old = await call(trustRoute.action, uploadRequest({ kind: "background_check", personId: jane, provider: "Sterling", issuedOn: isoDay(-400) }, { bytes: PDF, name: "r.pdf", type: "application/pdf" }), services);
    expect(old.status).toBe(400);
    expect((old.data as { errors: Record<string, string> }).errors.issuedOn).toBe(ISSUED_MESSAGE);
    const [theirs] = await database.db.insert(trustPeople).values({ profileId: other.id, fullName: "Sam Roe" }).returning({ id: trustPeople.id });
    const stolen = await uploadCheck(theirs!.id);
    expect(stolen.status).toBe(400);
    expect((stolen.data as { errors: Record<string, string> }).errors.personId).toBe(PERSON_REQUIRED);
    expect(await documents()).toHaveLength(0);
    // The refused upload's file went with it (removed at once, not left for the sweep).
    expect(await database.db.select().from(storageDeletions)).toHaveLength(0);
  });

  it("re-encodes an image: no metadata survives", async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#ddeeff" } })
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneCo", Copyright: "Jane's phone" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const answer = await call(
      trustRoute.action,
      uploadRequest({ kind: "insurance", provider: "Acme Mutual", limit: "1,000,000", expiresOn: isoDay(200) }, { bytes: photo, name: "coi.jpg", type: "image/jpeg" }),
      services,
    );
    expect(answer.status).toBe(302);
    const [doc] = await documents();
    expect(doc).toMatchObject({ kind: "insurance", contentType: "image/webp", liabilityLimitDollars: 1_000_000, personId: null });
    const read = await readDocument(doc!.id, performer.cookie);
    const meta = await sharp(read.body).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(read.body.includes(Buffer.from("PhoneCo"))).toBe(false);
  });

  it("serves the file to its owner and to an admin (audited), and the same bare 404 to anyone else", async () => {
    const jane = await addPerson("Jane Doe");
    await uploadCheck(jane);
    const [doc] = await documents();

    const owner = await readDocument(doc!.id, performer.cookie);
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual(PDF);
    expect(owner.headers.get("Cache-Control")).toBe("private, no-store");
    expect(owner.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(owner.headers.get("Content-Type")).toBe("application/pdf");
    expect(owner.headers.get("Content-Disposition")).toMatch(/^inline; filename="background-check-[0-9a-f]{8}\.pdf"$/);
    expect(await database.db.select().from(adminAuditLog)).toHaveLength(0);

    const byAdmin = await readDocument(doc!.id, admin.cookie);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toEqual(PDF);
    const audit = await database.db.select().from(adminAuditLog);
    expect(audit).toMatchObject([{ adminId: admin.id, action: "trust_document.open", targetType: "trust_document", targetId: doc!.id }]);

    const missing = await readDocument("00000000-0000-4000-8000-000000000000", other.cookie);
    for (const stranger of [await readDocument(doc!.id, other.cookie), await readDocument(doc!.id)]) {
      expect(stranger.status).toBe(404);
      expect(stranger.body.toString()).toBe("Not found");
      expect(stranger.body.toString()).toBe(missing.body.toString());
      expect(stranger.headers.get("Cache-Control")).toBe("private, no-store");
      expect(stranger.headers.get("Location")).toBeNull();
    }
  });

  it("the public media route never serves the private prefix, however the path is written", async () => {
    const jane = await addPerson("Jane Doe");
    await uploadCheck(jane);
    const [doc] = await documents();
    await services.storage.put(`${performer.id}/public.webp`, Buffer.from("RIFF\x1a\x00\x00\x00WEBPVP8 x", "latin1"), "image/webp");
    const app = express();
    mountMedia(app, services.storage, logger);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    const get = (path: string) =>
      new Promise<number>((resolve, reject) => {
        http.get({ host: "127.0.0.1", port, path }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).on("error", reject);
      });
    try {
      expect(await get(`/media/${performer.id}/public.webp`)).toBe(200);
      const key = doc!.storageKey!;
      for (const path of [`/media/${key}`, `/media/${key.replace("private/", "private%2F")}`, `/media/./${key}`, `/media/${key.replace("private", "PRIVATE")}`, `/media/x/../${key}`]) {
        expect(await get(path), path).toBe(404);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(() => services.storage.publicUrl(doc!.storageKey!)).toThrow();
  });

  it("an admin approves with a date (figures, audit) or rejects with a reason that is mailed", async () => {
    const jane = await addPerson("Jane Doe");
    await uploadCheck(jane);
    await call(
      trustRoute.action,
      uploadRequest({ kind: "insurance", provider: "Acme Mutual", limit: "2000000", expiresOn: isoDay(300) }, { bytes: PDF, name: "coi.pdf", type: "application/pdf" }),
      services,
    );
    const docs = await documents();
    const check = docs.find((d) => d.kind === "background_check")!;
    const insurance = docs.find((d) => d.kind === "insurance")!;

    // Not an admin: sent away, nothing decided.
    const refused = await call(adminTrustRoute.action, postRequest("/admin/trust", { id: check.id, decision: "approve", validUntil: isoDay(365) }, performer.cookie), services);
    expect(refused.status).toBe(302);
    expect((await documents()).every((d) => d.status === "pending")).toBe(true);

    const noDate = await call(adminTrustRoute.action, postRequest("/admin/trust", { id: check.id, decision: "approve", validUntil: "" }, admin.cookie), services);
    expect(noDate.status).toBe(400);
    expect((noDate.data as { errors: Record<string, string> }).errors.validUntil).toBeTruthy();

    const approved = await call(adminTrustRoute.action, postRequest("/admin/trust", { id: check.id, decision: "approve", validUntil: isoDay(365) }, admin.cookie), services);
    expect(approved.status).toBe(302);
    const [row] = await database.db.select().from(profiles).where(eq(profiles.id, performer.id));
    expect(row!.checkedUntil).toBe(isoDay(365));
    expect(row!.insuredUntil).toBeNull();

    const noReason = await call(adminTrustRoute.action, postRequest("/admin/trust", { id: insurance.id, decision: "reject", reason: "" }, admin.cookie), services);
    expect(noReason.status).toBe(400);
    const rejected = await call(
      adminTrustRoute.action,
      postRequest("/admin/trust", { id: insurance.id, decision: "reject", reason: "The certificate names a different business." }, admin.cookie),
      services,
    );
    expect(rejected.status).toBe(302);
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(["jane@performers.example.com"]);
    expect(mails[0]!.text).toContain("The certificate names a different business.");
    expect(mails[0]!.text).toContain("certificate of insurance");

    // Deciding twice is refused.
    const again = await call(adminTrustRoute.action, postRequest("/admin/trust", { id: check.id, decision: "reject", reason: "Changed my mind" }, admin.cookie), services);
    expect(again.status).toBe(302);
    expect((await database.db.select().from(trustDocuments).where(eq(trustDocuments.id, check.id)))[0]!.status).toBe("approved");

    const audit = await database.db.select().from(adminAuditLog);
    expect(audit.map((a) => a.action).sort()).toEqual(["trust_document.approve", "trust_document.reject"]);
    expect((await trustQueue(database.db)).total).toBe(0);
  });

  it("reminds once 30 days before the review ends, and lists it as ending soon", async () => {
    const jane = await addPerson("Jane Doe");
    await database.db.insert(trustDocuments).values([
      { profileId: performer.id, personId: jane, personName: "Jane Doe", kind: "background_check", status: "approved", provider: "Sterling", issuedOn: isoDay(-300), contentType: "application/pdf", byteSize: 10, validUntil: isoDay(20), decidedAt: new Date() },
      { profileId: performer.id, personId: jane, personName: "Jane Doe", kind: "background_check", status: "approved", provider: "Sterling", issuedOn: isoDay(-30), contentType: "application/pdf", byteSize: 10, validUntil: isoDay(200), decidedAt: new Date() },
    ]);
    expect((await expiringSoon(database.db)).map((e) => e.validUntil)).toEqual([isoDay(20)]);
    expect(await remindExpiringDocuments(services)).toBe(1);
    expect(await remindExpiringDocuments(services)).toBe(0);
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("background check for Jane Doe");
    // 170 days on, the second one's turn comes.
    expect(await remindExpiringDocuments(services, new Date(Date.now() + 175 * DAY))).toBe(1);
  });

  it("deletes the file 30 days after the decision, keeping the decision's facts", async () => {
    const jane = await addPerson("Jane Doe");
    await uploadCheck(jane);
    await uploadCheck(jane);
    const [first, second] = await documents();
    await call(adminTrustRoute.action, postRequest("/admin/trust", { id: first!.id, decision: "approve", validUntil: isoDay(365) }, admin.cookie), services);
    // Still within 30 days, and a pending one: nothing goes.
    expect(await deleteDecidedFiles(services, new Date(Date.now() + 29 * DAY))).toBe(0);
    expect(await deleteDecidedFiles(services, new Date(Date.now() + 31 * DAY))).toBe(1);
    const after = await database.db.select().from(trustDocuments).where(eq(trustDocuments.id, first!.id));
    expect(after[0]).toMatchObject({ storageKey: null, status: "approved", kind: "background_check", personName: "Jane Doe", provider: "Sterling", validUntil: isoDay(365) });
    expect(after[0]!.fileDeletedAt).not.toBeNull();
    expect(await services.storage.stream(first!.storageKey!)).toBeNull();
    expect(await database.db.select().from(storageDeletions)).toHaveLength(0);
    const secondNow = await database.db.select().from(trustDocuments).where(eq(trustDocuments.id, second!.id));
    expect(secondNow[0]!.storageKey).not.toBeNull();
    // The owner's link now finds nothing; the badge stands on the facts.
    expect((await readDocument(first!.id, performer.cookie)).status).toBe(404);
    const [row] = await database.db.select().from(profiles).where(eq(profiles.id, performer.id));
    expect(row!.checkedUntil).toBe(isoDay(365));
  });

  it("the profile names each person with their own status, the insurance, and drops a badge the day after it ends", async () => {
    const jane = await addPerson("Jane Doe");
    await addPerson("Sam Roe");
    await database.db.update(profiles).set({ backgroundCheck: true }).where(eq(profiles.id, performer.id));
    const sectionsHtml = async (today?: string) => {
      const profile = await getPublicProfile(database.db, performer.id, today);
      return renderToStaticMarkup(createElement(ProfileSections, { profile: profile!, preview: false })).replace(/&#x27;/g, "'");
    };
    // Nothing reviewed yet: the performer's own statement, labelled as theirs.
    let html = await sectionsHtml();
    expect(html).toContain("Background check completed, as the performer states it");
    expect(html).not.toContain("reviewed by CostumeCast");
    expect(html).toContain("Email confirmed");
    expect(html).toContain(`Listed since ${monthYear(isoDay(0))}`);

    await uploadCheck(jane);
    await call(
      trustRoute.action,
      uploadRequest({ kind: "insurance", provider: "Acme Mutual", limit: "1000000", expiresOn: isoDay(300) }, { bytes: PDF, name: "coi.pdf", type: "application/pdf" }),
      services,
    );
    for (const doc of await documents()) {
      await call(adminTrustRoute.action, postRequest("/admin/trust", { id: doc.id, decision: "approve", validUntil: doc.kind === "insurance" ? isoDay(300) : isoDay(400) }, admin.cookie), services);
    }
    html = await sectionsHtml();
    expect(html).toContain(`Background check reviewed by CostumeCast · covers Jane Doe · valid until ${monthYear(isoDay(400))}`);
    expect(html).toContain("Sam Roe: no reviewed background check");
    expect(html).toContain(`Insured: $1M liability · until ${monthYear(isoDay(300))}`);
    expect(html).toContain("What we checked, and what we did not");
    expect(html).not.toContain("as the performer states it");
    // The group is not "checked" (Sam is not), so the cards' figure stays empty.
    expect((await database.db.select().from(profiles).where(eq(profiles.id, performer.id)))[0]!.checkedUntil).toBeNull();

    // The day after the insurance ends its line goes; Jane's check still holds.
    html = await sectionsHtml(isoDay(301));
    expect(html).not.toContain("Insured:");
    expect(html).toContain("covers Jane Doe");
    // And after Jane's, the statement is the performer's own again.
    html = await sectionsHtml(isoDay(401));
    expect(html).not.toContain("reviewed by CostumeCast");
    expect(html).toContain("as the performer states it");
  });

  it("deleting the account takes the documents' files with it", async () => {
    const jane = await addPerson("Jane Doe");
    await uploadCheck(jane);
    const [doc] = await documents();
    const outcome = await deleteAccount({ ...services, stripe: null }, { userId: performer.id, actor: { kind: "self" } });
    expect(outcome.kind).toBe("deleted");
    expect(await database.db.select().from(trustDocuments).where(eq(trustDocuments.id, doc!.id))).toHaveLength(0);
    expect(await services.storage.stream(doc!.storageKey!)).toBeNull();
  });

  it("removing a person takes the group's badge away until everyone is covered again", async () => {
    const jane = await addPerson("Jane Doe");
    const sam = await addPerson("Sam Roe");
    await uploadCheck(jane);
    const [doc] = await documents();
    await call(adminTrustRoute.action, postRequest("/admin/trust", { id: doc!.id, decision: "approve", validUntil: isoDay(365) }, admin.cookie), services);
    const checked = async () => (await database.db.select().from(profiles).where(eq(profiles.id, performer.id)))[0]!.checkedUntil;
    expect(await checked()).toBeNull();
    const removed = await call(trustRoute.action, postRequest("/dashboard/trust", { intent: "remove-person", id: sam }, performer.cookie), services);
    expect(removed.status).toBe(302);
    expect(await checked()).toBe(isoDay(365));
    // Another performer cannot remove Jane.
    await call(trustRoute.action, postRequest("/dashboard/trust", { intent: "remove-person", id: jane }, other.cookie), services);
    expect(await database.db.select().from(trustPeople).where(eq(trustPeople.id, jane))).toHaveLength(1);
  });
});
