#include "clients/cli/commands.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "absl/strings/str_split.h"
#include "bench/bench.h"
#include "clients/cli/bbo_link.h"
#include "clients/cli/output.h"
#include "service/error_model.h"

namespace kibitzer::cli {

absl::StatusOr<std::string> ReadTextFile(const std::string& path, const char* flag) {
  std::ifstream in(path);
  if (!in) {
    return absl::InvalidArgumentError(absl::StrCat("--", flag, ": cannot read '", path, "'"));
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

namespace {
bool json_errors = false;
}  // namespace

void SetJsonErrors(bool json) { json_errors = json; }

int Fail(const absl::Status& status) {
  const std::string message(status.message());
  if (json_errors) {
    // The error as the server's status details have it: code, message, the field violated.
    std::fprintf(stderr, "%s\n", JsonLine(service::RpcStatusOf(status, message)).c_str());
  } else {
    std::fprintf(stderr, "kibitz: %s\n", message.c_str());
  }
  return status.code() == absl::StatusCode::kInvalidArgument ||
                 status.code() == absl::StatusCode::kNotFound
             ? 2
             : 1;
}

// Fills a map from "key=value" items; a malformed item is an error naming the flag.
absl::Status FillMap(const std::vector<std::string>& items, const char* flag,
                     google::protobuf::Map<std::string, std::string>* out) {
  for (const auto& item : items) {
    std::pair<std::string, std::string> kv = absl::StrSplit(item, absl::MaxSplits('=', 1));
    if (kv.first.empty() || item.find('=') == std::string::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("--", flag, ": '", item, "' is not of the form key=value"));
    }
    (*out)[kv.first] = kv.second;
  }
  return absl::OkStatus();
}

absl::StatusOr<pb::Position> MakePosition(const CommandOptions& o) {
  pb::Position p;
  p.set_game(o.game);
  p.set_variant(o.variant);
  p.set_notation(o.notation);
  for (const auto& m : o.moves) p.add_moves(m);
  p.set_seat(o.seat);
  if (absl::Status s = FillMap(o.position_options, "position-option", p.mutable_options());
      !s.ok()) {
    return s;
  }
  return p;
}

absl::StatusOr<pb::PositionRef> MakeRef(const CommandOptions& o) {
  pb::PositionRef ref;
  if (!o.position_id.empty()) {
    ref.set_position_id(o.position_id);
    return ref;
  }
  absl::StatusOr<pb::Position> p = MakePosition(o);
  if (!p.ok()) return p.status();
  *ref.mutable_position() = *std::move(p);
  return ref;
}

namespace {

// --link: a bridge position's hand-viewer URL, with the dealer and vulnerability it names; for
// the position the command was given (`given`) as a record, the record's own.
void PrintLink(const CommandOptions& o, const pb::Position& p, bool given) {
  if (!o.link || p.game() != "bridge") return;
  const auto option = [&p](const char* name) {
    const auto it = p.options().find(name);
    return it == p.options().end() ? std::string() : it->second;
  };
  // A record given as the position: the deal as dealt, with its auction and play.
  std::string url = given ? HandViewerRecordUrl(o.notation) : "";
  if (url.empty()) url = HandViewerUrl(p.notation(), option("dealer"), option("vulnerable"));
  if (!url.empty()) std::printf("link: %s\n", url.c_str());
}

}  // namespace

int RunInfo(Transport& t, const CommandOptions& o) {
  absl::StatusOr<pb::EngineInfo> info = t.GetEngineInfo();
  if (!info.ok()) return Fail(info.status());
  o.json ? PrintJson(*info) : PrintInfo(*info);
  return 0;
}

int RunHealth(Transport& t) {
  absl::StatusOr<bool> serving = t.Serving();
  if (!serving.ok()) return Fail(serving.status());
  std::printf("%s\n", *serving ? "SERVING" : "NOT_SERVING");
  return *serving ? 0 : 1;
}

int RunStop(Transport& t, const std::string& search_id) {
  if (search_id.empty()) {
    return Fail(absl::InvalidArgumentError("search_id: give the id of the search to stop"));
  }
  pb::StopRequest request;
  request.set_search_id(search_id);
  absl::StatusOr<pb::StopResponse> r = t.Stop(request);
  if (!r.ok()) return Fail(r.status());
  std::printf("stopped %s\n", search_id.c_str());
  return 0;
}

int RunSetup(Transport& t, const CommandOptions& o) {
  absl::StatusOr<pb::Position> p = MakePosition(o);
  if (!p.ok()) return Fail(p.status());
  pb::SetupPositionRequest request;
  *request.mutable_position() = *std::move(p);
  absl::StatusOr<pb::SetupPositionResponse> r = t.SetupPosition(request);
  if (!r.ok()) return Fail(r.status());
  if (o.json) {
    PrintJson(*r);
    return 0;
  }
  PrintSetup(*r);
  PrintLink(o, r->position(), /*given=*/true);
  return 0;
}

int RunDeal(Transport& t, const CommandOptions& o) {
  absl::StatusOr<pb::PositionRef> ref = MakeRef(o);
  if (!ref.ok()) return Fail(ref.status());
  pb::DealRequest request;
  *request.mutable_position() = *std::move(ref);
  for (const auto& f : o.fixed) request.add_fixed(f);
  request.set_constraints(o.constraints);
  request.set_count(o.count);
  request.set_seed(o.seed);
  absl::StatusOr<pb::DealResponse> r = t.Deal(request);
  if (!r.ok()) return Fail(r.status());
  if (o.json) {
    PrintJson(*r);
    return 0;
  }
  PrintDeal(*r);
  for (const pb::Position& layout : r->layouts()) PrintLink(o, layout, /*given=*/false);
  return 0;
}

int RunSearch(Transport& t, const CommandOptions& o, bool best_move,
              const std::atomic<bool>* interrupt) {
  absl::StatusOr<pb::PositionRef> ref = MakeRef(o);
  if (!ref.ok()) return Fail(ref.status());
  pb::AnalyzeRequest request;
  *request.mutable_position() = *std::move(ref);
  if (absl::Status s = FillSearchFields(o, &request); !s.ok()) return Fail(s);
  for (const auto& c : o.candidates) request.mutable_limits()->add_candidate_moves(c);
  for (const auto& f : o.fixed) request.add_fixed(f);
  // Constraints on the sampled layouts (Monte Carlo) travel as the search option "constraints".
  if (!o.constraints.empty()) (*request.mutable_options())["constraints"] = o.constraints;
  absl::StatusOr<pb::SearchReport> final_report = t.Search(
      request, best_move,
      [&](const pb::SearchReport& r) {
        if (o.json) {
          PrintJson(r);
        } else if (!r.final()) {
          PrintProgress(r);
        }
      },
      interrupt);
  if (!final_report.ok()) return Fail(final_report.status());
  if (!o.json) PrintFinal(*final_report, best_move);
  return final_report->stop_reason() == pb::STOP_REASON_ERROR ? 1 : 0;
}

int RunBench(Transport& t, const CommandOptions& o) {
  absl::StatusOr<bench::BenchResult> result = bench::RunBench([&](const bench::BenchCase& c) {
    return t.Search(
        c.request, c.best_move, [](const pb::SearchReport&) {}, nullptr);
  });
  if (!result.ok()) return Fail(result.status());
  if (!o.json) {
    for (const auto& line : result->lines) {
      std::printf("%-24s best %-4s nodes %10lld  %8.1f ms\n", line.name.c_str(),
                  line.best_move.c_str(), static_cast<long long>(line.nodes), line.seconds * 1e3);
    }
  }
  const double nps = result->seconds > 0 ? static_cast<double>(result->nodes) / result->seconds : 0;
  std::printf("Total time (ms): %.0f\n", result->seconds * 1e3);
  std::printf("Nodes searched: %lld\n", static_cast<long long>(result->nodes));
  std::printf("Nodes/second: %.0f\n", nps);
  return 0;
}

}  // namespace kibitzer::cli
