import { z } from "zod";

/**
 * Building blocks of the response shapes (each area's `*Output` schemas): the procedures'
 * return types, the REST answers, the OpenAPI document and the dashboard's view types all
 * come from those schemas, so a shape is written once.
 */
export const uuidOutput = z.uuid();
export const isoTimeOutput = z.iso.datetime();
export const roleOutput = z.enum(["owner", "member", "viewer"]);
