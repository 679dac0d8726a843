// A blocking unary call by method name with raw bytes, for requests a typed stub cannot send (a
// message that does not parse) or services the tests have no stub for (health).
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>

#include "grpcpp/generic/generic_stub.h"
#include "grpcpp/grpcpp.h"

namespace kibitzer::testing {

// Calls `method` ("/package.Service/Method") with `request` bytes; the response's bytes go to
// `*response` (may be null). `context` carries the deadline and metadata.
inline grpc::Status GenericUnary(const std::shared_ptr<grpc::Channel>& channel,
                                 grpc::ClientContext* context, const std::string& method,
                                 const std::string& request, std::string* response) {
  grpc::GenericStub generic(channel);
  grpc::Slice slice(request);
  const grpc::ByteBuffer buffer(&slice, 1);
  grpc::ByteBuffer answer;
  std::mutex mu;
  std::condition_variable cv;
  bool done = false;
  grpc::Status status;
  generic.UnaryCall(context, method, grpc::StubOptions(), &buffer, &answer, [&](grpc::Status s) {
    std::lock_guard<std::mutex> lock(mu);
    status = std::move(s);
    done = true;
    cv.notify_all();
  });
  std::unique_lock<std::mutex> lock(mu);
  cv.wait(lock, [&] { return done; });
  grpc::Slice out;
  if (response != nullptr && status.ok() && answer.DumpToSingleSlice(&out).ok()) {
    response->assign(reinterpret_cast<const char*>(out.begin()), out.size());
  }
  return status;
}

}  // namespace kibitzer::testing
