// The page's clients: Connect to the gateway that served the page.
import { createClient, ConnectError } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";

import { Bridge, Kibitzer } from "../gen/kibitzer/v1/kibitzer_pb.js";

const transport = createConnectTransport({ baseUrl: location.origin });
export const kibitzer = createClient(Kibitzer, transport);
export const bridge = createClient(Bridge, transport);

export interface CallError {
  code: string;
  field: string; // the field the server named ("position.notation", "fixed[0]"), or ""
  reason: string;
}

// The server names the field at fault first: "position.notation: hand 2 has 12 cards".
// An index may be a number or a key: "fixed[0]", "options[constraints]".
const FIELD = /^([A-Za-z_][A-Za-z0-9_]*(?:\[[A-Za-z0-9_]+\])?(?:\.[A-Za-z_][A-Za-z0-9_]*(?:\[[A-Za-z0-9_]+\])?)*): /;

export function callError(e: unknown): CallError {
  const error = ConnectError.from(e);
  const match = FIELD.exec(error.rawMessage);
  const code = String(error.code);
  return match
    ? { code, field: match[1], reason: error.rawMessage.slice(match[0].length) }
    : { code, field: "", reason: error.rawMessage };
}

export function isAbort(e: unknown): boolean {
  return ConnectError.from(e).code === 1; // Code.Canceled
}
