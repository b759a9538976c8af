import type { Route } from "./+types/home";

export function meta(_args: Route.MetaArgs) {
  return [
    { title: "Balkan Heritage" },
    { name: "description", content: "Preserving and promoting Balkan culture, arts and heritage." },
  ];
}

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-semibold">Balkan Heritage</h1>
      <p className="mt-4">Preserving and promoting Balkan culture, arts and heritage.</p>
    </main>
  );
}
