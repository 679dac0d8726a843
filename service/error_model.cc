#include "service/error_model.h"

#include "absl/strings/ascii.h"
#include "google/rpc/error_details.pb.h"

namespace kibitzer::service {
namespace {

bool IsNameChar(char c) { return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Length of the field path at the start of `text` (0 if none): names joined by '.', each
// followed by any number of "[...]" keys (a key may hold anything but ']').
size_t PathLength(std::string_view text) {
  size_t i = 0;
  while (true) {
    const size_t name = i;
    while (i < text.size() && IsNameChar(text[i])) ++i;
    if (i == name || absl::ascii_isdigit(static_cast<unsigned char>(text[name]))) return 0;
    while (i < text.size() && text[i] == '[') {
      const size_t close = text.find(']', i + 1);
      if (close == std::string_view::npos) return 0;
      i = close + 1;
    }
    if (i < text.size() && text[i] == '.') {
      ++i;
      continue;
    }
    return i;
  }
}

}  // namespace

std::optional<FieldViolation> FieldOf(std::string_view message) {
  const size_t n = PathLength(message);
  if (n == 0 || message.substr(n, 2) != ": ") return std::nullopt;
  return FieldViolation{std::string(message.substr(0, n)), std::string(message.substr(n + 2))};
}

bool IsFieldError(const absl::Status& status) {
  switch (status.code()) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kNotFound:
    case absl::StatusCode::kOutOfRange:
    case absl::StatusCode::kFailedPrecondition:
      return true;
    case absl::StatusCode::kResourceExhausted:
    case absl::StatusCode::kPermissionDenied:
      return FieldOf({status.message().data(), status.message().size()}).has_value();
    default:
      return false;
  }
}

google::rpc::Status RpcStatusOf(const absl::Status& status, std::string_view message) {
  google::rpc::Status out;
  out.set_code(static_cast<int>(status.code()));
  out.set_message(std::string(message));
  if (!IsFieldError(status)) return out;
  google::rpc::BadRequest bad;
  google::rpc::BadRequest::FieldViolation* v = bad.add_field_violations();
  if (std::optional<FieldViolation> f = FieldOf(message)) {
    v->set_field(f->field);
    v->set_description(f->description);
  } else {
    v->set_description(std::string(message));
  }
  out.add_details()->PackFrom(bad);
  return out;
}

}  // namespace kibitzer::service
