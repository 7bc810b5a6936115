import type { TestReport } from "~/lib/sso-types";

/** The last "test the connection": what the identity provider sent back, or why it was refused. */
export function TestReportView({ report, fresh }: { report: TestReport | null; fresh: boolean }) {
  if (!report) return null;
  return (
    <div className={`callout ${report.ok ? "callout-info" : "callout-warning"}`} role={fresh ? "status" : "note"} aria-label="Connection test report">
      <p className="callout-title">{report.ok ? "The connection works" : "The test sign-in was refused"}</p>
      {report.ok ? (
        <dl className="callout-text" style={{ overflowWrap: "anywhere" }}>
          <dt>Subject</dt>
          <dd className="mono">{report.subject}</dd>
          <dt>Email</dt>
          <dd className="mono">{report.email}</dd>
          {report.mappedRole ? (
            <>
              <dt>A sign-in would give</dt>
              <dd>
                {report.mappedName ? <span className="mono">{report.mappedName}</span> : "No name"}, role <span className="mono">{report.mappedRole}</span> (for a new member; an owner keeps ownership)
              </dd>
            </>
          ) : null}
          <dt>Attributes</dt>
          <dd>
            <pre className="mono" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", margin: 0 }}>{JSON.stringify(report.attributes, null, 2)}</pre>
          </dd>
        </dl>
      ) : (
        <p className="callout-text">{report.error}</p>
      )}
      <p className="callout-text">Tested {new Date(report.at).toUTCString()}. Nothing was changed: nobody was signed in.</p>
    </div>
  );
}
