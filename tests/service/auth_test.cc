// Remote use: bearer tokens (over loopback, and over TLS), TLS and mutual TLS, through a real
// kibitzerd. Certificates are made for the test with openssl.
#include "service/auth.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "grpc/health/v1/health.pb.h"
#include "grpcpp/grpcpp.h"
#include "gtest/gtest.h"
#include "kibitzer/v1/kibitzer.grpc.pb.h"
#include "tests/service/generic_call.h"
#include "tests/service/server_process.h"

namespace kibitzer::service {
namespace {

namespace pb = ::kibitzer::v1;
using testing::ServerProcess;

constexpr char kAlice[] = "alice-0123456789abcdef";
constexpr char kBob[] = "bob-0123456789abcdefgh";

// A folder of this test process's own, removed when the process ends.
std::string Dir() {
  struct Folder {
    Folder() {
      std::string d = (std::filesystem::temp_directory_path() / "kibitzer-auth-XXXXXX").string();
      path = mkdtemp(d.data());
    }
    ~Folder() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
    std::string path;
  };
  static const Folder folder;
  return folder.path;
}

std::string Write(const std::string& name, const std::string& text) {
  const std::string path = Dir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

std::string Read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string Tokens() {
  return Write("tokens",
               absl::StrCat("# test clients\nalice ", kAlice, " max-queries=1\nbob ", kBob, "\n"));
}

void Limit(grpc::ClientContext* c, const std::string& token = "") {
  c->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
  if (!token.empty()) c->AddMetadata("authorization", std::string("Bearer ") + token);
}

grpc::Status Info(pb::Kibitzer::Stub& stub, const std::string& token) {
  grpc::ClientContext c;
  Limit(&c, token);
  pb::EngineInfo info;
  return stub.GetEngineInfo(&c, pb::GetEngineInfoRequest(), &info);
}

std::unique_ptr<pb::Kibitzer::Stub> Insecure(const std::string& address) {
  grpc::ChannelArguments args;
  args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);  // a connection of its own
  return pb::Kibitzer::NewStub(
      grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args));
}

pb::AnalyzeRequest LongSearch() {
  pb::AnalyzeRequest r;
  r.mutable_position()->mutable_position()->set_game("tictactoe");
  r.mutable_position()->mutable_position()->set_variant("4x4");
  (*r.mutable_options())["use_tt"] = "false";
  return r;
}

TEST(Tokens, FileErrorsNameTheLine) {
  EXPECT_TRUE(ParseTokens("# c\n\nalice 0123456789abcdef max-queries=2\n", "f").ok());
  struct Case {
    const char* text;
    const char* message;
  };
  for (const Case& c : {Case{"alice short", "f: line 1: a token is 16 to 256"},
                        Case{"\nal/ice 0123456789abcdef", "f: line 2: a name is 1 to 64"},
                        Case{"a 0123456789abcdef\nb 0123456789abcdef", "token is given twice"},
                        Case{"a 0123456789abcdef max-queries=0", "max-queries=N"},
                        Case{"a", "expected NAME TOKEN"}, Case{"# nothing", "f: no tokens"}}) {
    const auto parsed = ParseTokens(c.text, "f");
    ASSERT_FALSE(parsed.ok()) << c.text;
    EXPECT_NE(parsed.status().message().find(c.message), std::string::npos) << parsed.status();
  }
  TokenAuth auth(*ParseTokens("alice 0123456789abcdef\nbob fedcba9876543210", "f"));
  ASSERT_NE(auth.Find("fedcba9876543210"), nullptr);
  EXPECT_EQ(auth.Find("fedcba9876543210")->name, "bob");
  EXPECT_EQ(auth.Find("fedcba987654321"), nullptr);
  EXPECT_EQ(auth.Find(""), nullptr);
}

TEST(Tokens, AreRefusedInTheClearOffLoopback) {
  EXPECT_TRUE(IsLocalAddress("127.0.0.1:50051"));
  EXPECT_TRUE(IsLocalAddress("[::1]:50051"));
  EXPECT_TRUE(IsLocalAddress("unix:/tmp/k.sock"));
  EXPECT_FALSE(IsLocalAddress("0.0.0.0:50051"));
  EXPECT_FALSE(IsLocalAddress("10.1.2.3:50051"));
  const auto refused = MakeServerSecurity({.listen = "0.0.0.0:50051", .auth_tokens = Tokens()});
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("--auth-tokens: tokens would cross the network"),
            std::string::npos);
  const auto warned = MakeServerSecurity({.listen = "0.0.0.0:50051"});
  ASSERT_TRUE(warned.ok());
  ASSERT_EQ(warned->warnings.size(), 1u);
  EXPECT_NE(warned->warnings[0].find("without TLS"), std::string::npos);
}

// With tokens, every call must bring a known one; a client is its token, whatever connection it
// uses: its searches can be stopped from its other connections and not by another token's; a
// token's own limit holds.
// The standard health check on `address`, with `token` ("" for none): the call's status, and the
// serving status it answered.
grpc::Status Health(const std::string& address, const std::string& token, int* serving) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  if (!token.empty()) context.AddMetadata("authorization", "Bearer " + token);
  std::string response;
  // An empty HealthCheckRequest: the whole server.
  const grpc::Status status =
      testing::GenericUnary(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()),
                            &context, "/grpc.health.v1.Health/Check", "", &response);
  grpc::health::v1::HealthCheckResponse answer;
  answer.ParseFromString(response);
  *serving = answer.status();
  return status;
}

// Probes send no token (Kubernetes' gRPC probe, a balancer's check): the health service answers
// them; every other call still needs one.
TEST(Tokens, TheHealthServiceAnswersWithoutAToken) {
  ServerProcess server({"--auth-tokens=" + Tokens(), "--threads=1"});
  ASSERT_TRUE(server.started());
  int serving = 0;
  const grpc::Status open = Health(server.address(), "", &serving);
  ASSERT_TRUE(open.ok()) << open.error_message();
  EXPECT_EQ(serving, grpc::health::v1::HealthCheckResponse::SERVING);
  EXPECT_TRUE(Health(server.address(), kAlice, &serving).ok());
  auto stub = Insecure(server.address());
  EXPECT_EQ(Info(*stub, "").error_code(), grpc::UNAUTHENTICATED);
}

TEST(Tokens, ACallNeedsAKnownTokenAndTheTokenIsTheClient) {
  ServerProcess server({"--auth-tokens=" + Tokens(), "--threads=2"});
  ASSERT_TRUE(server.started());
  auto one = Insecure(server.address()), two = Insecure(server.address());
  EXPECT_EQ(Info(*one, "").error_code(), grpc::UNAUTHENTICATED);
  EXPECT_EQ(Info(*one, "not-a-token-of-this-server").error_code(), grpc::UNAUTHENTICATED);
  ASSERT_TRUE(Info(*one, kAlice).ok());

  grpc::ClientContext context;
  Limit(&context, kAlice);
  auto reader = one->Analyze(&context, LongSearch());
  pb::SearchReport opening;
  ASSERT_TRUE(reader->Read(&opening));
  {  // alice's second search, on another connection: past her own limit of one
    grpc::ClientContext c;
    Limit(&c, kAlice);
    auto r = two->Analyze(&c, LongSearch());
    pb::SearchReport report;
    while (r->Read(&report)) {
    }
    EXPECT_EQ(r->Finish().error_code(), grpc::RESOURCE_EXHAUSTED);
  }
  pb::StopRequest stop;
  stop.set_search_id(opening.search_id());
  pb::StopResponse stopped;
  {
    grpc::ClientContext c;
    Limit(&c, kBob);
    EXPECT_EQ(two->Stop(&c, stop, &stopped).error_code(), grpc::NOT_FOUND);
  }
  {
    grpc::ClientContext c;
    Limit(&c, kAlice);
    EXPECT_TRUE(two->Stop(&c, stop, &stopped).ok());
  }
  pb::SearchReport report;
  while (reader->Read(&report)) {
  }
  EXPECT_TRUE(reader->Finish().ok());
  EXPECT_EQ(report.stop_reason(), pb::STOP_REASON_STOPPED);
}

// A CA, a server certificate for 127.0.0.1 and a client certificate for "carol", made by openssl.
class Tls : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::string d = Dir();
    const std::string script = absl::StrCat(
        "cd ", d, " && openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=test-ca ",
        "-keyout ca.key -out ca.pem && ",
        "openssl req -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -keyout server.key -out ",
        "server.csr && printf 'subjectAltName=IP:127.0.0.1\\n' ",
        "> san && openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial ",
        "-days 2 -extfile san -out server.pem && ",
        "openssl req -newkey rsa:2048 -nodes -subj /CN=carol -keyout client.key -out ",
        "client.csr && printf 'extendedKeyUsage=clientAuth\\n' > usage && ",
        "openssl x509 -req -in client.csr -CA ca.pem -CAkey ca.key ",
        "-CAcreateserial -days 2 -extfile usage -out client.pem && ",
        "openssl x509 -req -in client.csr -CA ca.pem -CAkey ca.key ",
        "-CAcreateserial -days 2 -out plain.pem) > /dev/null 2>&1");
    made_ = std::system(("(" + script).c_str()) == 0;
  }
  void SetUp() override {
    if (!made_) GTEST_SKIP() << "openssl could not make the test certificates";
  }
  static std::string File(const std::string& name) { return Dir() + "/" + name; }
  // `cert`: the client's certificate ("" for none) and its key.
  std::unique_ptr<pb::Kibitzer::Stub> Secure(const std::string& address, const std::string& cert,
                                             const std::string& key = "client.key") {
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = Read(File("ca.pem"));
    if (!cert.empty()) {
      ssl.pem_cert_chain = Read(File(cert));
      ssl.pem_private_key = Read(File(key));
    }
    grpc::ChannelArguments args;
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    return pb::Kibitzer::NewStub(
        grpc::CreateCustomChannel(address, grpc::SslCredentials(ssl), args));
  }
  static bool made_;
};
bool Tls::made_ = false;

TEST_F(Tls, TokensOverTlsAndPlainClientsRefused) {
  ServerProcess server({"--tls-cert=" + File("server.pem"), "--tls-key=" + File("server.key"),
                        "--auth-tokens=" + Tokens()});
  ASSERT_TRUE(server.started());
  auto secure = Secure(server.address(), "");
  EXPECT_TRUE(Info(*secure, kBob).ok());
  EXPECT_EQ(Info(*secure, "").error_code(), grpc::UNAUTHENTICATED);
  EXPECT_FALSE(Info(*Insecure(server.address()), kBob).ok());  // no TLS: no connection
}

// Mutual TLS: a client without a certificate the CA signed does not connect; one with it does,
// and is the name its certificate proves, from any of its connections.
TEST_F(Tls, MutualTlsNeedsTheClientsCertificate) {
  ServerProcess server({"--tls-cert=" + File("server.pem"), "--tls-key=" + File("server.key"),
                        "--tls-client-ca=" + File("ca.pem")});
  ASSERT_TRUE(server.started());
  EXPECT_FALSE(Info(*Secure(server.address(), ""), "").ok());
  auto one = Secure(server.address(), "client.pem"), two = Secure(server.address(), "client.pem");
  EXPECT_TRUE(Info(*one, "").ok());
  // A certificate the CA signed with no client use stated (the server's own, or carol's without
  // it) is no client's. (One stating another use, e.g. serverAuth, fails OpenSSL's handshake.)
  const grpc::Status as_server = Info(*Secure(server.address(), "server.pem", "server.key"), "");
  EXPECT_EQ(as_server.error_code(), grpc::UNAUTHENTICATED) << as_server.error_message();
  EXPECT_NE(as_server.error_message().find("clientAuth"), std::string::npos);
  EXPECT_EQ(Info(*Secure(server.address(), "plain.pem"), "").error_code(), grpc::UNAUTHENTICATED);
  // The client is the certificate's name: its other connection may stop its search.
  grpc::ClientContext context;
  Limit(&context);
  auto reader = one->Analyze(&context, LongSearch());
  pb::SearchReport report;
  ASSERT_TRUE(reader->Read(&report));
  grpc::ClientContext c;
  Limit(&c);
  pb::StopRequest stop;
  stop.set_search_id(report.search_id());
  pb::StopResponse stopped;
  EXPECT_TRUE(two->Stop(&c, stop, &stopped).ok());
  while (reader->Read(&report)) {
  }
  EXPECT_TRUE(reader->Finish().ok());
  EXPECT_EQ(report.stop_reason(), pb::STOP_REASON_STOPPED);
}

// The cap on connections holds under TLS as in the clear (kibitzerd relays the encrypted bytes):
// past it a client fails at once, and once a connection closes another is served.
TEST_F(Tls, TheConnectionCapHoldsUnderTls) {
  ServerProcess server({"--tls-cert=" + File("server.pem"), "--tls-key=" + File("server.key"),
                        "--max-connections=2"});
  ASSERT_TRUE(server.started());
  auto one = Secure(server.address(), ""), two = Secure(server.address(), "");
  ASSERT_TRUE(Info(*one, "").ok());
  ASSERT_TRUE(Info(*two, "").ok());
  const grpc::Status third = Info(*Secure(server.address(), ""), "");
  EXPECT_EQ(third.error_code(), grpc::UNAVAILABLE) << third.error_message();
  one.reset();  // its channel and connection go
  bool served = false;
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (!served && std::chrono::steady_clock::now() < until) {
    served = Info(*Secure(server.address(), ""), "").ok();
  }
  EXPECT_TRUE(served) << "no client was served after one closed";
  EXPECT_TRUE(Info(*two, "").ok());
}

}  // namespace
}  // namespace kibitzer::service
