import { z } from "zod";
import { AUDIENCES } from "./audience";
import { AUDIENCE_REQUIRED } from "./audience-rules";

// The dashboard's one-question form for a performer whose profile has no audience answer yet. It
// posts to /dashboard with this intent beside the inbox's own.

export const AUDIENCE_INTENT = "audience";

export const audienceAnswerSchema = z.object({
  intent: z.literal(AUDIENCE_INTENT),
  audience: z.enum(AUDIENCES, AUDIENCE_REQUIRED),
});
