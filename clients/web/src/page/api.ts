// The page's clients: Connect to the gateway that served the page.
import { createClient, ConnectError } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";

import { BadRequestSchema } from "../gen/google/rpc/error_details_pb.js";
import { Bridge, Kibitzer } from "../gen/kibitzer/v1/kibitzer_pb.js";

const transport = createConnectTransport({ baseUrl: location.origin });
export const kibitzer = createClient(Kibitzer, transport);
export const bridge = createClient(Bridge, transport);

export interface CallError {
  code: string;
  field: string; // the field the server named ("position.notation", "fixed[0]"), or ""
  reason: string;
}

// The server names the field at fault in the error's details, a google.rpc.BadRequest:
// "position.position.notation", "fixed[0]", "options[constraints]".
export function callError(e: unknown): CallError {
  const error = ConnectError.from(e);
  const code = String(error.code);
  const violation = error.findDetails(BadRequestSchema)[0]?.fieldViolations[0];
  return violation
    ? { code, field: violation.field, reason: violation.description }
    : { code, field: "", reason: error.rawMessage };
}

export function isAbort(e: unknown): boolean {
  return ConnectError.from(e).code === 1; // Code.Canceled
}
