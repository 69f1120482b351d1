// Placeholder: the shortlist page (issue 14) is being built.
export default function ShortlistRoute() {
  return <div className="mx-auto max-w-6xl px-4 py-8"><h1 className="text-2xl font-bold">Your shortlist</h1></div>;
}
