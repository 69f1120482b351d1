import { escapeLike } from "../db/sql-values.server";

// Paging shared by the admin sections: pages are 1-based, sizes bounded.

export const ADMIN_PAGE_SIZE = 25;

export interface PageRequest {
  page?: number;
  pageSize?: number;
  search?: string | null;
}

export interface Paged<T> {
  rows: T[];
  page: number;
  pageSize: number;
  /** Rows matching the filter and search. */
  total: number;
}

export function pageBounds(request: PageRequest): { page: number; pageSize: number; offset: number } {
  const pageSize = Math.min(100, Math.max(1, Math.floor(request.pageSize ?? ADMIN_PAGE_SIZE)));
  const page = Math.max(1, Math.floor(request.page ?? 1) || 1);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** A search term as an ILIKE pattern (wildcards typed by the admin match literally), or null. */
export function likePattern(search: string | null | undefined): string | null {
  const term = search?.trim();
  if (!term) return null;
  return `%${escapeLike(term)}%`;
}

/** True when the error is PostgreSQL's check_violation for the named constraint. */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === "23514" && (name === constraint || message?.includes(constraint))) return true;
  }
  return false;
}
