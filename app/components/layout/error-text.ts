// Kept apart from ErrorPage.tsx: the root's error boundary names the page's <title> at once, while
// the page itself loads only when an error is shown.

export function headingFor(status: number): string {
  if (status === 404) return "Page not found";
  if (status === 401 || status === 403) return "You don't have access to this page";
  if (status >= 400 && status < 500) return "We couldn't handle that request";
  return "Something went wrong";
}

/** The `<title>` text for an error page. */
export function errorTitle(status: number, siteName: string): string {
  return `${headingFor(status)} | ${siteName}`;
}
