/** The strings every text field is attacked with (tests/faults/hostile-strings*.test.ts). */
export const HOSTILE: Record<string, string> = {
  "NUL": "Acme\u0000Corp",
  "lone high surrogate": "Acme\ud800",
  "lone low surrogate": "\udfffAcme",
  "bell (C0 control)": "Acme\u0007",
  "C1 control": "Acme\u0085",
  "newline": "Acme\nCorp",
  "tab": "Acme\tCorp",
  "right-to-left override": "Acme\u202Etxt.exe",
  "line separator": "Acme\u2028Corp",
  "1 MB": "a".repeat(1024 * 1024),
};
