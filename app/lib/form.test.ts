import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formInput, HONEYPOT_FIELD, honeypotFilled, parseForm, readPublicForm } from "./form";

const schema = z
  .object({
    name: z.string().trim().min(1, "Name is required"),
    email: z.string().trim().min(1, "Email is required").pipe(z.email("Invalid email address")),
    tags: z.array(z.enum(["a", "b", "c"], "Unknown tag")).default([]),
    categories: z
      .array(z.string())
      .transform((list) => list.filter((v) => v !== ""))
      .pipe(z.array(z.string()).min(1, "Pick at least one")),
    newsletter: z.boolean(),
    age: z.string().transform((v) => (v === "" ? null : Number(v))),
  })
  .refine((v) => v.name !== "root", { path: ["name"], message: "Name is taken" });

function form(entries: [string, string | Blob][]) {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe("parseForm", () => {
  it("reads repeated keys as lists, checkboxes as presence and text as the first value", () => {
    const result = parseForm(
      schema,
      form([
        ["name", " Ada "],
        ["name", "ignored"],
        ["email", "ada@example.org"],
        ["tags", "a"],
        ["tags", "c"],
        ["categories", "Hero"],
        ["newsletter", "on"],
        ["age", "36"],
        ["isAdmin", "true"],
      ]),
    );
    expect(result).toEqual({
      ok: true,
      data: { name: "Ada", email: "ada@example.org", tags: ["a", "c"], categories: ["Hero"], newsletter: true, age: 36 },
      values: { name: " Ada ", email: "ada@example.org", tags: ["a", "c"], categories: ["Hero"], newsletter: true, age: "36" },
    });
  });

  it("reads a missing field as empty, so the schema's own required message answers it", () => {
    const result = parseForm(schema, new FormData());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({ name: "Name is required", email: "Email is required", categories: "Pick at least one" });
    expect(result.values).toEqual({ name: "", email: "", tags: [], categories: [], newsletter: false, age: "" });
  });

  it("gives the first message per field and keeps what was typed", () => {
    const result = parseForm(
      schema,
      form([
        ["name", "Ada"],
        ["email", "ada@"],
        ["tags", "a"],
        ["tags", "z"],
        ["categories", ""],
      ]),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({ email: "Invalid email address", tags: "Unknown tag", categories: "Pick at least one" });
    expect(result.values).toMatchObject({ email: "ada@", tags: ["a", "z"] });
  });

  it("reports a whole-form rule on the field it names", () => {
    const result = parseForm(schema, form([["name", "root"], ["email", "root@example.org"], ["categories", "Hero"]]));
    expect(!result.ok && result.errors).toEqual({ name: "Name is taken" });
  });

  it("never reads a file as text", () => {
    const values = formInput(schema, form([["name", new Blob(["x"])], ["categories", new Blob(["y"])], ["categories", "Hero"]]));
    expect(values.name).toBe("");
    expect(values.categories).toEqual(["Hero"]);
  });

  it("reads every field of every branch of a union", () => {
    const actions = z.discriminatedUnion("intent", [
      z.object({ intent: z.literal("delete"), id: z.string().min(1, "Which one?") }),
      z.object({ intent: z.literal("move"), id: z.string().min(1, "Which one?"), direction: z.enum(["up", "down"]) }),
    ]);
    expect(formInput(actions, form([["intent", "move"]]))).toEqual({ intent: "move", id: "", direction: "" });
    const result = parseForm(actions, form([["intent", "move"], ["id", "7"], ["direction", "up"]]));
    expect(result.ok && result.data).toEqual({ intent: "move", id: "7", direction: "up" });
  });
});

describe("public forms", () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request("https://example.test/form", { method: "POST", body, headers });

  it("drops a post whose honeypot has text, before any parsing", async () => {
    expect(honeypotFilled(form([[HONEYPOT_FIELD, " "]]))).toBe(false);
    expect(honeypotFilled(form([[HONEYPOT_FIELD, "http://spam.example"]]))).toBe(true);
    const result = await readPublicForm(post(new URLSearchParams({ [HONEYPOT_FIELD]: "spam" })), schema);
    expect(result).toEqual({ ok: false, dropped: "honeypot" });
  });

  it("drops a body that is not a form", async () => {
    const result = await readPublicForm(post("{}", { "Content-Type": "application/json" }), schema);
    expect(result).toEqual({ ok: false, dropped: "unreadable" });
  });

  it("parses the rest like any form", async () => {
    const result = await readPublicForm(post(new URLSearchParams({ name: "Ada", email: "ada@example.org", categories: "Hero" })), schema);
    expect(result.ok).toBe(true);
  });
});
