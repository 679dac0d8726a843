#include "service/validate.h"

#include "absl/strings/str_cat.h"
#include "engine/core/quote.h"

namespace kibitzer::service {
namespace {

constexpr size_t kMaxMoveBytes = 64;
constexpr size_t kMaxNameBytes = 64;  // games, variants, seats
constexpr size_t kMaxIdBytes = 128;   // ids: "s-" + a replica's name (63) + "-" + 32 digits
constexpr int kMaxOptions = 64;
constexpr size_t kMaxOptionBytes = 1024;
constexpr int kMaxDepth = 1000;
constexpr int kMaxPriority = 10;
constexpr int kMaxIntervalMs = 3'600'000;
constexpr int64_t kMaxNodes = int64_t{1} << 50;
constexpr size_t kMaxConstraintBytes = 64 * 1024;
constexpr int kMaxFixed = 64;

absl::Status Bad(const std::string& field, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat(field, ": ", why));
}

template <typename T>
absl::Status InRange(const std::string& field, T value, T lo, T hi, const std::string& what) {
  if (value < lo) return Bad(field, absl::StrCat("must be at least ", lo, ", got ", value));
  if (value > hi) return Bad(field, absl::StrCat(value, " exceeds ", what, " of ", hi));
  return absl::OkStatus();
}

absl::Status CheckOptions(const google::protobuf::Map<std::string, std::string>& opts,
                          const std::string& field) {
  if (static_cast<int>(opts.size()) > kMaxOptions) {
    return Bad(field, absl::StrCat(opts.size(), " options, at most ", kMaxOptions));
  }
  for (const auto& [k, v] : opts) {
    if (k.size() > kMaxOptionBytes || v.size() > kMaxOptionBytes) {
      return Bad(absl::StrCat(field, "[", core::Quote(k, 32), "]"),
                 absl::StrCat("longer than ", kMaxOptionBytes, " bytes"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ValidateId(const std::string& id, const std::string& field) {
  if (id.empty()) return Bad(field, "required");
  if (id.size() > kMaxIdBytes) {
    return Bad(field, absl::StrCat("too long: ", id.size(), " bytes, at most ", kMaxIdBytes));
  }
  return absl::OkStatus();
}

absl::Status ValidatePosition(const pb::Position& position, const ApiOptions& options,
                              const std::string& field) {
  if (position.game().empty()) return Bad(field + ".game", "required");
  if (position.game().size() > kMaxNameBytes) {
    return Bad(field + ".game", absl::StrCat("too long: ", position.game().size(),
                                             " bytes, at most ", kMaxNameBytes));
  }
  if (position.notation().size() > static_cast<size_t>(options.max_notation_bytes)) {
    return Bad(field + ".notation", absl::StrCat("too long: ", position.notation().size(),
                                                 " bytes, at most ", options.max_notation_bytes));
  }
  if (position.moves_size() > options.max_moves) {
    return Bad(field + ".moves", absl::StrCat("too many: ", position.moves_size(),
                                              " moves, at most ", options.max_moves));
  }
  for (int i = 0; i < position.moves_size(); ++i) {
    if (position.moves(i).size() > kMaxMoveBytes) {
      return Bad(absl::StrCat(field, ".moves[", i, "]"),
                 absl::StrCat("too long: more than ", kMaxMoveBytes, " bytes"));
    }
  }
  if (position.seat().size() > kMaxNameBytes) return Bad(field + ".seat", "too long");
  if (position.variant().size() > kMaxNameBytes) return Bad(field + ".variant", "too long");
  return CheckOptions(position.options(), field + ".options");
}

absl::Status ValidateSearch(const SearchFields& f, const ApiOptions& options) {
  const pb::Limits& l = f.limits;
  const int64_t max_ms = options.max_search_time.count();
  if (auto s = InRange<int64_t>("limits.time_ms", l.time_ms(), 0, max_ms,
                                "the server's longest search (ms)");
      !s.ok()) {
    return s;
  }
  if (auto s = InRange<int64_t>("limits.nodes", l.nodes(), 0, kMaxNodes, "the largest node limit");
      !s.ok()) {
    return s;
  }
  if (auto s = InRange<int32_t>("limits.depth", l.depth(), 0, kMaxDepth, "the deepest search");
      !s.ok()) {
    return s;
  }
  if (auto s = InRange<int64_t>("limits.samples", l.samples(), 0, options.max_samples,
                                "the server's most samples");
      !s.ok()) {
    return s;
  }
  if (l.candidate_moves_size() > options.max_moves) {
    return Bad("limits.candidate_moves", absl::StrCat("too many: ", l.candidate_moves_size(),
                                                      ", at most ", options.max_moves));
  }
  for (int i = 0; i < l.candidate_moves_size(); ++i) {
    if (l.candidate_moves(i).size() > kMaxMoveBytes) {
      return Bad(absl::StrCat("limits.candidate_moves[", i, "]"), "too long");
    }
  }
  if (auto s = InRange<int32_t>("progress_interval_ms", f.progress_interval_ms, 0, kMaxIntervalMs,
                                "the longest interval");
      !s.ok()) {
    return s;
  }
  if (auto s = InRange<int32_t>("priority", f.priority, -kMaxPriority, kMaxPriority,
                                "the highest priority");
      !s.ok()) {
    return s;
  }
  if (auto s =
          InRange<int32_t>("threads", f.threads, 0, options.threads, "the server's worker threads");
      !s.ok()) {
    return s;
  }
  if (auto s = InRange<int32_t>("hash_mb", f.hash_mb, 0, options.max_hash_mb,
                                "the server's largest table (MiB)");
      !s.ok()) {
    return s;
  }
  return CheckOptions(f.options, "options");
}

absl::Status ValidateDeal(const pb::DealRequest& request, const ApiOptions& options) {
  if (auto s = InRange<int32_t>("count", request.count(), 0, options.max_deal_count,
                                "the server's most layouts per call");
      !s.ok()) {
    return s;
  }
  if (request.fixed_size() > kMaxFixed) {
    return Bad("fixed", absl::StrCat("too many: ", request.fixed_size(), ", at most ", kMaxFixed));
  }
  for (int i = 0; i < request.fixed_size(); ++i) {
    if (request.fixed(i).size() > kMaxOptionBytes) {
      return Bad(absl::StrCat("fixed[", i, "]"), "too long");
    }
  }
  if (request.constraints().size() > kMaxConstraintBytes) {
    return Bad("constraints", absl::StrCat("too long: ", request.constraints().size(),
                                           " bytes, at most ", kMaxConstraintBytes));
  }
  return absl::OkStatus();
}

}  // namespace kibitzer::service
