import { DOMParser } from "@xmldom/xmldom";

/** XML parsed strictly: any parse error (xmldom would otherwise recover and guess) is null. No DTD is ever accepted. */
export function parseStrictXml(xml: string): Document | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  let errors = 0;
  const count = () => void (errors += 1);
  try {
    const doc = new DOMParser({ errorHandler: { warning: () => undefined, error: count, fatalError: count } }).parseFromString(xml, "text/xml");
    return errors === 0 && doc?.documentElement ? (doc as unknown as Document) : null;
  } catch {
    return null;
  }
}
