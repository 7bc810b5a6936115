import type { EntityManager } from "@mikro-orm/postgresql";
import { type UserMetadata, identityProvider, recordAccountChange, type ProviderUser, type SessionUser } from "../identity";
import { viaProvider } from "./via-provider";
import { deleteOwnedImage, prepareImage, storeImage } from "../images";
import { imageOwnerLocks } from "../platform/async/keyed-mutex";
import type { Profile, UpdateProfileInput } from "./schemas";


function toProfile(user: ProviderUser): Profile {
  const meta = user.user_metadata ?? {};
  return {
    id: user.id,
    email: user.email,
    displayName: typeof meta.display_name === "string" ? meta.display_name : "",
    avatarUrl: typeof meta.avatar_url === "string" ? meta.avatar_url : "",
  };
}

/** The profile lives in the identity provider's user_metadata and is read back from it. */
export async function getProfile(em: EntityManager, session: SessionUser): Promise<Profile> {
  return toProfile(await viaProvider(() => identityProvider(em).getUser(session.accessToken)));
}

export async function updateProfile(em: EntityManager, session: SessionUser, input: UpdateProfileInput): Promise<Profile> {
  // Clearing the avatar reads, changes and deletes the avatar reference: one at a time with
  // uploads by the same user, or an upload landing in between would be left unreferenced.
  // A fresh fork reads the user from the database, never from an earlier identity map copy.
  if (input.clearAvatar === true) return imageOwnerLocks.run(`user:${session.userId}`, () => applyProfileUpdate(em.fork(), session, input));
  return applyProfileUpdate(em, session, input);
}

async function applyProfileUpdate(em: EntityManager, session: SessionUser, input: UpdateProfileInput): Promise<Profile> {
  const provider = identityProvider(em);
  const current = await viaProvider(() => provider.getUser(session.accessToken));
  const changes: UserMetadata = {};
  if (input.displayName !== undefined) changes.display_name = input.displayName;
  const oldAvatar = toProfile(current).avatarUrl;
  if (input.clearAvatar === true) changes.avatar_url = null as unknown as string;
  if (Object.keys(changes).length === 0) return toProfile(current);
  const updated = await viaProvider(() => provider.updateUser(session.accessToken, changes));
  if (input.clearAvatar === true && oldAvatar) await deleteOwnedImage("user", session.userId, oldAvatar);
  const fields: Record<string, unknown> = {};
  if (input.displayName !== undefined && input.displayName !== toProfile(current).displayName) fields.displayName = input.displayName;
  if (input.clearAvatar === true && oldAvatar) fields.avatar = "removed";
  if (Object.keys(fields).length > 0) await recordProfileChange(em, session.userId, fields);
  return toProfile(updated);
}

/**
 * A profile change in the audit log of each of the person's workspaces (names and whether
 * the picture changed; never the image itself). The profile lives at the identity provider,
 * which may be hosted: the row is written once the provider took the change.
 */
function recordProfileChange(em: EntityManager, userId: string, data: Record<string, unknown>): Promise<void> {
  return em.transactional((tx) => recordAccountChange(tx, userId, { audit: "profile.updated", data, target: { type: "user", id: userId } }));
}

/**
 * Decodes and re-encodes the upload first (in parallel with anything else), then, one at a
 * time per user: read the previous avatar, store the new one, point the metadata at it and
 * delete the previous object. Ten concurrent uploads so leave exactly one object: the one
 * the metadata names.
 */
export async function setAvatar(em: EntityManager, session: SessionUser, file: Uint8Array): Promise<{ avatarUrl: string }> {
  const image = await prepareImage(file);
  return imageOwnerLocks.run(`user:${session.userId}`, async () => {
    // A fresh fork: the previous avatar comes from the database as it is now, not from an
    // identity-map copy read before this upload's turn came.
    const provider = identityProvider(em.fork());
    const previous = toProfile(await viaProvider(() => provider.getUser(session.accessToken))).avatarUrl;
    const stored = await storeImage("user", session.userId, image);
    try {
      await viaProvider(() => provider.updateUser(session.accessToken, { avatar_url: stored.url }));
    } catch (error) {
      await deleteOwnedImage("user", session.userId, stored.url);
      throw error;
    }
    if (previous && previous !== stored.url) await deleteOwnedImage("user", session.userId, previous);
    await recordProfileChange(em.fork(), session.userId, { avatar: "uploaded" });
    return { avatarUrl: stored.url };
  });
}
