#include "clients/cli/output.h"

#include <string>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/util/json_util.h"

namespace kibitzer::cli {
namespace {

const char* BoundName(pb::Bound bound) {
  switch (bound) {
    case pb::BOUND_EXACT:
      return "exact";
    case pb::BOUND_LOWER:
      return ">=";
    case pb::BOUND_UPPER:
      return "<=";
    case pb::BOUND_ESTIMATE:
      return "estimate";
    default:
      return "?";
  }
}

std::string StopName(pb::StopReason reason) {
  std::string name = pb::StopReason_Name(reason);
  const std::string prefix = "STOP_REASON_";
  if (name.rfind(prefix, 0) == 0) name = name.substr(prefix.size());
  for (char& c : name) c = static_cast<char>(c == '_' ? ' ' : std::tolower(c));
  return name;
}

std::string Human(int64_t n) {
  if (n >= 10'000'000) return absl::StrFormat("%.1fM", static_cast<double>(n) / 1e6);
  if (n >= 10'000) return absl::StrFormat("%.1fk", static_cast<double>(n) / 1e3);
  return absl::StrCat(n);
}

void PrintOptions(const char* title,
                  const google::protobuf::RepeatedPtrField<pb::OptionInfo>& options) {
  if (options.empty()) return;
  std::printf("  %s:\n", title);
  for (const auto& o : options) {
    std::printf("    %-18s default %-8s %s\n", o.name().c_str(), o.default_value().c_str(),
                o.description().c_str());
  }
}

}  // namespace

std::string JsonLine(const google::protobuf::Message& message) {
  std::string json;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  (void)google::protobuf::util::MessageToJsonString(message, &json, options);
  return json;
}

void PrintJson(const google::protobuf::Message& message, std::FILE* out) {
  std::fprintf(out, "%s\n", JsonLine(message).c_str());
  std::fflush(out);
}

void PrintInfo(const pb::EngineInfo& info) {
  std::printf("%s %s\n", info.name().c_str(), info.version().c_str());
  for (const auto& g : info.games()) {
    std::printf("\n%s (%s): %s\n", g.name().c_str(), g.display_name().c_str(),
                g.description().c_str());
    std::vector<std::string> variants;
    for (const auto& v : g.variants()) variants.push_back(v.name());
    std::printf("  variants: %s\n", absl::StrJoin(variants, ", ").c_str());
    std::printf("  seats: %s\n", absl::StrJoin(g.seats(), ", ").c_str());
    std::printf("  position: %s\n", g.position_notation().c_str());
    std::printf("  moves: %s\n", g.move_notation().c_str());
    std::printf("  values: %s\n", g.value_description().c_str());
    PrintOptions("position options", g.position_options());
    PrintOptions("search options", g.search_options());
  }
  const pb::ServerLimits& l = info.limits();
  std::printf(
      "\nlimits: %d searches at once (%d per client) on %d threads, %d positions held for %llds, "
      "search at most %lld ms, table at most %d MiB, %d layouts per deal\n",
      l.max_queries(), l.max_queries_per_client(), l.worker_threads(), l.max_positions(),
      static_cast<long long>(l.position_ttl_seconds()),
      static_cast<long long>(l.max_search_time_ms()), l.max_hash_mb(), l.max_deal_count());
  if (l.time_slice_ms() > 0) {
    std::printf("clients take the workers in turns of %lld ms\n",
                static_cast<long long>(l.time_slice_ms()));
  }
  if (l.max_queue_time_ms() > 0) {
    std::printf("a search waits at most %lld ms for a worker\n",
                static_cast<long long>(l.max_queue_time_ms()));
  }
  if (l.max_memory_mb() > 0) {
    std::printf("all tables together at most %lld MiB\n",
                static_cast<long long>(l.max_memory_mb()));
  }
}

void PrintSetup(const pb::SetupPositionResponse& r) {
  std::printf("position: %s (%s) %s\n", r.position().game().c_str(), r.position().variant().c_str(),
              r.position().notation().c_str());
  if (!r.position().moves().empty()) {
    std::printf("then: %s\n", absl::StrJoin(r.position().moves(), " ").c_str());
  }
  for (const auto& [name, value] : r.position().options()) {
    std::printf("%s: %s\n", name.c_str(), value.c_str());
  }
  std::printf("id: %s (kept %llds after last use)\n", r.position_id().c_str(),
              static_cast<long long>(r.ttl_seconds()));
  if (r.terminal()) {
    std::printf("game over: %s\n", r.outcome().c_str());
  } else {
    std::printf("to move: %s\n", r.side_to_move().c_str());
    std::printf("legal moves: %s\n", absl::StrJoin(r.legal_moves(), " ").c_str());
  }
  for (const auto& k : r.knowledge().known()) std::printf("known: %s\n", k.c_str());
  for (const auto& h : r.knowledge().hidden()) std::printf("hidden: %s\n", h.c_str());
  if (!r.record().empty()) std::printf("record:\n%s", r.record().c_str());
}

void PrintDeal(const pb::DealResponse& r) {
  for (int i = 0; i < r.layouts_size(); ++i) {
    std::printf("%d: %s\n", i + 1, r.layouts(i).notation().c_str());
  }
  std::printf("%d layout%s%s, %lld rejected\n", r.layouts_size(), r.layouts_size() == 1 ? "" : "s",
              r.exhaustive() ? " (all there are)" : "", static_cast<long long>(r.rejected()));
}

void PrintProgress(const pb::SearchReport& r) {
  if (r.sequence() == 0) {
    std::fprintf(stderr, "search %s started\n", r.search_id().c_str());
    return;
  }
  std::string best;
  if (!r.moves().empty()) {
    best = absl::StrFormat(" best %s (%s)", r.moves(0).move(), r.moves(0).display());
  }
  std::fprintf(stderr, "depth %d nodes %s nps %s time %lld ms%s\n", r.depth(),
               Human(r.nodes()).c_str(), Human(r.nodes_per_second()).c_str(),
               static_cast<long long>(r.elapsed_ms()), best.c_str());
}

void PrintFinal(const pb::SearchReport& r, bool best_move) {
  if (!best_move) {
    std::printf("%-6s %7s %-8s %5s  %-16s %s\n", "move", "value", "bound", "depth", "", "pv");
    for (const auto& m : r.moves()) {
      std::printf("%-6s %7.3f %-8s %5d  %-16s %s\n", m.move().c_str(), m.value(),
                  BoundName(m.bound()), m.depth(), m.display().c_str(),
                  absl::StrJoin(m.pv(), " ").c_str());
    }
  }
  if (!r.moves().empty()) {
    std::printf("bestmove %s (%s)\n", r.best_move().c_str(), r.moves(0).display().c_str());
  }
  std::printf("stop: %s, depth %d, nodes %lld, %lld nodes/s, %lld ms\n",
              StopName(r.stop_reason()).c_str(), r.depth(), static_cast<long long>(r.nodes()),
              static_cast<long long>(r.nodes_per_second()), static_cast<long long>(r.elapsed_ms()));
  for (const auto& s : r.statistics()) {
    std::printf("%s: %.0f (%s)\n", s.name().c_str(), s.value(), s.description().c_str());
  }
  if (!r.message().empty()) std::printf("note: %s\n", r.message().c_str());
}

}  // namespace kibitzer::cli
