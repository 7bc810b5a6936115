import { getConfig } from "../../platform/config";
import { BrokerError, getConnectedAccount } from "../oauth/broker-client";
import { settled, skipped, transient, type CheckOutcome } from "./check-outcome";

/**
 * A broker connection's health is the broker's status of its connected account (issue 19):
 * ACTIVE is active; EXPIRED (the provider's grant ended) and INITIATED (consent never
 * finished) need a person to connect again; FAILED is an error; an account the broker no
 * longer knows (404) is revoked. No API key: nothing can be asked, nothing is judged.
 */
export async function checkBrokerAccount(accountId: string | undefined): Promise<CheckOutcome> {
  if (!getConfig().BROKER_API_KEY || !accountId) return skipped;
  try {
    const account = await getConnectedAccount(accountId);
    const status = String(account.status ?? "").toUpperCase();
    if (status === "ACTIVE") return settled("active");
    if (status === "EXPIRED") return settled("needs_reauth", "The broker says the account's authorisation expired");
    if (status === "INITIATED") return settled("needs_reauth", "The broker says the account was never fully connected");
    if (status === "FAILED") return settled("error", "The broker says the account failed");
    return settled("error", `The broker says the account is ${status.slice(0, 40) || "in no known state"}`);
  } catch (error) {
    if (!(error instanceof BrokerError)) throw error;
    if (error.status === 404) return settled("revoked", "The broker no longer has this account");
    if (error.status === null || error.status >= 500 || error.status === 429) return transient(error.message);
    return settled("error", error.message);
  }
}
