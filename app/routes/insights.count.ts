// Placeholder: the insights counting endpoint (issue 14) is being built.
export function action() {
  return new Response(null, { status: 204 });
}
