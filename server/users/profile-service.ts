import type { EntityManager } from "@mikro-orm/postgresql";
import { AppError, unauthorized } from "../errors";
import type { UserMetadata } from "../identity/entities";
import { identityProvider } from "../identity/provider";
import { IdentityError, type ProviderUser } from "../identity/provider-types";
import type { SessionUser } from "../identity/session-cache";
import { deleteOwnedImage, storeImage } from "../images/stored-images";
import type { UpdateProfileInput } from "./schemas";

export interface Profile {
  id: string;
  email: string;
  displayName: string;
  avatarUrl: string;
}

function toProfile(user: ProviderUser): Profile {
  const meta = user.user_metadata ?? {};
  return {
    id: user.id,
    email: user.email,
    displayName: typeof meta.display_name === "string" ? meta.display_name : "",
    avatarUrl: typeof meta.avatar_url === "string" ? meta.avatar_url : "",
  };
}

/** Provider refusals become the spec's 400 with the provider's own text. */
async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IdentityError) {
      if (error.status === 401) throw unauthorized();
      throw new AppError("IDENTITY_REJECTED", error.message);
    }
    throw error;
  }
}

/** The profile lives in the identity provider's user_metadata and is read back from it. */
export async function getProfile(em: EntityManager, session: SessionUser): Promise<Profile> {
  return toProfile(await viaProvider(() => identityProvider(em).getUser(session.accessToken)));
}

export async function updateProfile(em: EntityManager, session: SessionUser, input: UpdateProfileInput): Promise<Profile> {
  const provider = identityProvider(em);
  const current = await viaProvider(() => provider.getUser(session.accessToken));
  const changes: UserMetadata = {};
  if (input.displayName !== undefined) changes.display_name = input.displayName;
  const oldAvatar = toProfile(current).avatarUrl;
  if (input.clearAvatar === true) changes.avatar_url = null as unknown as string;
  if (Object.keys(changes).length === 0) return toProfile(current);
  const updated = await viaProvider(() => provider.updateUser(session.accessToken, changes));
  if (input.clearAvatar === true && oldAvatar) await deleteOwnedImage("user", session.userId, oldAvatar);
  return toProfile(updated);
}

export async function setAvatar(em: EntityManager, session: SessionUser, file: Uint8Array): Promise<{ avatarUrl: string }> {
  const provider = identityProvider(em);
  const previous = toProfile(await viaProvider(() => provider.getUser(session.accessToken))).avatarUrl;
  const stored = await storeImage("user", session.userId, file);
  try {
    await viaProvider(() => provider.updateUser(session.accessToken, { avatar_url: stored.url }));
  } catch (error) {
    await deleteOwnedImage("user", session.userId, stored.url);
    throw error;
  }
  if (previous) await deleteOwnedImage("user", session.userId, previous);
  return { avatarUrl: stored.url };
}
