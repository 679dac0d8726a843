#include "service/auth.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/core/quote.h"
#include "grpcpp/security/server_credentials.h"
#include "openssl/pem.h"
#include "openssl/x509v3.h"

namespace kibitzer::service {
namespace {

absl::StatusOr<std::string> ReadFile(const std::string& path, const std::string& flag) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::InvalidArgumentError(absl::StrCat(flag, ": cannot read ", path));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool IsNameChar(char c) {
  return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
}

}  // namespace

absl::StatusOr<std::vector<TokenClient>> ParseTokens(const std::string& text,
                                                     const std::string& source) {
  std::vector<TokenClient> clients;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    const size_t hash = line.find('#');
    if (hash != absl::string_view::npos) line = line.substr(0, hash);
    std::vector<absl::string_view> words =
        absl::StrSplit(line, absl::ByAnyChar(" \t\r"), absl::SkipEmpty());
    if (words.empty()) continue;
    auto bad = [&](const std::string& why) {
      return absl::InvalidArgumentError(absl::StrCat(source, ": line ", line_number, ": ", why));
    };
    if (words.size() < 2 || words.size() > 3) return bad("expected NAME TOKEN [max-queries=N]");
    TokenClient c;
    c.name = std::string(words[0]);
    c.token = std::string(words[1]);
    if (c.name.size() > 64 || !std::all_of(c.name.begin(), c.name.end(), IsNameChar)) {
      return bad("a name is 1 to 64 of A-Z a-z 0-9 . _ -");
    }
    if (c.token.size() < 16 || c.token.size() > 256) {
      return bad("a token is 16 to 256 characters (make it long and random)");
    }
    if (words.size() == 3) {
      absl::string_view limit = words[2];
      if (!absl::ConsumePrefix(&limit, "max-queries=") ||
          !absl::SimpleAtoi(limit, &c.max_queries) || c.max_queries < 1) {
        return bad("expected max-queries=N with N at least 1");
      }
    }
    for (const TokenClient& other : clients) {
      if (other.token == c.token) return bad("this token is given twice");
      if (other.name == c.name) return bad(absl::StrCat("client ", c.name, " is named twice"));
    }
    clients.push_back(std::move(c));
  }
  if (clients.empty()) return absl::InvalidArgumentError(absl::StrCat(source, ": no tokens"));
  return clients;
}

namespace {

// Whether `given` is `known`, comparing every byte of `known` whatever matches: the time says
// nothing of the secret.
bool SameSecret(std::string_view known, std::string_view given) {
  unsigned diff = known.size() != given.size() ? 1 : 0;
  for (size_t i = 0; i < known.size(); ++i) {
    diff |= static_cast<unsigned char>(known[i]) ^
            static_cast<unsigned char>(i < given.size() ? given[i] : 0);
  }
  return diff == 0;
}

// A secret of `flag` may not be taken in the clear off this machine.
absl::Status RefuseInTheClear(const char* flag, const char* what, const std::string& listen) {
  return absl::InvalidArgumentError(
      absl::StrCat(flag, ": ", what,
                   " would cross the network in the clear: give --tls-cert and --tls-key, "
                   "or listen on loopback or a Unix socket (not ",
                   core::Quote(listen), ")"));
}

}  // namespace

const TokenClient* TokenAuth::Find(std::string_view token) const {
  const TokenClient* found = nullptr;
  for (const TokenClient& c : clients_) {
    if (SameSecret(c.token, token)) found = &c;  // every token compared, whichever matches
  }
  return found;
}

// Adds nothing to the auth context: what is added there is the connection's, and outlives the
// call (ClientOf looks the token up again).
grpc::Status TokenAuth::Process(const InputMetadata& auth_metadata, grpc::AuthContext*,
                                OutputMetadata*, OutputMetadata*) {
  // The health service answers without a token: a balancer's or Kubernetes' probe sends none,
  // and it tells nothing but whether the server serves.
  if (const auto path = auth_metadata.find(":path"); path != auth_metadata.end()) {
    const absl::string_view method(path->second.data(), path->second.size());
    if (absl::StartsWith(method, "/grpc.health.v1.Health/") ||
        (open_reflection_ && absl::StartsWith(method, "/grpc.reflection.v1alpha."))) {
      return grpc::Status::OK;
    }
  }
  const auto it = auth_metadata.find("authorization");
  if (it == auth_metadata.end()) {
    return grpc::Status(grpc::UNAUTHENTICATED,
                        "metadata authorization: required: Bearer and a token this server knows");
  }
  absl::string_view value(it->second.data(), it->second.size());
  if (!absl::ConsumePrefix(&value, "Bearer ")) {
    return grpc::Status(grpc::UNAUTHENTICATED, "metadata authorization: expected 'Bearer TOKEN'");
  }
  const TokenClient* client = Find(std::string_view(value.data(), value.size()));
  if (client == nullptr) {
    return grpc::Status(grpc::UNAUTHENTICATED, "metadata authorization: unknown token");
  }
  return grpc::Status::OK;
}

bool AllowsClientAuth(const std::string& pem) {
  BIO* bio = BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
  if (bio == nullptr) return false;
  X509* cert = PEM_read_bio_X509(bio, nullptr, nullptr, nullptr);
  BIO_free(bio);
  if (cert == nullptr) return false;
  const bool stated = (X509_get_extension_flags(cert) & EXFLAG_XKUSAGE) != 0;
  const bool client = stated && (X509_get_extended_key_usage(cert) & XKU_SSL_CLIENT) != 0;
  X509_free(cert);
  return client;
}

bool FrontDoor::Opens(std::string_view secret) const { return SameSecret(secret_, secret); }

absl::StatusOr<std::string> ParseSecret(const std::string& text, const std::string& source) {
  absl::string_view line = text;
  line = line.substr(0, line.find('\n'));
  line = absl::StripAsciiWhitespace(line);
  const bool printable =
      std::all_of(line.begin(), line.end(), [](char c) { return c > ' ' && c < 127; });
  if (line.size() < 16 || line.size() > 256 || !printable) {
    return absl::InvalidArgumentError(absl::StrCat(
        source, ": the secret must be one line of 16 to 256 printable characters without spaces"));
  }
  return std::string(line);
}

bool IsLocalAddress(const std::string& listen) {
  if (absl::StartsWith(listen, "unix:") || absl::StartsWith(listen, "unix-abstract:")) return true;
  absl::string_view host(listen);
  if (!absl::ConsumePrefix(&host, "ipv4:")) absl::ConsumePrefix(&host, "ipv6:");
  const size_t colon = host.rfind(':');
  if (colon != absl::string_view::npos) host = host.substr(0, colon);
  return host == "localhost" || host == "[::1]" || absl::StartsWith(host, "127.");
}

absl::StatusOr<ServerSecurity> MakeServerSecurity(const SecurityOptions& o) {
  ServerSecurity out;
  const bool tls = !o.tls_cert.empty() || !o.tls_key.empty();
  if (tls && (o.tls_cert.empty() || o.tls_key.empty())) {
    return absl::InvalidArgumentError("--tls-cert and --tls-key: give both (PEM files)");
  }
  if (!tls && !o.tls_client_ca.empty()) {
    return absl::InvalidArgumentError("--tls-client-ca: needs --tls-cert and --tls-key");
  }
  const bool local = IsLocalAddress(o.listen);
  std::shared_ptr<TokenAuth> auth;
  if (!o.auth_tokens.empty()) {
    if (!tls && !local) return RefuseInTheClear("--auth-tokens", "tokens", o.listen);
    absl::StatusOr<std::string> text = ReadFile(o.auth_tokens, "--auth-tokens");
    if (!text.ok()) return text.status();
    absl::StatusOr<std::vector<TokenClient>> clients = ParseTokens(*text, "--auth-tokens");
    if (!clients.ok()) return clients.status();
    auth = std::make_shared<TokenAuth>(*std::move(clients), o.open_reflection);
  }
  if (tls) {
    grpc::SslServerCredentialsOptions ssl(
        o.tls_client_ca.empty() ? GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE
                                : GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY);
    absl::StatusOr<std::string> cert = ReadFile(o.tls_cert, "--tls-cert");
    if (!cert.ok()) return cert.status();
    absl::StatusOr<std::string> key = ReadFile(o.tls_key, "--tls-key");
    if (!key.ok()) return key.status();
    ssl.pem_key_cert_pairs.push_back({*key, *cert});
    if (!o.tls_client_ca.empty()) {
      absl::StatusOr<std::string> ca = ReadFile(o.tls_client_ca, "--tls-client-ca");
      if (!ca.ok()) return ca.status();
      ssl.pem_root_certs = *ca;
    }
    out.credentials = grpc::SslServerCredentials(ssl);
  } else if (auth) {
    // Plain text, but only from this machine: local credentials refuse other peers (behind the
    // gate, which listens on loopback, gRPC's peers are the gate's Unix sockets).
    out.credentials = grpc::experimental::LocalServerCredentials(
        o.relayed || absl::StartsWith(o.listen, "unix") ? UDS : LOCAL_TCP);
  } else {
    out.credentials = grpc::InsecureServerCredentials();
    if (!local) {
      out.warnings.push_back(absl::StrCat(
          "listening on ", o.listen,
          " without TLS: anyone on the network can read and send calls (give --tls-cert and "
          "--tls-key, and --auth-tokens)"));
    }
  }
  if (auth) out.credentials->SetAuthMetadataProcessor(auth);
  out.rules.tokens = auth;
  if (!o.front_door_secret.empty()) {
    if (!tls && !local) return RefuseInTheClear("--front-door-secret", "the secret", o.listen);
    absl::StatusOr<std::string> text = ReadFile(o.front_door_secret, "--front-door-secret");
    if (!text.ok()) return text.status();
    absl::StatusOr<std::string> secret = ParseSecret(*text, "--front-door-secret");
    if (!secret.ok()) return secret.status();
    out.rules.front_door = std::make_shared<FrontDoor>(*std::move(secret));
  }
  return out;
}

}  // namespace kibitzer::service
