// A request message that does not parse never reaches a handler: gRPC answers it UNIMPLEMENTED
// with no message and nothing is logged. This server interceptor turns that answer, for the
// server's own methods, into INVALID_ARGUMENT naming the method's request type, and logs it.
#pragma once

#include <map>
#include <set>
#include <string>

#include "grpcpp/support/server_interceptor.h"
#include "service/request_log.h"

namespace kibitzer::service {

class UnparsedRequestFactory final : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  // `services`: full names of the services whose methods are watched ("kibitzer.v1.Kibitzer").
  UnparsedRequestFactory(const RequestLog* log, const std::set<std::string>& services);
  grpc::experimental::Interceptor* CreateServerInterceptor(
      grpc::experimental::ServerRpcInfo* info) override;

 private:
  const RequestLog* log_;
  std::map<std::string, std::string> request_types_;  // "/pkg.Service/Method" -> request type
};

}  // namespace kibitzer::service
