import { Link, useLocation } from "@remix-run/react";

/**
 * Newest-first pages: "Newest" back to the start and "Older" to the next page, as plain
 * links (`?cursor=`), so any list can page without JavaScript.
 */
export function Pager({ nextCursor, label }: { nextCursor: string | null; label: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const paged = params.has("cursor");
  if (!paged && !nextCursor) return null;
  const to = (cursor: string | null) => {
    const next = new URLSearchParams(params);
    if (cursor) next.set("cursor", cursor);
    else next.delete("cursor");
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  return (
    <nav className="pager" aria-label={label}>
      {paged ? <Link to={to(null)} className="btn btn-secondary btn-sm">Newest</Link> : <span />}
      {nextCursor ? <Link to={to(nextCursor)} className="btn btn-secondary btn-sm" rel="next">Older</Link> : null}
    </nav>
  );
}
