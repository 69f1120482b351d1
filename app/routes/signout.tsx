import { redirect } from "react-router";
import type { Route } from "./+types/signout";

export async function action({ request, context }: Route.ActionArgs) {
  const result = await context.auth.api.signOut({ headers: request.headers, returnHeaders: true });
  return redirect("/", { headers: result.headers });
}

export function loader() {
  return redirect("/");
}
