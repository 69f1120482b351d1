import { lazy, useContext, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  type LinkDescriptor,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appStylesHref from "./app.css?url";
import { Footer } from "~/components/layout/Footer";
import { Header } from "~/components/layout/Header";
import { notify } from "~/components/layout/notify";
import { Toasts } from "~/components/layout/Toasts";
import { WelcomePopup } from "~/components/layout/WelcomePopup";
import { errorTitle } from "~/components/layout/error-text";
import { CspNonce } from "~/lib/csp-nonce";
import { replayEarlyInput } from "~/lib/early-input";
import { getSessionUser } from "~/server/auth/auth.server";
import { readFlash } from "~/server/http/flash.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  const { flash, headers } = await readFlash(context, request);
  return data(
    {
      user: user ? { id: user.id, email: user.email, isAdmin: user.isAdmin } : null,
      flash,
      origin: context.config.publicUrl,
      siteName: context.config.siteName,
      demoMode: context.config.demoMode,
      contactEmails: context.config.contactEmails,
    },
    { headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export const links: Route.LinksFunction = () => [
  // `precedence` makes React emit the stylesheet early in <head>, ahead of the links it hoists there.
  // First paint waits on this file and the HTML only: the scripts wait for the page (entry.server.tsx).
  { rel: "stylesheet", href: appStylesHref, precedence: "default" } as LinkDescriptor,
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * Zod compiles object parsers with `new Function` when it can, probing for that as each schema is
 * built; under a policy without 'unsafe-eval' the probe, though caught, is reported as a violation.
 * `jitless` (on the global object every copy of Zod reads) skips it. It must be set before any
 * schema module runs, so it is a classic inline script ahead of the module scripts. The forms are
 * small: the interpreted parser is as quick as anyone can notice.
 */
const ZOD_JITLESS = "(globalThis.__zod_globalConfig ??= {}).jitless = true;";

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const siteName = root?.siteName ?? "CostumeCast";
  // Set on the server only (entry.server.tsx): the policy allows the page's own inline scripts by it.
  const nonce = useContext(CspNonce);
  // The layout's effect runs after every other on the page, once the whole page is hydrated.
  useEffect(() => replayEarlyInput(), []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6d28d9" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <Header siteName={siteName} user={root?.user ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        {/* Before the footer: on a phone the announcement is a banner at the end of the content. */}
        <WelcomePopup />
        <Footer siteName={siteName} />
        <Toasts />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const flash = loaderData.flash;
  useEffect(() => {
    // A toast with a button (the admin's Undo) is raised by its own page, whose code it needs.
    if (!flash || flash.action) return;
    notify(flash.type, flash.message);
  }, [flash]);
  return <Outlet />;
}

// Loaded only when an error is shown, so no page's first download carries it. No Suspense boundary
// on purpose: the server waits for it and sends the whole error page, and hydration keeps that
// HTML until the chunk arrives.
const ErrorPage = lazy(() => import("~/components/layout/ErrorPage").then((m) => ({ default: m.ErrorPage })));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const siteName = useRouteLoaderData<typeof loader>("root")?.siteName ?? "CostumeCast";
  if (isRouteErrorResponse(error)) {
    // Only a message a loader chose to throw (a string) is shown; router-internal errors carry developer text.
    const message = error.status !== 404 && typeof error.data === "string" ? error.data : undefined;
    return <ErrorPage status={error.status} message={message} documentTitle={errorTitle(error.status, siteName)} />;
  }
  // Details only in development: production never shows a stack trace.
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorPage status={500} detail={detail} documentTitle={errorTitle(500, siteName)} />;
}
