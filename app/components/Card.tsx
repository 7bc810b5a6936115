import { useId, type ReactNode } from "react";

/** A titled panel; the title names the region for assistive tech and role-based tests. */
export function Card({
  title,
  description,
  children,
  footer,
  layout = "stacked",
  anchor,
}: {
  title: string;
  /** The section's `id`, for links to it (a mail's `/profile#sessions`). */
  anchor?: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** "split" puts the title and description beside the panel, as settings pages do. */
  layout?: "stacked" | "split";
}) {
  const id = useId();
  if (layout === "split") {
    return (
      <section className="section-split" aria-labelledby={id} id={anchor}>
        <CardHeading className="section-intro" id={id} title={title} description={description} />
        <div className="card">
          <div className="card-body">{children}</div>
          {footer ? <div className="card-footer">{footer}</div> : null}
        </div>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby={id} id={anchor}>
      <CardHeading className="card-header" id={id} title={title} description={description} />
      <div className="card-body">{children}</div>
      {footer ? <div className="card-footer">{footer}</div> : null}
    </section>
  );
}

/** The card's title (naming its region) and description, beside the panel or atop it. */
function CardHeading({ className, id, title, description }: { className: string; id: string; title: string; description?: ReactNode }) {
  return (
    <div className={className}>
      <h2 id={id} className="card-title">{title}</h2>
      {description ? <p className="card-description">{description}</p> : null}
    </div>
  );
}

export function Callout({ tone = "info", title, children }: { tone?: "info" | "warning" | "locked"; title?: string; children: ReactNode }) {
  return (
    <div className={`callout callout-${tone}`} role="note">
      {title ? <p className="callout-title">{title}</p> : null}
      <p className="callout-text">{children}</p>
    </div>
  );
}
