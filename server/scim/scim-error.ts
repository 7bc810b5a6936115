/** RFC 7644 section 3.12: the error body every SCIM refusal carries. */
export const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

export type ScimType =
  | "invalidFilter"
  | "tooMany"
  | "uniqueness"
  | "mutability"
  | "invalidSyntax"
  | "invalidPath"
  | "noTarget"
  | "invalidValue"
  | "invalidVers"
  | "sensitive";

/** A refusal in SCIM's words: its status, `scimType` where RFC 7644 table 9 names one, and a detail for people. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }

  /** `status` is a string in SCIM's body (RFC 7644 section 3.12). */
  body(): Record<string, unknown> {
    return { schemas: [ERROR_SCHEMA], status: String(this.status), ...(this.scimType ? { scimType: this.scimType } : {}), detail: this.detail };
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, "invalidValue");
export const invalidSyntax = (detail: string) => new ScimError(400, detail, "invalidSyntax");
export const invalidFilter = (detail: string) => new ScimError(400, detail, "invalidFilter");
export const invalidPath = (detail: string) => new ScimError(400, detail, "invalidPath");
export const noTarget = (detail: string) => new ScimError(400, detail, "noTarget");
export const notFound = (detail: string) => new ScimError(404, detail);
export const uniqueness = (detail: string) => new ScimError(409, detail, "uniqueness");
