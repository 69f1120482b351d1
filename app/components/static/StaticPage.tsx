import type { ReactNode } from "react";
import { Prose } from "./Prose";

interface StaticPageProps {
  title: string;
  intro?: ReactNode;
  /** Shown under the heading of legal pages, e.g. "May 16, 2025". */
  lastUpdated?: string;
  /** Content outside the prose column, e.g. call-to-action buttons. */
  aside?: ReactNode;
  children: ReactNode;
}

/** The shared frame of a text page: one h1, an optional intro, then readable prose. */
export function StaticPage({ title, intro, lastUpdated, aside, children }: StaticPageProps) {
  return (
    <>
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          {lastUpdated ? <p className="mt-3 text-sm font-medium text-slate-700">Last updated: {lastUpdated}</p> : null}
          {intro ? <div className="mt-4 text-lg leading-8 text-slate-700">{intro}</div> : null}
        </div>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-12">
        <Prose>{children}</Prose>
        {aside ? <div className="mt-12">{aside}</div> : null}
      </div>
    </>
  );
}
