import { hashPassword } from "better-auth/crypto";
import { account } from "~/server/db/schema";
import { ACCOUNTS_PASSWORD } from "./accounts";
import { insertProfile } from "./directory";
import type { E2ESeedContext } from "./index";

// Reviewed trust documents (tests/e2e/trust-documents.spec.ts): a listed performer in Mississippi,
// which no other fixture uses, who lists the person who arrives and uploads a report for the admin
// (ACCOUNTS.admin) to approve. One account per attempt, so a retry starts from an empty list.

export const TRUST_DOCUMENTS = {
  performers: [
    { id: "e2e-trust-docs", email: "magnolia.mermaid@trust.example.com", displayName: "Magnolia Mermaid", person: "Jane Doe" },
    { id: "e2e-trust-docs-retry", email: "delta.dragon@trust.example.com", displayName: "Delta Dragon Tamer", person: "Janet Roe" },
  ],
} as const;

export async function seedTrustDocuments({ db }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const performer of TRUST_DOCUMENTS.performers) {
    await insertProfile(db, {
      id: performer.id,
      email: performer.email,
      displayName: performer.displayName,
      state: "MS",
      city: "Jackson",
      categories: ["Custom Characters"],
      priceMin: 120,
      priceMax: 180,
      createdAt: new Date("2026-11-02T12:00:00Z"),
    });
    await db.insert(account).values({ id: `${performer.id}-credential`, accountId: performer.id, providerId: "credential", userId: performer.id, password });
  }
}
