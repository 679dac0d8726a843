// Who may call a server reached over the network: TLS (with client certificates for mutual TLS)
// and bearer tokens.
//
// A token file has one client a line, `NAME TOKEN [max-queries=N]` (# starts a comment): NAME
// (1 to 64 of A-Z a-z 0-9 . _ -) is the client its calls count as, wherever they connect from;
// TOKEN (16 to 256 printable characters) is what its calls send as `authorization: Bearer TOKEN`;
// max-queries, at most the server's per-client limit, lowers that client's share. With tokens,
// every call but the health service's (and reflection's where asked) must bring a known one (else
// UNAUTHENTICATED): TokenAuth, the server's auth metadata
// processor, refuses a call without one; the handlers then find the client by the call's token
// (ClientOf). Properties added to an auth context outlive the call (they are the connection's), so
// the token is looked up for each call, never read back from the context.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "grpcpp/security/auth_metadata_processor.h"
#include "grpcpp/security/server_credentials.h"

namespace kibitzer::service {

struct TokenClient {
  std::string name;
  std::string token;
  int max_queries = 0;  // 0: the server's per-client limit
};

// Parses a token file's text; errors name `source`, the line and the problem.
absl::StatusOr<std::vector<TokenClient>> ParseTokens(const std::string& text,
                                                     const std::string& source);

class TokenAuth final : public grpc::AuthMetadataProcessor {
 public:
  // `open_reflection`: server reflection needs no token either (the health service never does).
  explicit TokenAuth(std::vector<TokenClient> clients, bool open_reflection = false)
      : clients_(std::move(clients)), open_reflection_(open_reflection) {}
  bool IsBlocking() const override { return false; }  // a lookup in memory
  grpc::Status Process(const InputMetadata& auth_metadata, grpc::AuthContext* context,
                       OutputMetadata* consumed_auth_metadata,
                       OutputMetadata* response_metadata) override;
  // The client of `token`, or null; compares with every token in constant time.
  const TokenClient* Find(std::string_view token) const;

 private:
  std::vector<TokenClient> clients_;
  bool open_reflection_;
};

// A front door (the web gateway) serves many users over its own connections. A call that brings
// the front door's secret (metadata kibitzer-front-door) may name the session it is for (metadata
// kibitzer-session): that session is then a client of its own, with its own share, turns, searches
// and held positions, whoever connects. A call without the secret may not name a session.
// A secret is 16 to 256 printable characters (one line of its file); compared in constant time.
class FrontDoor {
 public:
  explicit FrontDoor(std::string secret) : secret_(std::move(secret)) {}
  bool Opens(std::string_view secret) const;

 private:
  std::string secret_;
};

// Whether a PEM certificate may authenticate a client: its extended key usage names clientAuth (a
// server's certificate from the same CA, or one with no stated usage, may not).
bool AllowsClientAuth(const std::string& pem);

// Parses a secret file's text (the first line, trimmed); errors name `source`.
absl::StatusOr<std::string> ParseSecret(const std::string& text, const std::string& source);

// What a server checks of its callers: the tokens they must bring and the front door that may name
// sessions (either may be null).
struct CallerRules {
  std::shared_ptr<const TokenAuth> tokens;
  std::shared_ptr<const FrontDoor> front_door;
};

struct SecurityOptions {
  std::string listen = "";    // the address the server listens on
  std::string tls_cert = "";  // PEM files; both or neither
  std::string tls_key = "";
  std::string tls_client_ca = "";  // mutual TLS: clients must present a certificate this CA signed
  std::string auth_tokens = "";    // a token file
  bool open_reflection = false;    // with tokens: reflection answers without one
  std::string front_door_secret = "";  // a file holding the front door's secret
  // gRPC listens on a Unix socket behind kibitzerd's connection gate (connection_gate.h), which
  // listens on `listen`.
  bool relayed = false;
};

struct ServerSecurity {
  std::shared_ptr<grpc::ServerCredentials> credentials;
  CallerRules rules;                  // tokens null without --auth-tokens
  std::vector<std::string> warnings;  // for the log: e.g. listening off loopback without TLS
};

// True for a loopback address (127.0.0.0/8, [::1], localhost) or a Unix socket.
bool IsLocalAddress(const std::string& listen);

// The credentials the flags ask for. Tokens need TLS except on a local address (there the
// connection is checked to be local). Errors name the flag.
absl::StatusOr<ServerSecurity> MakeServerSecurity(const SecurityOptions& options);

}  // namespace kibitzer::service
