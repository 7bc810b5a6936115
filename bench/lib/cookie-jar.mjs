/** A browser's cookies across the authorize redirects (one origin, so no path rules needed). */
export class Jar {
  cookies = new Map();
  constructor(initial = "") {
    for (const part of initial.split(/;\s*/)) this.put(part);
  }
  put(pair) {
    const at = pair.indexOf("=");
    if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  take(headers) {
    for (const line of headers.getSetCookie()) this.put(line.split(";")[0]);
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}
