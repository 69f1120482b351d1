import type { Route } from "./+types/captcha";
import { issueCaptcha } from "~/server/inquiries/captcha.server";

// A fresh math question for the inquiry form, fetched by the browser after the (cacheable) profile
// page loads. Every answer is different, so nothing may store it.
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(issueCaptcha(context.config.authSecret), {
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
