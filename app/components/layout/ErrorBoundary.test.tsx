import { renderToReadableStream } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "~/root";

// The root route's real error boundary, rendered the way the server renders it (streaming, waiting
// for the error page's own chunk): the router starts with the error already recorded against the
// root route, as after a failed loader on the server.
async function renderRootError(error: unknown, siteName?: string): Promise<string> {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => <p>page content</p>,
      ErrorBoundary,
    },
  ]);
  const stream = await renderToReadableStream(
    <Stub
      initialEntries={["/"]}
      hydrationData={{ errors: { root: error }, loaderData: siteName ? { root: { siteName } } : {} }}
    />,
  );
  await stream.allReady;
  return new Response(stream).text();
}

function failure(): Error {
  const error = new Error("connect ECONNREFUSED db.internal:5432 password=hunter2");
  error.stack = `${error.message}\n    at loadProfiles (/srv/app/server/profiles.server.ts:42:7)`;
  return error;
}

function errorResponse(status: number, data: unknown) {
  return { status, statusText: "", internal: false, data };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("root error boundary", () => {
  it("shows a friendly 500 page and no error details in production", async () => {
    vi.stubEnv("DEV", false);
    vi.stubEnv("PROD", true);
    const html = await renderRootError(failure());
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Error 500");
    expect(html).toContain("<title>Something went wrong | CostumeCast</title>");
    expect(html).toContain('href="/"');
    expect(html).not.toContain("hunter2");
    expect(html).not.toContain("ECONNREFUSED");
    expect(html).not.toContain("profiles.server.ts");
    expect(html).not.toContain("page content");
  });

  it("shows the stack trace to a developer running in development", async () => {
    vi.stubEnv("DEV", true);
    vi.stubEnv("PROD", false);
    const html = await renderRootError(failure());
    expect(html).toContain("Something went wrong");
    expect(html).toContain("profiles.server.ts:42:7");
  });

  it("renders the not-found page for a 404 response, without the router's own message", async () => {
    vi.stubEnv("DEV", false);
    const html = await renderRootError({ ...errorResponse(404, new Error('No route matches URL "/x"')), internal: true });
    expect(html).toContain("Page not found");
    expect(html).toContain("Error 404");
    expect(html).not.toContain("No route matches");
  });

  it("shows a message a loader chose to throw, but never a router-internal one", async () => {
    vi.stubEnv("DEV", false);
    const chosen = await renderRootError(errorResponse(403, "Only admins can open this page."), "Cape Finder");
    expect(chosen).toContain("Only admins can open this page.");
    expect(chosen).toContain("<title>You don&#x27;t have access to this page | Cape Finder</title>");

    const internal = await renderRootError({
      ...errorResponse(405, new Error('You made a POST request to "/about" but did not provide an `action`')),
      internal: true,
    });
    expect(internal).toContain("Error 405");
    expect(internal).not.toContain("did not provide");
  });
});
