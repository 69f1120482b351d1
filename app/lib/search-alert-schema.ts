import { z } from "zod";
import { oneLine } from "./form";

// The alert form (SearchAlertForm, posted to /alerts), checked in the browser and again in the
// action. The search fields come from the search page as hidden fields; the server reads them the
// way /search reads its address, so a made-up state or city only narrows nothing.

export const searchAlertSchema = z.object({
  email: z.string().trim().min(1, "Email is required").max(254, "Invalid email address").pipe(z.email("Invalid email address")),
  q: oneLine(z.string().trim().max(200, "Please keep the search under 200 characters")),
  state: oneLine(z.string().trim().max(40, "Please choose a state from the list")),
  city: oneLine(z.string().trim().max(100, "Please keep the city under 100 characters")),
  // The place as the search page named it, only shown again by /alerts (without JavaScript) while
  // the form is still being filled in; the server works the place out from the search itself.
  place: oneLine(z.string().trim().max(120, "Please keep the place under 120 characters")),
});

export type SearchAlertInput = z.output<typeof searchAlertSchema>;
