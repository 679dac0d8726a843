#include "service/unparsed_request.h"

#include <chrono>

#include "absl/strings/str_cat.h"
#include "google/protobuf/descriptor.h"
#include "grpcpp/server_context.h"
#include "service/grpc_service.h"

namespace kibitzer::service {
namespace {

class UnparsedRequest final : public grpc::experimental::Interceptor {
 public:
  UnparsedRequest(const RequestLog* log, grpc::experimental::ServerRpcInfo* info,
                  std::string request_type)
      : log_(log),
        info_(info),
        request_type_(std::move(request_type)),
        started_(std::chrono::steady_clock::now()) {}

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    using grpc::experimental::InterceptionHookPoints;
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_STATUS)) {
      const grpc::Status status = methods->GetSendStatus();
      // Our handlers always say why; gRPC's own answer to a message it could not parse does not.
      if (status.error_code() == grpc::UNIMPLEMENTED && status.error_message().empty()) {
        // The same answer comes when the call ended before its message was read: its deadline
        // passed or the client cancelled it. Then the message was never looked at.
        const grpc::ServerContextBase* context = info_->server_context();
        const grpc::Status refused =
            context->deadline() <= std::chrono::system_clock::now()
                ? grpc::Status(grpc::DEADLINE_EXCEEDED,
                               "the deadline passed before the request was read")
            : context->IsCancelled()
                ? grpc::Status(grpc::CANCELLED, "the client cancelled before the request was read")
                : ToGrpc(absl::InvalidArgumentError(
                      absl::StrCat("request: the message does not parse as ", request_type_)));
        methods->ModifySendStatus(refused);
        const std::string method(info_->method());
        log_->Log(method.substr(method.rfind('/') + 1), info_->server_context()->peer(), refused,
                  started_, "");
      }
    }
    methods->Proceed();
  }

 private:
  const RequestLog* log_;
  grpc::experimental::ServerRpcInfo* info_;
  std::string request_type_;
  std::chrono::steady_clock::time_point started_;
};

}  // namespace

UnparsedRequestFactory::UnparsedRequestFactory(const RequestLog* log,
                                               const std::set<std::string>& services)
    : log_(log) {
  for (const std::string& name : services) {
    const google::protobuf::ServiceDescriptor* service =
        google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(name);
    if (service == nullptr) continue;
    for (int i = 0; i < service->method_count(); ++i) {
      const google::protobuf::MethodDescriptor* m = service->method(i);
      request_types_[absl::StrCat("/", name, "/", m->name())] = m->input_type()->full_name();
    }
  }
}

grpc::experimental::Interceptor* UnparsedRequestFactory::CreateServerInterceptor(
    grpc::experimental::ServerRpcInfo* info) {
  const auto it = request_types_.find(info->method());
  if (it == request_types_.end()) return nullptr;
  return new UnparsedRequest(log_, info, it->second);
}

}  // namespace kibitzer::service
