import { OnceFooter } from "./OnceFooter";
import { useCopy } from "./use-copy";

/**
 * Ten recovery codes, shown this once (the server keeps hashes only): Copy puts them on the
 * clipboard, Download saves them as a text file.
 */
export function RecoveryCodesBox({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join("\n")}\n`;
  const { ref, status, copy } = useCopy<HTMLOListElement>(text, "the codes");
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`Recovery codes for svc. Each works once, in place of a code from your authenticator app.\n\n${text}`)}`;
  return (
    <section className="once-key" aria-label="Recovery codes">
      <p className="once-key-title">Your recovery codes</p>
      <p className="once-key-warning" role="note">
        Save them now: this is the only time they are shown. If you lose your phone, each code signs you in once.
      </p>
      <ol ref={ref} className="recovery-codes mono" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="button-row">
        <button type="button" className="btn btn-primary btn-sm" onClick={copy}>Copy</button>
        <a className="btn btn-secondary btn-sm" href={download} download="svc-recovery-codes.txt">Download</a>
      </div>
      <OnceFooter status={status} doneLabel="I have saved them" onDone={onDone} />
    </section>
  );
}
