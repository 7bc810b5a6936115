import { json } from "@remix-run/node";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The dashboard's actions take HTML forms only. Anything else (a client that posts JSON to
 * /login, guessing the API) gets a 415 naming what to send, where `request.formData()`
 * alone throws a TypeError that became a 500 and a stack in the log.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) throw unsupportedBody();
  try {
    return await request.formData();
  } catch {
    // A multipart body whose boundary does not match its parts, or one cut short.
    throw json({ error: "The form body could not be read." }, { status: 400 });
  }
}

function unsupportedBody(): Response {
  return json(
    { error: "This page takes a form (application/x-www-form-urlencoded or multipart/form-data); the API is under /api and /auth/v1." },
    { status: 415 },
  );
}
