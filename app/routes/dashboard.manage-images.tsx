// Placeholder until this page's issue lands.
export default function Page() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">dashboard.manage-images</h1>
    </div>
  );
}
