import { type AuthUser } from "../identity";

/** The session a factor call comes from: its account, its id, the level it reached, its address. */
export interface MfaCaller {
  user: AuthUser;
  sessionId: string;
  aal: "aal1" | "aal2";
  clientAddress: string | null;
}
